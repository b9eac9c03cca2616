"""Editing the short ruling like any text: preview, history, compare, restore; its review;
the list of pages still without one; and citing the ruling apart from the text."""

from django.urls import reverse

from articles.models import Article, Citation, Question, Ruling
from articles.wiki.forms import text_cap
from tests.wiki.conftest import logged_in

RULING = "Until the discard, the exposure may change."


def edit_article(client, article, **changes):
    url = reverse("articles:article-edit", args=[article.key])
    form = client.get(url).context["form"]
    data = {name: form.initial.get(name) or "" for name in ("title", "ruling", "summary", "body")}
    data.update(base_version=form.initial["base_version"], **changes)
    return client.post(url, data)


def test_an_editor_writes_the_short_ruling_and_it_is_a_version_with_its_summary(
    editor_client, article
):
    response = edit_article(editor_client, article, ruling=RULING, edit_summary="Short ruling")
    assert response.status_code == 302
    article.refresh_from_db()
    assert article.ruling == RULING
    assert article.ruling_html.startswith("<p>Until the discard")
    latest = article.history.latest()
    assert (latest.ruling, latest.history_change_reason) == (RULING, "Short ruling")


def test_the_article_page_shows_the_new_ruling_first(editor_client, client, article):
    edit_article(editor_client, article, ruling=RULING)
    page = client.get(article.get_absolute_url()).content.decode()
    assert page.index('<section class="ruling"') < page.index("article__about")
    assert "Until the discard, the exposure may change." in page


def test_preview_shows_the_ruling_in_its_own_section_above_the_text(editor_client, article):
    response = edit_article(editor_client, article, ruling=RULING, preview="1")
    preview = response.context["preview"]
    assert preview.index('<section class="ruling"><h2>Ruling</h2>') < preview.index(
        "The exposure may change until the player discards."
    )
    article.refresh_from_db()
    assert article.ruling == ""  # a preview saves nothing


def test_preview_without_a_ruling_shows_only_the_text(editor_client, article):
    preview = edit_article(editor_client, article, preview="1").context["preview"]
    assert 'class="ruling"' not in preview and "until the player discards" in preview


