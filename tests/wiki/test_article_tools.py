"""The wiki tools on the article page: everyone sees history; only editors see editing."""

from django.test import Client
from django.urls import reverse

from tests.wiki.conftest import logged_in


def tools_of(response):
    return tools_of_html(response.content.decode())


def tools_of_html(html):
    start = html.index('<nav class="article-tools"')
    return html[start : html.index("</nav>", start)]


def test_readers_see_history_and_what_links_here_but_no_editing(article, commentary):
    tools = tools_of(Client().get(article.get_absolute_url()))
    assert reverse("articles:article-history", args=[article.key]) in tools
    assert reverse("articles:article-links-here", args=[article.key]) in tools
    assert reverse("articles:article-edit", args=[article.key]) not in tools
    assert "Mark reviewed" not in tools


def test_a_logged_in_non_editor_sees_no_editing_either(article, reader):
    tools = tools_of(logged_in(reader).get(article.get_absolute_url()))
    assert reverse("articles:article-edit", args=[article.key]) not in tools
    assert "Mark reviewed" not in tools


def test_an_editor_sees_edit_links_for_the_article_and_its_commentary_and_mark_reviewed(
    article, commentary, question, citation, editor
):
    page = logged_in(editor).get(article.get_absolute_url()).content.decode()
    tools = tools_of_html(page)
    assert reverse("articles:article-edit", args=[article.key]) in tools
    # Each part's edit link stands beside it (as MediaWiki's section edit links), not in a list.
    for kind, pk, anchor in [
        ("commentary", commentary.pk, f'id="commentary-{commentary.pk}"'),
        ("question", question.pk, f'id="question-{question.pk}"'),
    ]:
        edit = reverse(f"articles:{kind}-edit", args=[pk])
        assert edit not in tools
        part = page[page.index(anchor) :]
        assert edit in part[: part.index("</div>\n", part.index(edit)) + 1]
    assert reverse("articles:citation-edit", args=[citation.pk]) in page
    assert reverse("articles:commentary-create", args=[article.key]) in tools
    assert 'action="{}"'.format(reverse("articles:article-review", args=[article.key])) in tools
    assert "csrfmiddlewaretoken" in tools


def test_an_editors_page_is_never_served_to_readers_from_the_cache(article, editor):
    logged_in(editor).get(article.get_absolute_url())
    tools = tools_of(Client().get(article.get_absolute_url()))
    assert "Mark reviewed" not in tools


def test_the_term_tools_include_offers_editors_an_edit_link(term, editor, rf):
    from django.template.loader import render_to_string

    request = rf.get("/glossary/")
    request.user = editor
    html = render_to_string("articles/wiki/_term_tools.html", {"term": term}, request=request)
    assert reverse("articles:term-edit", args=[term.slug]) in html
    assert reverse("articles:term-history", args=[term.slug]) in html


def test_readers_see_no_edit_link_beside_the_parts(article, commentary, question, citation):
    page = Client().get(article.get_absolute_url()).content.decode()
    assert reverse("articles:commentary-edit", args=[commentary.pk]) not in page
    assert reverse("articles:question-edit", args=[question.pk]) not in page
    assert reverse("articles:citation-edit", args=[citation.pk]) not in page
