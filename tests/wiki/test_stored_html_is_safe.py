"""Whatever an editor types, the stored HTML of every kind of page runs no script."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.wiki.test_markup import XSS_PAYLOADS, elements_of

DANGEROUS_TAGS = {"script", "svg", "iframe", "object", "embed", "style", "div", "form"}


def assert_harmless(html):
    for tag, attributes in elements_of(html):
        assert tag not in DANGEROUS_TAGS
        for name, value in attributes.items():
            assert not name.startswith("on") and name != "style", (tag, name)
            if name in {"href", "src"} and ":" in value:
                assert value.split(":", 1)[0].lower() in {"http", "https", "mailto"}, value


@pytest.mark.parametrize(
    ("fixture", "source", "target"),
    [
        ("article", "body", "body_html"),
        ("commentary", "body", "body_html"),
        ("question", "answer", "answer_html"),
        ("term", "definition", "definition_html"),
    ],
)
def test_every_stored_text_is_sanitised(request, fixture, source, target):
    obj = request.getfixturevalue(fixture)
    setattr(obj, source, "\n\n".join(XSS_PAYLOADS))
    obj.save()
    obj.refresh_from_db()
    assert_harmless(getattr(obj, target))


def test_a_script_in_an_edit_summary_shows_as_text_in_history_and_recent_changes(article):
    article._change_reason = "<script>alert(1)</script>"
    article.body = "Changed."
    article.save()
    for url in (
        reverse("articles:article-history", args=[article.key]),
        reverse("articles:recent-changes"),
    ):
        html = Client().get(url).content.decode()
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
        assert "<script>alert(1)" not in html
