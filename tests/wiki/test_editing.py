"""Editing in the browser: edit summary as change reason, preview, and no lost edits."""

import re
from html import unescape

from django.urls import reverse

from articles.models import Article, Commentary
from tests.wiki.conftest import COMMENTARY, logged_in


def form_of(response):
    """The values a browser would submit from the page's edit form."""
    html = response.content.decode()
    data = {}
    for name, value in re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', html):
        data[name] = value
    for name, value in re.findall(r'<textarea name="(\w+)"[^>]*>\n?(.*?)</textarea>', html, re.S):
        data[name] = unescape(value)
    for name, value in re.findall(r'<input type="text" name="(\w+)"[^>]*value="([^"]*)"', html):
        data[name] = unescape(value)
    data.pop("csrfmiddlewaretoken", None)
    return data


def edit_url(commentary):
    return reverse("articles:commentary-edit", args=[commentary.pk])


def test_an_editor_changes_article_6_commentary_and_the_summary_is_the_change_reason(
    commentary, editor
):
    client = logged_in(editor)
    data = form_of(client.get(edit_url(commentary)))
    data["body"] = COMMENTARY.replace("until they discard", "until their discard is down")
    data["edit_summary"] = "Say when the exposure locks"
    response = client.post(edit_url(commentary), data)
    assert response.status_code == 302
    commentary.refresh_from_db()
    assert "until their discard is down" in commentary.body
    assert "until their discard is down" in commentary.body_html
    latest = commentary.history.latest()
    assert latest.history_change_reason == "Say when the exposure locks"
    assert latest.history_user == editor


def test_saving_without_a_summary_records_a_plain_reason(commentary, editor):
    client = logged_in(editor)
    data = form_of(client.get(edit_url(commentary)))
    data["body"] = "Shorter commentary."
    client.post(edit_url(commentary), data)
    assert commentary.history.latest().history_change_reason == "Edited"


def test_saving_an_unchanged_form_adds_no_version(commentary, editor):
    client = logged_in(editor)
    before = commentary.history.count()
    data = form_of(client.get(edit_url(commentary)))
    response = client.post(edit_url(commentary), data, follow=False)
    assert response.status_code == 302
    assert commentary.history.count() == before


def test_preview_shows_rendered_markdown_and_saves_nothing(commentary, editor):
    client = logged_in(editor)
    data = form_of(client.get(edit_url(commentary)))
    data.update(body="Expose **three** :7D: and see Article 6.", preview="1")
    response = client.post(edit_url(commentary), data)
    html = response.content.decode()
    assert response.status_code == 200
    assert "<strong>three</strong>" in html
    assert (
        '<img class="tile" src="/static/tiles/7D.svg" alt="7 Dots" width="60" height="80">' in html
    )
    assert 'href="/articles/nmjl-6/"' in html
    assert "Expose **three**" in html  # the text stays in the form
    commentary.refresh_from_db()
    assert commentary.body == COMMENTARY


def test_script_typed_into_the_commentary_never_reaches_the_stored_html(commentary, editor):
    client = logged_in(editor)
    data = form_of(client.get(edit_url(commentary)))
    data["body"] = '<script>alert(1)</script> [x](javascript:alert(1)) <img src=x onerror="a()">'
    client.post(edit_url(commentary), data)
    commentary.refresh_from_db()
    assert "<script" not in commentary.body_html
    assert 'href="javascript' not in commentary.body_html
    assert "<img src" not in commentary.body_html


def test_an_invalid_form_shows_the_error_and_keeps_the_typed_text(question, editor):
    client = logged_in(editor)
    url = reverse("articles:question-edit", args=[question.pk])
    data = form_of(client.get(url))
    data.update(answer="", question="My changed question", answered_on="not a date")
    response = client.post(url, data)
    assert response.status_code == 200
    html = response.content.decode()
    assert "My changed question" in html
    assert "Enter a valid date" in html


def test_a_forged_starting_version_is_handled_as_a_conflict_not_a_server_error(commentary, editor):
    client = logged_in(editor)
    data = form_of(client.get(edit_url(commentary)))
    data.update(body="Mine.", base_version="999999")
    response = client.post(edit_url(commentary), data)
    assert response.status_code == 409
    commentary.refresh_from_db()
    assert commentary.body == COMMENTARY


