"""What an editor meets around a save on the article page: "Saved." beside the part they
saved (where the page comes back scrolled to), one edit link per part naming what it edits,
and old links to versions that still lead to the version they named."""

import re

import pytest
from django.urls import reverse

from articles.models import Article
from tests.seeding import seed
from tests.wiki.conftest import logged_in

pytestmark = pytest.mark.django_db


@pytest.fixture
def article_6(db):
    seed()
    return Article.objects.get(key="nmjl-6")


def part(html, anchor):
    """The HTML of one part of the article page: from its element to the next part's."""
    start = html.index(f'id="{anchor}"')
    ends = [html.find(end, start + 1) for end in ('class="commentary__part"', "</section>")]
    return html[start : min(end for end in ends if end != -1)]


def top_messages(html):
    found = re.search(r'<ul class="messages">.*?</ul>', html, re.S)
    return found.group(0) if found else ""


def test_after_saving_commentary_2_saved_is_said_beside_it_not_only_at_the_top(article_6, editor):
    commentary = article_6.commentaries.order_by("position")[1]
    client = logged_in(editor)
    url = reverse("articles:commentary-edit", args=[commentary.pk])
    form = client.get(url).context["form"]
    data = {name: form[name].value() or "" for name in form.fields}
    data["body"] = commentary.body + "\n\nA sentence the editor adds."
    response = client.post(url, data)
    anchor = f"commentary-{commentary.pk}"
    assert response.status_code == 302
    assert response["Location"] == f"{article_6.get_absolute_url()}#{anchor}"
    html = client.get(response["Location"]).content.decode()
    assert '<p class="message message--success message--beside" role="status">Saved.</p>' in (
        part(html, anchor)
    )
    assert "Saved." not in top_messages(html)
    assert html.count("Saved.") == 1


def test_a_save_of_the_whole_article_is_said_at_the_top(article, editor):
    client = logged_in(editor)
    url = reverse("articles:article-edit", args=[article.key])
    form = client.get(url).context["form"]
    data = {name: form[name].value() or "" for name in form.fields}
    data["body"] = article.body + "\n\nA sentence the editor adds."
    html = client.post(url, data, follow=True).content.decode()
    assert "Saved." in top_messages(html)


def test_each_commentary_paragraph_has_one_edit_link_and_it_names_the_paragraph(article_6, editor):
    html = logged_in(editor).get(article_6.get_absolute_url()).content.decode()
    commentaries = list(article_6.commentaries.order_by("position"))
    cited = [c for c in commentaries if c.citations.exists()]
    assert cited, "Article 6 has a commentary paragraph with citations"
    for place, commentary in enumerate(commentaries, start=1):
        tools = part(html, f"commentary-{commentary.pk}")
        edit_url = reverse("articles:commentary-edit", args=[commentary.pk])
        links = re.findall(r'<a href="([^"]*/edit/)"([^>]*)>([^<]*)</a>', tools)
        own = [link for link in links if link[0] == edit_url]
        assert len(own) == 1
        assert f'aria-label="Edit commentary {place}"' in own[0][1]
        # Any other edit link in it is a citation's, and says so.
        for href, attributes, text in links:
            if href != edit_url:
                assert "/citations/" in href
                assert 'aria-label="Edit citation: ' in attributes and text == "edit citation"
        if commentary in cited:
            assert len(links) == 1 + commentary.citations.count()


def with_history_ids(commentary, ids):
    """Save the commentary until it has as many versions as `ids`, then give its versions
    these history ids (as an older site's would have)."""
    while commentary.history.count() < len(ids):
        commentary.body += "\n\nMore."
        commentary.save()
    rows = commentary.history.model.objects
    rows.exclude(id=commentary.pk).delete()
    ours = list(rows.order_by("history_id").values_list("history_id", flat=True))
    top = max(ours + list(ids)) + 100
    for old, new in zip(ours, range(top, top + len(ours)), strict=True):
        rows.filter(history_id=old).update(history_id=new)
    for old, new in zip(range(top, top + len(ours)), ids, strict=True):
        rows.filter(history_id=old).update(history_id=new)


def test_old_version_and_compare_links_of_the_page_still_lead_to_their_versions(
    article, commentary, editor
):
    client = logged_in(editor)
    assert client.get(f"/articles/{article.key}/version/1/").status_code == 200
    with_history_ids(commentary, (170, 176))
    url = reverse("articles:commentary-compare", args=[commentary.pk])
    response = client.get(url + "?a=170&b=176")
    assert (response.status_code, response["Location"]) == (301, url + "?from=1&to=2")


def test_an_old_restore_link_naming_a_history_id_opens_that_versions_confirmation(
    commentary, editor
):
    with_history_ids(commentary, (170, 176, 180))
    client = logged_in(editor)
    old = reverse("articles:commentary-restore", args=[commentary.pk, 170])
    response = client.get(old)
    new = reverse("articles:commentary-restore", args=[commentary.pk, 1])
    assert (response.status_code, response["Location"]) == (301, new)
    assert client.post(old, {"latest": 3}).status_code == 404  # nothing restores unconfirmed
    assert commentary.history.count() == 3


def test_an_old_restore_link_that_is_also_a_version_number_names_the_version_it_once_meant(
    commentary, editor
):
    # Its versions' history ids 1, 3 and 4: restore/3/ is version 3 now, and an old link
    # restore/3/ meant version 2; restore/4/ can only be the old link.
    with_history_ids(commentary, (1, 3, 4))
    client = logged_in(editor)
    restore = "articles:commentary-restore"
    response = client.get(reverse(restore, args=[commentary.pk, 3]))
    assert response.status_code == 200 and response.context["version"].number == 3
    assert response.context["once_named"] == 2
    assert "that link meant" in response.content.decode()
    response = client.get(reverse(restore, args=[commentary.pk, 4]))
    assert response["Location"] == reverse(restore, args=[commentary.pk, 3])


def test_an_old_restores_summary_names_the_version_by_its_number_not_its_history_id(
    commentary, editor
):
    first = commentary.history.earliest()
    commentary.body += "\n\nMore."
    commentary.save()
    commentary.body = first.body
    # As a restore's reason read before versions were numbered: it named the history id.
    commentary._change_reason = f"Restored version of 2026-11-30 09:15 (#{first.history_id})"
    commentary.save()
    response = logged_in(editor).get(reverse("articles:commentary-history", args=[commentary.pk]))
    html = response.content.decode()
    assert "Restored version 1 (saved 2026-11-30 09:15)" in html
    assert f"(#{first.history_id})" not in html
