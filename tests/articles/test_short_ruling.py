"""The short ruling: its own text, sources and review date, first on the article page, and
for the seed articles quoted from the seeds' own words."""

import io
import re
from datetime import date
from pathlib import Path

import pytest
from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.test import TestCase

from articles import content
from articles.models import Article, ArticleLink, Citation, Question, RuleSet, Source

from .conftest import FIXTURES

SEEDS = Path(__file__).resolve().parents[2] / "docs" / "sources" / "seeds"
# Which seed document each seed article was transcribed from.
SEED_OF = {
    "nmjl-exposure-answer": "000",
    "nmjl-calling": "001",
    "matjok-claiming": "002",
    "nmjl-6": "003",
    "nmjl-205": "004",
}
GUIDES_FROM_THE_RULES_REFERENCE = ["nmjl-card", "nmjl-mah-jongg", "nmjl-charleston", "nmjl-wall"]


def seed_text(number):
    (path,) = SEEDS.glob(f"{number}_*.txt")
    return " ".join(path.read_text(encoding="utf-8").split())


def quotations(ruling):
    """The words a ruling puts in quotation marks, split where it leaves words out (…).

    A quotation inside a quotation is written with single marks (‘dead’); the seed has
    double ones there.
    """
    for quoted in re.findall(r"“(.+?)”", ruling):
        quoted = re.sub(r"‘(\w+)’", r"“\1”", quoted)
        yield from (part.strip() for part in quoted.split("…"))


def page_of(client, key):
    cache.clear()
    response = client.get(f"/articles/{key}/")
    assert response.status_code == 200
    return response.content.decode()


class SeedRulingsTests(TestCase):
    @classmethod
    def setUpTestData(cls):
        content.import_content(FIXTURES, stdout=io.StringIO())

    def test_every_seed_article_and_guide_has_a_short_ruling_with_its_sources(self):
        for key in [*SEED_OF, *GUIDES_FROM_THE_RULES_REFERENCE]:
            with self.subTest(key=key):
                article = Article.objects.get(key=key)
                assert article.ruling and article.ruling_html.startswith("<p>")
                assert article.citations.filter(part=Citation.Part.RULING).exists()

    def test_a_short_ruling_is_one_to_three_sentences(self):
        for article in Article.objects.exclude(ruling=""):
            with self.subTest(key=article.key):
                sentences = re.findall(r"[.!?][”’]?(?:\s|$)", article.ruling)
                assert 1 <= len(sentences) <= 3, article.ruling

    def test_what_a_seed_ruling_quotes_is_word_for_word_in_its_seed(self):
        quoted = 0
        for key, number in SEED_OF.items():
            article = Article.objects.get(key=key)
            rulings = [article.ruling, *article.questions.values_list("ruling", flat=True)]
            seed = seed_text(number)
            for ruling in rulings:
                for words in quotations(ruling):
                    with self.subTest(key=key, words=words[:40]):
                        assert words in seed
                    quoted += 1
        assert quoted >= 6  # Articles 6 and 205 quote the League rather than paraphrase it

    def test_a_ruling_that_is_not_in_its_seed_is_caught(self):
        invented = "“A player may change the exposure at any time before Mah Jongg.”"
        assert not all(words in seed_text("003") for words in quotations(invented))

    def test_the_answers_page_ruling_was_reviewed_with_the_page_by_prim(self):
        article = Article.objects.get(key="nmjl-exposure-answer")
        assert (article.ruling_reviewed_on, article.ruling_reviewed_by) == (
            date(2026, 9, 28),
            "Prim",
        )

    def test_the_ruling_cites_its_own_sources_apart_from_the_articles(self):
        article = Article.objects.get(key="nmjl-6")
        ruling_sources = {c.source.key for c in article.ruling_citations()}
        assert ruling_sources == {"mjme-2024-p15-para2", "nmjl-bulletin-2025"}
        assert all(c.part == "" for c in article.text_citations())

    def test_the_players_question_on_article_6_has_its_short_ruling(self):
        question = Article.objects.get(key="nmjl-6").questions.get(position=0)
        assert question.ruling.startswith("Yes, until they discard")
        assert {c.source.key for c in question.ruling_citations()} == {
            "mjme-2024-p15-para2",
            "nmjl-bulletin-2025",
        }