def test_a_garbled_starting_version_is_a_form_error(commentary, editor):
    client = logged_in(editor)
    data = form_of(client.get(edit_url(commentary)))
    data.update(body="Mine.", base_version="abc")
    response = client.post(edit_url(commentary), data)
    assert response.status_code == 200
    assert "lost track of the version" in response.content.decode()


# -- two editors at once -------------------------------------------------------------------


def test_two_editors_changing_different_paragraphs_at_once_both_keep_their_change(
    commentary, editor, other_editor
):
    ada, bea = logged_in(editor), logged_in(other_editor)
    ada_form = form_of(ada.get(edit_url(commentary)))
    bea_form = form_of(bea.get(edit_url(commentary)))  # both start from the same version

    ada_form["body"] = COMMENTARY.replace("once it is racked", "once it is RACKED (Ada)")
    ada_form["edit_summary"] = "Ada: racking"
    assert ada.post(edit_url(commentary), ada_form).status_code == 302

    bea_form["body"] = COMMENTARY.replace("has a dead hand", "has a DEAD hand (Bea)")
    bea_form["edit_summary"] = "Bea: dead hand"
    response = bea.post(edit_url(commentary), bea_form)
    assert response.status_code == 302

    commentary.refresh_from_db()
    assert "once it is RACKED (Ada)" in commentary.body
    assert "has a DEAD hand (Bea)" in commentary.body
    reasons = list(commentary.history.values_list("history_change_reason", flat=True)[:2])
    assert reasons == ["Bea: dead hand (merged with an edit saved meanwhile)", "Ada: racking"]


def test_two_editors_changing_the_same_paragraph_get_a_conflict_and_nothing_is_lost(
    commentary, editor, other_editor
):
    ada, bea = logged_in(editor), logged_in(other_editor)
    ada_form = form_of(ada.get(edit_url(commentary)))
    bea_form = form_of(bea.get(edit_url(commentary)))

    ada_form["body"] = COMMENTARY.replace("until they discard", "until Ada says so")
    assert ada.post(edit_url(commentary), ada_form).status_code == 302

    bea_form["body"] = COMMENTARY.replace("until they discard", "until Bea says so")
    response = bea.post(edit_url(commentary), bea_form)
    assert response.status_code == 409
    html = response.content.decode()
    assert "Someone else saved this page while you were editing" in html
    assert "until Ada says so" in html  # theirs, shown
    assert "until Bea says so" in html  # mine, still in the form
    assert "<del>Ada</del><ins>Bea</ins>" in html

    commentary.refresh_from_db()
    assert "until Ada says so" in commentary.body  # Ada's save stands

    # Bea resolves: she keeps Ada's sentence and adds her own, and saves from the new form.
    resolved = form_of(response)
    assert resolved["body"].count("until Bea says so") == 1
    resolved["body"] = COMMENTARY.replace("until they discard", "until Ada says so, or Bea")
    resolved["edit_summary"] = "Bea: resolved"
    assert bea.post(edit_url(commentary), resolved).status_code == 302
    commentary.refresh_from_db()
    assert "until Ada says so, or Bea" in commentary.body
    # Every version stays in the history: nothing was silently lost.
    bodies = list(commentary.history.values_list("body", flat=True))
    assert any("until Ada says so" in body and "Bea" not in body for body in bodies)
    assert commentary.history.count() == 3


def test_a_conflict_on_a_short_field_lists_both_values(article, editor, other_editor):
    url = reverse("articles:article-edit", args=[article.key])
    ada, bea = logged_in(editor), logged_in(other_editor)
    ada_form, bea_form = form_of(ada.get(url)), form_of(bea.get(url))
    ada_form["title"] = "Changing an exposure (Ada)"
    bea_form["title"] = "Changing an exposure (Bea)"
    assert ada.post(url, ada_form).status_code == 302
    response = bea.post(url, bea_form)
    assert response.status_code == 409
    assert "Changing an exposure (Ada)" in response.content.decode()
    assert Article.objects.get(pk=article.pk).title == "Changing an exposure (Ada)"


