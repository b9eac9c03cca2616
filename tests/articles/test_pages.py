"""The reading pages with the seed content: what a reader sees, and nothing a user types
can break them."""

import io
import re

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.test import TestCase
from django.urls import reverse

from articles import content
from articles.models import Article, Citation, Commentary, Question, Source, Term

from .conftest import FIXTURES


def text_of(response):
    """The page's text with tags dropped and spaces collapsed, as a reader reads it."""
    html = response.content.decode()
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace(" .", ".")


class ReadingPagesTests(TestCase):
    """Every reading page with the five seed documents imported once for the class."""

    @classmethod
    def setUpTestData(cls):
        content.import_content(FIXTURES, stdout=io.StringIO())

    def setUp(self):
        cache.clear()

    def get(self, url, status=200):
        response = self.client.get(url)
        assert response.status_code == status, (url, response.status_code)
        return response

    def test_home_lists_both_rule_sets_with_their_articles(self):
        page = text_of(self.get("/"))
        for statement in (
            "NMJL",
            "Matjok",
            "Article 6 Changing an exposure",
            "Article 205 Wrong number of tiles",
            "When can you call a tile in American Mahjong?",
            "Claiming Tiles",
            "Recent changes",
            "Go to article number",
        ):
            assert statement in page, statement

    def test_home_shows_recent_changes_from_history_newest_first(self):
        article = Article.objects.get(key="nmjl-205")
        article.title = "Wrong number of tiles, revised"
        article._change_reason = "Typo in the title"
        article.save()
        page = text_of(self.get("/"))
        recent = page.split("Recent changes", 1)[1]
        assert recent.index("Article 205") < recent.index("Article 6")
        assert "Typo in the title" in recent

    def test_recent_changes_group_the_rows_of_one_import_per_article(self):
        page = text_of(self.get("/"))
        assert "Article 6 : 8 answers added" in page
        assert "Article 205 : 5 commentary parts added" in page

    def test_the_current_page_is_marked_in_the_nav(self):
        html = self.get("/glossary/").content.decode()
        assert '<a href="/glossary/" aria-current="page">Glossary</a>' in html
        assert '<a href="/" aria-current' not in html

    def test_going_to_205_opens_article_205(self):
        response = self.get("/go/?n=205", status=302)
        assert response["Location"] == "/articles/nmjl-205/"

    def test_going_to_article_6_written_out_opens_article_6(self):
        assert self.get("/go/?n=Article+6", status=302)["Location"] == "/articles/nmjl-6/"

    def test_the_go_box_reads_a_number_or_key_as_the_search_box_does(self):
        for query in ("art. 205", "#205", " Article 205 ", "NMJL-205"):
            response = self.client.get("/go/", {"n": query})
            assert response.status_code == 302, query
            assert response["Location"] == "/articles/nmjl-205/"
            assert self.client.get("/search/", {"q": query})["Location"] == response["Location"]

    def test_a_number_two_rule_sets_share_asks_which_article_is_meant(self):
        matjok = Article.objects.get(key="matjok-claiming").ruleset
        Article.objects.create(ruleset=matjok, key="matjok-6", number="6", title="Dead hand")
        page = text_of(self.get("/go/?n=6"))
        assert "Which article “6”?" in page
        assert "NMJL: Article 6 Changing an exposure" in page
        assert "Matjok: Article 6 Dead hand" in page

    def test_an_article_with_only_undated_sources_lists_them_without_a_timeline(self):
        response = self.get("/articles/nmjl-calling/")
        assert b"timeline__chart" not in response.content
        assert "Undated Calling guide" in text_of(response)

    def test_going_to_an_unwritten_number_shows_a_friendly_page(self):
        page = text_of(self.get("/go/?n=24", status=404))
        assert "No article “24” yet" in page
        assert "It may not be written yet." in page

    def test_odd_input_to_the_go_box_gets_a_friendly_page_not_an_error(self):
        for query in (
            "<script>alert(1)</script>",
            "x" * 5000,
            "'; DROP TABLE",
            "٣",
            "9" * 40,
        ):
            response = self.client.get("/go/", {"n": query})
            assert response.status_code == 404, query
            assert b"<script>alert" not in response.content
        # A NUL is refused before any view (pagecache.nul_bytes): the site's 400 page.
        assert self.client.get("/go/", {"n": "\x00"}).status_code == 400
        assert self.get("/go/", status=302)["Location"] == "/"

    def test_article_6_shows_its_commentary_answers_and_sources(self):
        response = self.get(reverse("articles:detail", args=["nmjl-6"]))
        page = text_of(response)
        for statement in (
            "Article 6 Changing an exposure",
            "Commentary",
            "if they have not done a joker exchange (NMJL bulletin 2025; not in MJME)",
            "Questions and answers",
            "Question from a player:",
            "Answer from the League:",
            "A call for a tile is just like a pick from the wall.",
            "Mah Jongg Made Easy 2024, page 15, paragraph 2",
            "Mah Jongg Made Easy 2024, page 16, #3",
            "Sources by year",
            "NMJL Bulletin 1970, page 5",
            "NMJL Bulletin 2019",
            "Scenario checks",
            "Can I add a tile to an exposure I already made",
            "Words used here",
        ):
            assert statement in page, statement
        html = response.content.decode()
        for year in (1970, 1972, 1975, 1984, 1998, 2003, 2019, 2024, 2025):
            assert f"<dt>{year}</dt>" in html

    def test_article_6s_timeline_shows_the_bulletin_years_at_a_glance_with_a_text_alternative(self):
        html = self.get("/articles/nmjl-6/").content.decode()
        chart = html[html.index("<svg") : html.index("</svg>")]
        assert 'role="img"' in chart
        assert chart.count("timeline__dot--nmjl-bulletin") == 22  # 21 years + 2025
        assert chart.count("timeline__dot--mjme") == 1
        desc = re.search(r"<desc[^>]*>(.*?)</desc>", chart, re.S).group(1)
        assert "NMJL Bulletin: 22 years (1970, 1972, 1975" in desc
        assert "Mah Jongg Made Easy: 1 year (2024)" in desc

    def test_no_page_uses_inline_styles_or_scripts_that_the_csp_would_block(self):
        for url in ("/", "/articles/nmjl-6/", "/sources/", "/glossary/", "/questions/"):
            response = self.get(url)
            html = response.content.decode()
            assert " style=" not in html, url
            assert "<style" not in html, url
            assert not re.search(r"<script(?![^>]*\bsrc=)", html), url
            assert "script-src 'self'" in response["Content-Security-Policy"]

    def test_article_205_links_articles_24_and_168_as_not_written_yet(self):
        page = text_of(self.get("/articles/nmjl-205/"))
        assert "Article 24 (not written yet) — mentioned in the text" in page
        assert "Article 168 (not written yet) — mentioned in the text" in page
        assert "League clarification August 2026" in page
        assert "Mah Jongg Made Easy 2024, page 17, #7" in page
        assert "Answer from the NMJL:" in page

    def test_a_mentioned_article_once_written_is_linked_as_itself(self):
        Article.objects.create(
            ruleset=Article.objects.get(key="nmjl-6").ruleset, key="nmjl-24", number="24",
            title="Disqualifying a hand",
        )  # fmt: skip
        html = self.get("/articles/nmjl-205/").content.decode()
        assert '<a href="/articles/nmjl-24/">Article 24 Disqualifying a hand</a>' in html

    def test_an_article_mentioned_on_a_matjok_page_is_the_nmjl_article_its_text_links_to(self):
        matjok = Article.objects.get(key="matjok-claiming")
        Commentary.objects.create(article=matjok, body="Unlike Article 6 and Article 24.")
        html = self.get("/articles/matjok-claiming/").content.decode()
        assert '<a href="/articles/nmjl-6/">Article 6 Changing an exposure</a>' in html
        assert (
            '<a class="wanted" href="/wanted/nmjl-24/">Article 24 '
            '<span class="wanted__note">(not written yet)</span></a>'
        ) in html
        assert "matjok-6" not in html and "matjok-24" not in html

    def test_the_answers_page_shows_who_answered_and_when_it_was_last_reviewed(self):
        page = text_of(self.get("/articles/nmjl-exposure-answer/"))
        assert "Answered by Prim." in page
        assert "Last reviewed 2026-09-28" in page
        assert "Article 6 Changing an exposure" in page  # linked to nmjl-6
        assert "Why a later tile cannot join" in page

    def test_the_matjok_page_shows_the_claiming_order_and_tile_pictures(self):
        response = self.get("/articles/matjok-claiming/")
        page = text_of(response)
        assert "tjok for a winning hand" in page
        assert "only the next player" in page
        assert 'alt="7 Bams"' in response.content.decode()

    def test_an_unknown_or_unpublished_article_is_not_found(self):
        self.get("/articles/nmjl-999/", status=404)
        guide = Article.objects.get(key="nmjl-calling")
        guide.is_published = False
        guide.save()
        self.get("/articles/nmjl-calling/", status=404)

    def test_sources_lists_every_publication_by_year(self):
        page = text_of(self.get(reverse("articles:sources")))
        for statement in (
            "NMJL Bulletin",
            "Mah Jongg Made Easy",
            "League clarification",
            "Matjok Rulebook",
            "1970 page 5",
            "1984",
            "2019",
            "page 17, #7",
        ):
            assert statement in page, statement

    def test_a_bulletin_year_says_what_it_says_and_where_it_is_cited(self):
        url = reverse("articles:source-year", args=["nmjl-bulletin", 1970])
        page = text_of(self.get(url))
        assert "NMJL Bulletin 1970, page 5" in page
        assert "Article 6 Changing an exposure" in page
        assert "an answer from the League" in page
        assert "Once you discard, you are committed to that exposure." in page

    def test_an_undated_source_has_a_page_at_year_0(self):
        page = text_of(self.get("/sources/answers-page/0/"))
        assert "Answered by Prim. Last reviewed 2026-09-28" in page

    def test_an_unknown_publication_or_year_is_not_found(self):
        self.get("/sources/nope/1970/", status=404)
        self.get("/sources/mjme/1999/", status=404)
        self.get("/sources/mjme/99999999999/", status=404)

    def test_questions_lists_every_answer_under_its_article(self):
        page = text_of(self.get(reverse("articles:questions")))
        assert "Article 6 Changing an exposure" in page
        assert "Article 205 Wrong number of tiles" in page
        assert "do they discard the picked tile?" in page
        assert page.count("Answer from the League:") == 8

    def test_the_glossary_anchors_each_term_by_its_slug(self):
        response = self.get(reverse("articles:glossary"))
        html = response.content.decode()
        for term in Term.objects.all():
            assert f'<dt id="{term.slug}">' in html
            assert f'href="#{term.slug}"' in html
        page = text_of(response)
        assert "Any player holding the natural tile a Joker stands for" in page

    def test_the_header_has_the_nav_the_search_box_and_a_log_in_link(self):
        html = self.get("/").content.decode()
        for href in ("/", "/sources/", "/questions/", "/glossary/", "/tournaments/"):
            assert f'href="{href}"' in html
        assert 'role="search"' in html
        assert 'href="/accounts/login/?next=/"' in html

    def test_the_log_in_page_names_the_site_once_in_its_title(self):
        html = self.get("/accounts/login/").content.decode()
        title = re.search(r"<title>(.*?)</title>", html, re.S).group(1)
        assert title.startswith("Log in · ") and title.count("Rulings") == 1, title

    def test_logging_out_is_a_post_form_with_a_csrf_token(self):
        user = get_user_model().objects.create_user("prim", password="x")
        self.client.force_login(user)
        html = self.client.get("/").content.decode()
        form = re.search(r'<form[^>]*action="/accounts/logout/"[^>]*>.*?</form>', html, re.S)
        assert form and 'method="post"' in form.group(0)
        assert "csrfmiddlewaretoken" in form.group(0)


