"""Atom feeds: the site's recent changes and each article's changes, linked from the pages."""

from xml.etree import ElementTree

from django.test import Client
from django.urls import reverse

from articles.wiki.page_history import page_history
from tests.wiki.conftest import logged_in

ATOM = "{http://www.w3.org/2005/Atom}"


def entries(url):
    response = Client().get(url)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/atom+xml")
    feed = ElementTree.fromstring(response.content)
    return [
        {
            "title": entry.find(f"{ATOM}title").text,
            "link": entry.find(f"{ATOM}link").get("href"),
            "summary": (entry.find(f"{ATOM}summary").text or ""),
        }
        for entry in feed.findall(f"{ATOM}entry")
    ]


def test_an_edit_through_the_wiki_is_in_the_articles_feed_linked_to_its_version(
    article, commentary, editor
):
    client = logged_in(editor)
    edit = reverse("articles:commentary-edit", args=[commentary.pk])
    form = client.get(edit).context["form"]
    response = client.post(
        edit,
        {
            "body": "A clearer commentary.",
            "author": "",
            "reviewed_on": "",
            "edit_summary": "Clearer",
            "base_version": form.initial["base_version"],
        },
    )
    assert response.status_code == 302, response.content[:400]
    newest = entries(reverse("articles:article-feed", args=[article.key]))[0]
    number = len(page_history(article))
    assert newest["title"] == f"Version {number}: Commentary ¶1 changed"
    assert newest["link"].endswith(reverse("articles:article-version", args=[article.key, number]))
    assert "Clearer" in newest["summary"]


def test_recent_changes_have_a_feed_linked_from_the_page(article, commentary):
    titles = [entry["title"] for entry in entries(reverse("articles:recent-changes-feed"))]
    assert any(title.startswith("Commentary on Article 6") for title in titles)
    page = Client().get(reverse("articles:recent-changes")).content.decode()
    assert 'type="application/atom+xml"' in page and reverse("articles:recent-changes-feed") in page


def test_the_article_page_links_its_feed_in_its_head(article):
    page = Client().get(article.get_absolute_url()).content.decode()
    head = page[: page.index("</head>")]
    assert f'href="{reverse("articles:article-feed", args=[article.key])}"' in head


def test_an_unpublished_article_has_no_feed(article):
    article.is_published = False
    article.save()
    assert Client().get(reverse("articles:article-feed", args=[article.key])).status_code == 404