def test_an_edit_to_one_field_merges_with_a_concurrent_edit_to_another(
    article, editor, other_editor
):
    url = reverse("articles:article-edit", args=[article.key])
    ada, bea = logged_in(editor), logged_in(other_editor)
    ada_form, bea_form = form_of(ada.get(url)), form_of(bea.get(url))
    ada_form["title"] = "Changing an exposure after a call"
    bea_form["body"] = "The exposure is locked once the player discards."
    assert ada.post(url, ada_form).status_code == 302
    assert bea.post(url, bea_form).status_code == 302
    article.refresh_from_db()
    assert article.title == "Changing an exposure after a call"
    assert article.body == "The exposure is locked once the player discards."


def test_every_kind_of_page_can_be_edited(question, citation, term, editor):
    client = logged_in(editor)
    for url, field, value in (
        (reverse("articles:question-edit", args=[question.pk]), "answer", "Only before."),
        (reverse("articles:citation-edit", args=[citation.pk]), "locator", "page 6"),
        (reverse("articles:term-edit", args=[term.slug]), "definition", "Tiles on the rack."),
    ):
        page = client.get(url)
        assert page.status_code == 200
        data = form_of(page)
        data[field] = value
        if "source" not in data and "citation" in url:
            data.update(source=citation.source_id, relation="supports")
        response = client.post(url, data)
        assert response.status_code == 302, response.content.decode()[:2000]
    question.refresh_from_db()
    citation.refresh_from_db()
    term.refresh_from_db()
    assert question.answer == "Only before."
    assert citation.locator == "page 6"
    assert term.definition == "Tiles on the rack."


def test_an_editor_adds_commentary_to_an_article(article, editor):
    client = logged_in(editor)
    url = reverse("articles:commentary-create", args=[article.key])
    response = client.post(url, {"body": "New note.", "author": "Ada", "edit_summary": "Add"})
    assert response.status_code == 302
    created = Commentary.objects.get(article=article, body="New note.")
    assert created.history.latest().history_change_reason == "Add"


def test_an_editor_adds_a_question_and_a_citation_to_an_article(article, source, editor):
    client = logged_in(editor)
    response = client.post(
        reverse("articles:question-create", args=[article.key]),
        {"question": "May I put the tiles back?", "answer": "Not after racking."},
    )
    assert response.status_code == 302
    response = client.post(
        reverse("articles:citation-create", args=[article.key]),
        {"source": source.pk, "relation": "supports", "locator": "page 5"},
    )
    assert response.status_code == 302
    assert article.questions.get().answer == "Not after racking."
    assert article.citations.get().locator == "page 5"


def test_an_editor_adds_a_glossary_term_and_a_duplicate_slug_is_a_form_error(term, editor):
    client = logged_in(editor)
    url = reverse("articles:term-create")
    data = {"slug": "kong", "term": "Kong", "aliases": "Kongs", "definition": "Four alike."}
    assert client.post(url, data).status_code == 302
    duplicate = client.post(url, {**data, "slug": "exposure"})
    assert duplicate.status_code == 200
    assert "already exists" in duplicate.content.decode()


def test_after_a_conflict_the_form_keeps_the_other_editors_merged_changes_to_other_fields(
    article, editor, other_editor
):
    url = reverse("articles:article-edit", args=[article.key])
    ada, bea = logged_in(editor), logged_in(other_editor)
    ada_form, bea_form = form_of(ada.get(url)), form_of(bea.get(url))
    ada_form.update(title="Changing an exposure (Ada)", body="Ada's rule text.")
    assert ada.post(url, ada_form).status_code == 302
    bea_form["body"] = "Bea's rule text."
    response = bea.post(url, bea_form)
    assert response.status_code == 409
    again = form_of(response)
    assert again["title"] == "Changing an exposure (Ada)"  # not Bea's stale title
    assert again["body"] == "Bea's rule text."  # her own text, to resolve
    # Saving the re-shown form as it is keeps Ada's title.
    assert bea.post(url, again).status_code == 302
    article.refresh_from_db()
    assert article.title == "Changing an exposure (Ada)"
    assert article.body == "Bea's rule text."


def test_the_edit_form_explains_markdown_once(editor_client, commentary, question, term):
    for url in (
        reverse("articles:commentary-edit", args=[commentary.pk]),
        reverse("articles:question-edit", args=[question.pk]),
        reverse("articles:term-edit", args=[term.slug]),
        reverse("articles:term-create"),
    ):
        html = editor_client.get(url).content.decode()
        assert html.count("Markdown.") == 1, url