def test_a_ruling_longer_than_its_cap_is_refused_and_kept_in_the_form(editor_client, article):
    too_long = "word " * (text_cap("ruling") // 5 + 1)
    response = edit_article(editor_client, article, ruling=too_long)
    assert response.status_code == 200
    assert "it may have at most 2,000" in response.content.decode()
    article.refresh_from_db()
    assert article.ruling == ""


def test_compare_shows_the_ruling_word_by_word_and_restore_brings_it_back(editor_client, article):
    edit_article(editor_client, article, ruling=RULING)
    first = article.history.count()
    edit_article(editor_client, article, ruling="Until the discard, nothing may change.")
    url = reverse("articles:article-compare", args=[article.key])
    html = editor_client.get(url + f"?from={first}&to={first + 1}").content.decode()
    assert "Short ruling" in html
    assert "<del>the exposure</del><ins>nothing</ins>" in html
    restore = reverse("articles:article-restore", args=[article.key, first])
    editor_client.post(restore, {"latest": article.history.count()})
    article.refresh_from_db()
    assert article.ruling == RULING
    assert article.history.count() == 4  # created, two edits, the restore: nothing rewritten


def test_an_answers_short_ruling_is_edited_on_the_question_form(editor_client, question):
    url = reverse("articles:question-edit", args=[question.pk])
    form = editor_client.get(url).context["form"]
    data = {name: form.initial.get(name) or "" for name in form.fields if name != "edit_summary"}
    data.update(ruling="Yes, until they discard.")
    assert editor_client.post(url, data).status_code == 302
    question.refresh_from_db()
    assert question.ruling_html == "<p>Yes, until they discard.</p>\n"
    assert question.history.latest().ruling == "Yes, until they discard."


def test_marking_the_ruling_reviewed_records_today_and_the_editor(editor_client, article):
    edit_article(editor_client, article, ruling=RULING)
    editor_client.post(reverse("articles:ruling-review", args=[article.key]))
    article.refresh_from_db()
    assert article.ruling_reviewed_on is not None
    assert article.ruling_reviewed_by == "Ada"
    assert article.history.latest().history_change_reason == "Short ruling marked reviewed"


def test_a_missing_ruling_cannot_be_marked_reviewed(editor_client, article):
    response = editor_client.post(reverse("articles:ruling-review", args=[article.key]))
    assert response.status_code == 302
    article.refresh_from_db()
    assert article.ruling_reviewed_on is None


def test_only_editors_mark_a_ruling_reviewed(client, reader, article):
    url = reverse("articles:ruling-review", args=[article.key])
    assert client.post(url).status_code == 302  # to the login page
    assert logged_in(reader).post(url).status_code == 403
    article.refresh_from_db()
    assert article.ruling_reviewed_on is None


def test_the_wanted_rulings_page_lists_pages_without_one_and_links_to_write_them(
    client, article, question, nmjl
):
    ruled = Article.objects.create(ruleset=nmjl, key="nmjl-205", title="Wrong", ruling="Dead.")
    Question.objects.create(article=ruled, answer="Yes.", ruling="Yes.")
    Ruling.objects.create(article=ruled, slug="dead", question="Dead?", answer="Yes.", reason=".")
    html = client.get(reverse("articles:wanted-rulings")).content.decode()
    assert article.get_absolute_url() in html
    assert reverse("articles:article-edit", args=[article.key]) + "#id_ruling" in html
    assert reverse("articles:question-edit", args=[question.pk]) + "#id_ruling" in html
    assert ruled.get_absolute_url() not in html


def test_the_wanted_rulings_page_is_linked_from_the_wikis_lists(client, article):
    wanted = reverse("articles:wanted-rulings")
    for page in ("recent-changes", "wanted", "unreviewed"):
        assert wanted in client.get(reverse(f"articles:{page}")).content.decode(), page


def test_a_citation_created_for_the_ruling_is_shown_with_the_ruling(
    editor_client, client, article, source
):
    edit_article(editor_client, article, ruling=RULING)
    create = reverse("articles:citation-create", args=[article.key])
    editor_client.post(
        create, {"source": source.pk, "part": "ruling", "relation": "supports", "locator": "p. 9"}
    )
    citation = article.citations.get()
    assert citation.part == Citation.Part.RULING
    page = client.get(article.get_absolute_url()).content.decode()
    ruling = page[page.index('<section class="ruling"') : page.index("article__about")]
    assert "(p. 9)" in ruling
    assert "(p. 9)" not in page[page.index("article__about") :]


def test_a_commentarys_citation_cannot_be_turned_to_cite_a_ruling(
    editor_client, commentary, source
):
    citation = commentary.citations.create(source=source)
    url = reverse("articles:citation-edit", args=[citation.pk])
    form = editor_client.get(url).context["form"]
    data = {name: form.initial.get(name) or "" for name in form.fields if name != "edit_summary"}
    response = editor_client.post(url, {**data, "source": source.pk, "part": "ruling"})
    assert response.status_code == 200
    assert "Commentary has no short ruling of its own" in response.content.decode()
    citation.refresh_from_db()
    assert citation.part == Citation.Part.TEXT


def test_an_articles_citation_can_be_turned_to_cite_its_ruling(editor_client, citation, source):
    url = reverse("articles:citation-edit", args=[citation.pk])
    form = editor_client.get(url).context["form"]
    data = {name: form.initial.get(name) or "" for name in form.fields if name != "edit_summary"}
    assert (
        editor_client.post(url, {**data, "source": source.pk, "part": "ruling"}).status_code == 302
    )
    citation.refresh_from_db()
    assert citation.part == Citation.Part.RULING