# The article page's queries: article, related, rulings and their citations, terms, article
# citations, commentary and their citations, questions and their citations, then the
# scenario section's two; the Discussion line's count of open threads; and two counting the
# page's version for its "Cite" references (one for the wiki's history tables: the article,
# its rulings, commentary, answers and citations; one for its linked scenarios).
ARTICLE_PAGE_QUERIES = 15


def add_many(article, n):
    """n more sources, commentaries, questions and citations on the article."""
    for i in range(n):
        source = Source.objects.create(key=f"extra-{i}", publication="nmjl-bulletin", year=1950 + i)
        commentary = Commentary.objects.create(article=article, body=f"More {i}.", position=50 + i)
        question = Question.objects.create(article=article, answer=f"Yes {i}.", position=50 + i)
        for statement in ({"commentary": commentary}, {"question": question}, {"article": article}):
            Citation.objects.create(source=source, **statement)
        Term.objects.create(slug=f"t{i}", term=f"T{i}", definition="d").related_articles.add(
            article
        )


@pytest.mark.parametrize("key, extra", [("nmjl-6", 0), ("nmjl-205", 1)])
def test_the_article_page_takes_a_fixed_number_of_queries(
    seed_content, client, django_assert_num_queries, key, extra
):
    # Article 205 mentions Articles 24 and 168: one more query looks them up.
    with django_assert_num_queries(ARTICLE_PAGE_QUERIES + extra):
        assert client.get(f"/articles/{key}/").status_code == 200


def test_the_article_pages_queries_do_not_grow_with_sources_and_questions(
    seed_content, client, django_assert_num_queries
):
    add_many(Article.objects.get(key="nmjl-6"), 12)
    cache.clear()
    with django_assert_num_queries(ARTICLE_PAGE_QUERIES):
        response = client.get("/articles/nmjl-6/")
    assert b"More 11." in response.content and b"Yes 11." in response.content
