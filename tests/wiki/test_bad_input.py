"""Nothing a user can type produces a server error."""

from django.test import Client
from django.urls import reverse

from tests.wiki.conftest import logged_in

HUGE = "9" * 30


def test_out_of_range_versions_and_ids_are_not_found_not_server_errors(article, commentary):
    client = Client(raise_request_exception=False)
    compare = reverse("articles:article-compare", args=[article.key])
    assert client.get(f"{compare}?a={HUGE}&b=1").status_code in (302, 404)
    assert client.get(f"/commentary/{HUGE}/history/").status_code == 404


def test_an_editor_posting_out_of_range_values_gets_a_page_not_a_server_error(
    article, commentary, editor
):
    client = logged_in(editor)
    client.raise_request_exception = False
    restore = f"/articles/{article.key}/restore/{HUGE}/"
    assert client.post(restore).status_code == 404
    url = reverse("articles:commentary-edit", args=[commentary.pk])
    response = client.post(url, {"body": "Mine.", "base_version": HUGE})
    assert response.status_code in (200, 409)
    response = client.post(url, {"body": "x" * 200_000, "edit_summary": "y" * 500})
    assert response.status_code == 200  # the summary is too long: a form error
    assert "at most 100 characters" in response.content.decode()


def test_a_new_article_link_with_a_key_that_is_no_slug_opens_an_empty_form(nmjl, editor):
    # PostgreSQL refuses a NUL byte in a query: such a key never reaches the view (a 400
    # before it, pagecache.nul_bytes), and a key that is no slug is not looked up.
    client = logged_in(editor)
    client.raise_request_exception = False
    for key in ("\x00", "nmjl\x00-24"):
        assert client.get(reverse("articles:article-create"), {"key": key}).status_code == 400
    response = client.get(reverse("articles:article-create"), {"key": "nmjl 24"})
    assert response.status_code == 200
    assert response.context["form"].initial == {}
