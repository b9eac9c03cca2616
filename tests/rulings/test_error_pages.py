"""The site's own error pages: 403 says why and offers a login, 404 keeps the site around the
reader, 500 is static HTML that needs neither the database nor a context processor."""

from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.models import AnonymousUser, User
from django.core.exceptions import PermissionDenied
from django.test import RequestFactory
from django.views.defaults import permission_denied, server_error

from rulings.models import Scenario
from tests.rulings.conftest import CALLING

pytestmark = pytest.mark.django_db


@pytest.fixture
def calling(article):
    return Scenario.objects.create(slug="calling", title="Calling a discard", text=CALLING)


def test_a_refused_user_reads_the_reason_the_view_gave_on_the_site_page(client, calling):
    client.force_login(User.objects.create_user("reader", password="pw-for-tests"))
    response = client.get("/scenarios/calling/edit/")
    assert response.status_code == 403
    page = response.content.decode()
    assert "Writing scenarios needs the Editors or the Tournament directors group." in page
    assert 'class="site-header"' in page  # the site's own page, from base.html
    assert "/accounts/login/?next=" not in page  # already logged in


def test_an_anonymous_visitor_refused_is_offered_a_login_that_comes_back():
    # Django's 403 handler renders 403.html with the request and the exception's words.
    request = RequestFactory().get("/somewhere/")
    request.user = AnonymousUser()
    response = permission_denied(request, PermissionDenied("Editing needs the Editors group."))
    page = response.content.decode()
    assert response.status_code == 403
    assert "Editing needs the Editors group." in page
    assert 'href="/accounts/login/?next=/somewhere/"' in page


def test_a_missing_page_is_a_404_on_the_sites_own_page(client):
    response = client.get("/no-such-page-here/")
    assert response.status_code == 404
    page = response.content.decode()
    assert "Page not found" in page and "/no-such-page-here/" in page
    assert 'class="site-header"' in page


def test_a_server_error_page_is_static_and_asks_nothing_of_the_database(
    django_assert_num_queries,
):
    with django_assert_num_queries(0):
        response = server_error(RequestFactory().get("/"))
    page = response.content.decode()
    assert response.status_code == 500
    assert "Something went wrong on our side" in page
    assert f'href="{settings.STATIC_URL}css/site.css"' in page
    source = (Path(settings.BASE_DIR) / "templates" / "500.html").read_text()
    assert "{% extends" not in source and "{% url" not in source
