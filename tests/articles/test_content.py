"""The seed content: transcribed faithfully, tied to its sources, imported idempotently,
and exported in a form that imports back to identical content."""

import io
import json
import re
from datetime import date

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import TestCase

from articles import content
from articles.models import (
    Article,
    Citation,
    Commentary,
    ImportedRow,
    Question,
    RuleSet,
    Ruling,
    Source,
    Term,
)

from .conftest import FIXTURES

pytestmark = pytest.mark.django_db

BULLETIN_YEARS = {
    1970: "page 5", 1972: "page 5", 1975: "page 4", 1977: "page 3", 1978: "page 3",
    1979: "page 3", 1981: "page 5", 1984: "", 1987: "page 4", 1988: "page 5",
    1990: "page 5", 1994: "page 5", 1995: "page 4", 1998: "page 5", 2003: "",
    2007: "", 2008: "", 2009: "", 2016: "", 2017: "", 2019: "",
}  # fmt: skip

# Sentences from each seed document that must appear in its article, word for word.
SEED_STATEMENTS = {
    "nmjl-6": [
        "They can change the current exposure (e.g., pung to kong, kong to pung; joker usage; "
        "newly exposed tiles) if they have not done a joker exchange (NMJL bulletin 2025; not "
        "in MJME) or discarded.",
        "A player should never pick up the incorrect title. The player’s hand is dead.",
        "When a discard is misnamed, and another player makes an exposure with incorrect tiles "
        "for the actual exposure, they cannot change it.",
        "This is a mah jongg in error ruling",
        "Can they put the tiles back and expose the right tiles from their rack?",
        "A call for a tile is just like a pick from the wall. Once taken, it cannot be put back.",
        "with the caller now picking a tile from the wall in the center of the board.",
    ],
    "nmjl-205": [
        "The League states that 13 tiles must be “in or on” a player’s rack at all times",
        "(Article 168)",
        "If more than one player has the wrong number of tiles during the Charleston, all tiles "
        "are thrown in, and a new game begins.",
        "The League confirmed that multiple joker exchanges may be made together and do not "
        "need to be completed one at a time.",
        "they can be disqualified by another player (Article 24).",
        "A player should not declare their own hand dead.",
    ],
    "nmjl-calling": [
        "A discarded Joker can never be claimed.",
        "If you hold only one 6 Craks and no usable Joker, that same discard does not complete "
        "the required pung.",
        "C means concealed: do not make an ordinary exposure for a C hand.",
        "A legal exposure call can skip players between the discarder and the caller.",
        "Do not discard after a valid winning declaration.",
    ],
    "nmjl-exposure-answer": [
        "Only on the turn you made it, and a call has two parts that lock at two different "
        "moments.",
        'Saying "call" does not commit you, and neither does touching, lifting or holding the '
        "discard.",
        "The window also closes early if you complete a Joker exchange on that same turn, so "
        "make your adjustments first.",
        "Exposing three and hoping to add the fourth later is a plan the rules will not honour.",
        "you will spend the rest of the deal playing defence in dignified silence.",
        "New to the words? Expose · Exposed · Kong · Joker exchange",
    ],
    "matjok-claiming": [
        "A discarded tile may be used by more than just the next player.",
        "the player sitting closest to the right of the discarder wins.",
        "You may call **poeng** if you have 2 matching tiles in your hand and the discarded tile "
        "makes the 3rd.",
        "Winds and dragons can therefore never form a straight.",
        "| straight | only the next player | 3 consecutive tiles |",
    ],
}


