"""In a real browser: the admin's history pages break no Content-Security-Policy rule."""

import pytest
from django.contrib.auth.models import User
from django.test import Client

from articles.models import Article

pytestmark = pytest.mark.browser


@pytest.fixture
def staff_page(page, seeded_server):
    """The shared browser page, signed in as a superuser."""
    admin = User.objects.create_superuser("site-admin", password="pw-for-tests")
    client = Client()
    client.force_login(admin)
    page.context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": seeded_server}]
    )
    return page


def test_an_articles_history_in_the_admin_shows_without_a_csp_violation(staff_page, seeded_server):
    page = staff_page
    article = Article.objects.get(key="nmjl-6")
    page.goto(f"{seeded_server}/admin/articles/article/{article.pk}/history/")
    assert page.locator("#change-history").count() == 1
    # The part that had an inline style looks as it did, from the site's stylesheet.
    border = page.locator("p.paginator").evaluate("p => getComputedStyle(p).borderTopWidth")
    assert border == "0px"
    assert page.console_errors == []