class RulingOnThePageTests(TestCase):
    @classmethod
    def setUpTestData(cls):
        content.import_content(FIXTURES, stdout=io.StringIO())

    def test_the_ruling_section_comes_right_after_the_title_before_every_other_section(self):
        page = page_of(self.client, "nmjl-6")
        ruling = page.index('<section class="ruling"')
        assert page.index('<h1 id="article-title"') < ruling
        others = [m.start() for m in re.finditer(r"<section\b", page) if m.start() != ruling]
        assert others and all(ruling < other for other in others)
        for later in ('class="article__about"', 'class="article-tools"', 'class="cites"'):
            assert ruling < page.index(later), later

    def test_the_ruling_is_headed_ruling_with_its_sources_and_review_date(self):
        page = page_of(self.client, "nmjl-exposure-answer")
        section = page[page.index('<section class="ruling"') : page.index("</section>")]
        assert '<h2 id="ruling-title">Ruling</h2>' in section
        assert "Only on the turn you made it." in section
        assert "Answers page" in section  # the ruling's source
        assert "Ruling last reviewed" in section and "28 September 2026" in section
        assert "by Prim" in section

    def test_an_unreviewed_ruling_says_so(self):
        page = page_of(self.client, "nmjl-wall")
        assert "Ruling not reviewed yet." in page

    def test_an_answers_short_ruling_comes_at_the_top_of_the_answer(self):
        page = page_of(self.client, "nmjl-6")
        question = Article.objects.get(key="nmjl-6").questions.get(position=0)
        block = page[page.index(f'id="question-{question.pk}"') :]
        answer = block[block.index('class="qa__answer"') :]
        assert answer.index('class="qa__ruling"') < answer.index("Answer from the League")
        assert "Yes, until they discard" in answer[: answer.index("Answer from the League")]


@pytest.fixture
def nmjl(db):
    return RuleSet.objects.get_or_create(key="nmjl", defaults={"name": "NMJL"})[0]


@pytest.fixture
def unruled(nmjl):
    return Article.objects.create(ruleset=nmjl, key="nmjl-24", number="24", title="Disqualifying")


def test_an_article_without_a_ruling_shows_readers_no_ruling_section(client, unruled):
    page = page_of(client, unruled.key)
    assert 'class="ruling"' not in page and "No short ruling yet" not in page


def test_an_article_without_a_ruling_tells_editors_so_with_a_link_to_write_it(
    admin_client, unruled
):
    page = page_of(admin_client, unruled.key)
    section = page[page.index('<section class="ruling"') :]
    assert "No short ruling yet." in section
    assert f"/articles/{unruled.key}/edit/#id_ruling" in section
    assert "Write the short ruling" in section


def test_the_ruling_is_rendered_into_stored_html_on_save(unruled):
    unruled.ruling = "The hand is **dead**; see [[nmjl-205]]."
    unruled.save()
    assert "<strong>dead</strong>" in unruled.ruling_html
    assert 'class="wanted"' in unruled.ruling_html  # Article 205 is not written here
    assert ArticleLink.objects.filter(from_article=unruled, to_key="nmjl-205").exists()


def test_a_wanted_link_in_a_ruling_turns_real_when_the_article_is_written(nmjl, unruled):
    unruled.ruling = "See [[nmjl-205]]."
    unruled.save()
    Article.objects.create(ruleset=nmjl, key="nmjl-205", number="205", title="Wrong number")
    unruled.refresh_from_db()
    assert 'class="wanted"' not in unruled.ruling_html
    assert 'href="/articles/nmjl-205/"' in unruled.ruling_html


def test_an_answers_ruling_is_rendered_on_save_too(unruled):
    question = Question.objects.create(article=unruled, answer="Yes.", ruling="It is *dead*.")
    assert question.ruling_html == "<p>It is <em>dead</em>.</p>\n"


def test_a_source_may_back_the_ruling_of_an_article_or_of_an_answer(unruled):
    source = Source.objects.create(key="mjme", publication="mjme", year=2024)
    question = Question.objects.create(article=unruled, answer="Yes.")
    unruled.citations.create(source=source, part=Citation.Part.RULING)
    question.citations.create(source=source, part=Citation.Part.RULING)
    assert [c.source for c in unruled.ruling_citations()] == [source]
    assert unruled.text_citations() == []


def test_commentary_has_no_short_ruling_to_cite(unruled):
    source = Source.objects.create(key="mjme", publication="mjme", year=2024)
    commentary = unruled.commentaries.create(body="A note.")
    with pytest.raises(IntegrityError), transaction.atomic():
        commentary.citations.create(source=source, part=Citation.Part.RULING)
    assert commentary.citations.create(source=source).part == Citation.Part.TEXT