class SeedContentTests(TestCase):
    """What the five seed documents became; the content is imported once for the class."""

    @classmethod
    def setUpTestData(cls):
        content.import_content(FIXTURES, stdout=io.StringIO())

    def test_each_seed_becomes_one_article_with_its_fixed_key(self):
        keys = set(Article.objects.values_list("key", flat=True))
        # The seeds' five, and the four stubs of the scenario language's part two, written
        # from the rules reference.
        assert keys == {
            "nmjl-6",
            "nmjl-205",
            "nmjl-calling",
            "nmjl-exposure-answer",
            "matjok-claiming",
            "nmjl-card",
            "nmjl-mah-jongg",
            "nmjl-charleston",
            "nmjl-wall",
        }
        assert set(RuleSet.objects.values_list("key", flat=True)) == {"nmjl", "matjok"}
        assert Article.objects.get(key="matjok-claiming").ruleset.key == "matjok"
        assert Article.objects.get(key="nmjl-6").number == "6"
        assert Article.objects.get(key="nmjl-205").number == "205"

    def test_the_seeds_statements_are_transcribed_word_for_word(self):
        for key, statements in SEED_STATEMENTS.items():
            text = article_text(Article.objects.get(key=key))
            for statement in statements:
                with self.subTest(key=key, statement=statement[:40]):
                    assert statement in text, statement

    def test_article_6_cites_each_of_the_twenty_one_bulletin_years_as_a_source_with_its_page(self):
        article = Article.objects.get(key="nmjl-6")
        cited = Source.objects.filter(
            publication="nmjl-bulletin",
            citations__question__article=article,
            citations__question__question="",
        ).distinct()
        assert {s.year: s.locator for s in cited} == BULLETIN_YEARS

    def test_the_other_answers_from_the_league_are_questions_each_citing_all_21_bulletins(self):
        others = Question.objects.filter(article__key="nmjl-6", question="")
        assert others.count() == 7
        for answer in others:
            assert answer.answered_by == "the League"
            years = set(answer.citations.values_list("source__year", flat=True))
            assert years == set(BULLETIN_YEARS)

    def test_the_players_question_on_article_6_cites_mjme_page_15_and_the_2025_bulletin(self):
        question = Question.objects.get(article__key="nmjl-6", asked_by="a player")
        sources = {str(c.source) for c in question.citations.all()}
        assert sources == {"Mah Jongg Made Easy 2024, page 15, paragraph 2", "NMJL Bulletin 2025"}

    def test_mjme_page_16_item_3_is_quoted_on_the_misnamed_discard(self):
        citation = Citation.objects.get(source__key="mjme-2024-p16-3", ruling__isnull=True)
        assert citation.commentary.article.key == "nmjl-6"
        assert citation.quote.startswith("When a discard is misnamed")

    def test_article_205s_answer_cites_mjme_page_17_item_7(self):
        question = Question.objects.get(article__key="nmjl-205")
        assert question.answered_by == "the NMJL"
        assert [str(c.source) for c in question.citations.all()] == [
            "Mah Jongg Made Easy 2024, page 17, #7"
        ]

    def test_the_league_clarification_of_august_2026_is_a_dated_source_on_article_205(self):
        source = Source.objects.get(publication="league-clarification")
        assert (source.year, source.month) == (2026, 8)
        assert (
            source.citations.get(part="", ruling__isnull=True).commentary.article.key == "nmjl-205"
        )

    def test_the_answers_page_is_answered_by_prim_reviewed_on_28_september_2026_and_linked_to_6(
        self,
    ):
        answer = Article.objects.get(key="nmjl-exposure-answer")
        assert answer.kind == Article.Kind.ANSWER
        assert answer.answered_by == "Prim"
        assert answer.last_reviewed_on == date(2026, 9, 28)
        assert list(answer.related_articles.values_list("key", flat=True)) == ["nmjl-6"]
        assert answer.citations.get(part="").source.publication == "answers-page"

    def test_the_calling_guide_and_matjok_page_cite_their_own_publications(self):
        guide = Article.objects.get(key="nmjl-calling")
        matjok = Article.objects.get(key="matjok-claiming")
        assert guide.citations.get(part="").source.publication == "calling-guide"
        rulebook = matjok.citations.get(part="").source
        assert (rulebook.publication, rulebook.edition) == ("matjok-rulebook", "v1.5")

    def test_the_glossary_holds_the_terms_the_seeds_name(self):
        terms = set(Term.objects.values_list("term", flat=True))
        wanted = {
            "Expose", "Exposed", "Exposure", "Kong", "Pung", "Quint", "Sextet", "Joker",
            "Joker exchange", "Dead hand", "Concealed (C) hand", "Exposed (X) hand", "Charleston",
            "Mah Jongg", "Mah Jongg in error", "Tjok", "Poeng", "Straight", "Call window",
            "Natural tile", "Misnamed discard",
        }  # fmt: skip
        assert wanted <= terms
        for term in Term.objects.all():
            # It names its text as readers know it ("From Article 6"), not as "seed 003".
            assert "*From " in term.definition, f"{term} does not say which text it comes from"
            assert "seed 00" not in term.definition
            assert term.related_articles.exists()


def article_text(article):
    parts = [article.title, article.summary, article.body]
    parts += [c.body for c in article.commentaries.all()]
    for question in article.questions.all():
        parts += [question.question, question.answer]
    return re.sub(r"\s+", " ", "\n".join(parts))


def snapshot():
    """All article content, without database ids, in a comparable form."""

    def cites(queryset):
        return [
            (c.source.key, c.part, c.locator, c.quote, c.note, c.relation, c.position)
            for c in queryset.select_related("source").order_by("position")
        ]

    articles = {}
    for article in Article.objects.select_related("ruleset"):
        articles[article.key] = {
            "fields": (
                article.ruleset.key, article.number, article.title, article.summary,
                article.body, article.body_html, article.kind, article.origin,
                article.answered_by, article.last_reviewed_on, article.last_reviewed_by,
                article.is_published, article.position, article.ruling, article.ruling_html,
                article.ruling_reviewed_on, article.ruling_reviewed_by,
            ),
            "related": sorted(article.related_articles.values_list("key", flat=True)),
            "citations": cites(article.citations),
            "commentaries": [
                (c.body, c.body_html, c.author, c.reviewed_on, c.position, cites(c.citations))
                for c in article.commentaries.order_by("position")
            ],
            "questions": [
                (q.question, q.asked_by, q.ruling, q.ruling_html, q.answer, q.answer_html,
                 q.answered_by, q.answered_on, q.position, cites(q.citations))
                for q in article.questions.order_by("position")
            ],
        }  # fmt: skip
    return {
        "rulesets": list(RuleSet.objects.values_list("key", "name", "description", "position")),
        "sources": sorted(
            Source.objects.values_list(
                "key", "publication", "title", "year", "month", "edition", "locator", "url", "note"
            )
        ),
        "terms": [
            (
                t.slug,
                t.term,
                t.aliases,
                t.definition,
                t.definition_html,
                sorted(t.related_articles.values_list("key", flat=True)),
            )
            for t in Term.objects.order_by("slug")
        ],  # fmt: skip
        "articles": articles,
        "rulings": [
            (
                r.article.key,
                r.slug,
                r.position,
                r.question,
                r.answer,
                r.verdict,
                r.reason,
                r.summarises,
                cites(r.citations),
            )
            for r in Ruling.objects.select_related("article").order_by("slug")
        ],  # fmt: skip
    }


def history_rows():
    return sum(
        model.history.count()
        for model in (RuleSet, Article, Commentary, Source, Question, Ruling, Citation, Term)
    )


def test_importing_twice_changes_nothing_and_writes_no_history(seed_content):
    before, rows = snapshot(), history_rows()
    out = io.StringIO()
    content.import_content(FIXTURES, stdout=out)
    assert snapshot() == before
    assert history_rows() == rows
    assert "0 created, 0 updated, 0 deleted" in out.getvalue()


def test_the_import_command_run_twice_leaves_the_content_unchanged(db):
    call_command("import_content", str(FIXTURES), stdout=io.StringIO())
    before, rows = snapshot(), history_rows()
    call_command("import_content", str(FIXTURES), stdout=io.StringIO())
    assert snapshot() == before
    assert history_rows() == rows


def test_a_changed_fixture_updates_only_that_row_with_one_history_row(seed_content, tmp_path):
    content.export_content(tmp_path, stdout=io.StringIO())
    path = tmp_path / "content" / "articles" / "nmjl-205.json"
    data = json.loads(path.read_text())
    data["title"] = "Wrong number of tiles (revised)"
    path.write_text(json.dumps(data))
    rows = history_rows()
    content.import_content(tmp_path, stdout=io.StringIO())
    assert Article.objects.get(key="nmjl-205").title == "Wrong number of tiles (revised)"
    assert history_rows() == rows + 1


def test_export_then_import_into_an_empty_database_gives_identical_content(seed_content, tmp_path):
    before = snapshot()
    content.export_content(tmp_path / "a", stdout=io.StringIO())
    Article.objects.all().delete()
    Term.objects.all().delete()
    Source.objects.all().delete()
    RuleSet.objects.all().delete()
    ImportedRow.objects.all().delete()  # an empty database has no record of imports either
    assert not Article.objects.exists()
    content.import_content(tmp_path / "a", stdout=io.StringIO())
    assert snapshot() == before
    content.export_content(tmp_path / "b", stdout=io.StringIO())
    files_a = sorted((tmp_path / "a").rglob("*.json"))
    assert [p.relative_to(tmp_path / "a") for p in files_a] == [
        p.relative_to(tmp_path / "b") for p in sorted((tmp_path / "b").rglob("*.json"))
    ]
    for path in files_a:
        assert path.read_text() == (tmp_path / "b" / path.relative_to(tmp_path / "a")).read_text()


def test_the_fixture_files_are_exactly_what_export_writes(seed_content, tmp_path):
    content.export_content(tmp_path, stdout=io.StringIO())
    for path in sorted((FIXTURES / "content").rglob("*.json")):
        exported = tmp_path / path.relative_to(FIXTURES)
        assert exported.read_text() == path.read_text(), path.name


def test_a_citation_of_an_unknown_source_is_refused_with_the_file_named(seed_content, tmp_path):
    content.export_content(tmp_path, stdout=io.StringIO())
    path = tmp_path / "content" / "articles" / "nmjl-205.json"
    data = json.loads(path.read_text())
    data["questions"][0]["citations"] = ["no-such-source"]
    path.write_text(json.dumps(data))
    with pytest.raises(CommandError, match=r"nmjl-205\.json: unknown source 'no-such-source'"):
        content.import_content(tmp_path, stdout=io.StringIO())


def test_a_broken_json_file_is_refused_with_the_file_named(db, tmp_path):
    (tmp_path / "content").mkdir()
    (tmp_path / "content" / "sources.json").write_text("{not json")
    with pytest.raises(CommandError, match=r"sources\.json: not valid JSON"):
        content.import_content(tmp_path, stdout=io.StringIO())


def test_a_source_of_an_unknown_publication_is_refused_with_the_file_named(db, tmp_path):
    # Saved, it would break the sources page, which groups sources by publication.
    (tmp_path / "content").mkdir()
    source = {"key": "gazette-1999", "publication": "gazette", "year": 1999}
    (tmp_path / "content" / "sources.json").write_text(json.dumps({"sources": [source]}))
    with pytest.raises(CommandError, match=r"sources\.json: source 'gazette-1999' has an unknown"):
        content.import_content(tmp_path, stdout=io.StringIO())
    assert not Source.objects.exists()


def test_an_imported_article_keyed_new_is_refused_with_its_file_named(seed_content, tmp_path):
    content.export_content(tmp_path, stdout=io.StringIO())
    path = tmp_path / "content" / "articles" / "nmjl-205.json"
    data = json.loads(path.read_text())
    data["key"] = "new"
    path.write_text(json.dumps(data))
    with pytest.raises(CommandError, match=r"nmjl-205\.json: 'new' cannot be an article's key"):
        content.import_content(tmp_path, stdout=io.StringIO())
    assert not Article.objects.filter(key="new").exists()
