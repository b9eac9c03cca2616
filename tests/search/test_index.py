"""The index follows every save and delete, and a rebuild gives the same index."""

import pytest

from articles.models import Article, Citation, Commentary, Question, Source, Term
from rulings.models import Scenario
from search.backends import backend
from search.models import SearchDocument
from search.query import parse_query
from search.ranking import search
from search.rebuild import rebuild_index

pytestmark = pytest.mark.django_db


def urls(text, **kwargs):
    return [hit.url for hit in search(text, **kwargs).hits]


def test_a_new_article_is_found_at_once(nmjl):
    article = Article.objects.create(
        ruleset=nmjl, key="nmjl-charleston", title="Charleston", body="Blind pass rules."
    )
    assert urls("blind pass") == [article.get_absolute_url()]


def test_an_edited_article_is_found_by_its_new_words_only(rulings):
    article = rulings["exchange"]
    article.body = "A natural tile may replace a Joker in a flamingo exposure."
    article.save()
    assert article.get_absolute_url() in urls("flamingo")
    assert article.get_absolute_url() not in urls("holding")


def test_a_changed_article_key_leaves_no_stale_document(rulings):
    article = rulings["exchange"]
    article.key = "nmjl-joker-exchange"
    article.save()
    assert not SearchDocument.objects.filter(kind="article", key="nmjl-joker").exists()
    assert urls("joker exchange", kind="article") == [article.get_absolute_url()]


def test_an_unpublished_article_and_its_answers_disappear(rulings):
    article = rulings["touched"]
    article.is_published = False
    article.save()
    page = article.get_absolute_url()
    assert not [url for url in urls("touched tile") + urls("put back") if url.startswith(page)]


def test_a_deleted_article_takes_its_commentary_and_answers_with_it(rulings):
    rulings["wrong_count"].delete()
    assert urls("thirteen") == []
    assert urls("exchanged together", kind="commentary") == []
    assert not SearchDocument.objects.filter(key__in=["nmjl-205"]).exists()


def test_a_new_answer_is_found_and_a_deleted_one_is_not(rulings):
    question = Question.objects.create(
        article=rulings["exchange"], question="Can I swap from a dead hand?", answer="Yes."
    )
    assert urls("swap dead hand")[0] == (
        question.article.get_absolute_url() + f"#question-{question.pk}"
    )
    question.delete()
    assert urls("swap") == []


def test_commentary_of_one_article_is_one_result_with_all_its_parts(rulings):
    article = rulings["wrong_count"]
    Commentary.objects.create(article=article, body="Charleston passes are in motion.", position=2)
    assert len(search("jokers", kind="commentary").hits) == 1
    assert len(search("charleston", kind="commentary").hits) == 1
    article.commentaries.get(position=2).delete()
    assert search("charleston", kind="commentary").hits == []
    assert len(search("jokers", kind="commentary").hits) == 1


def test_a_source_is_found_by_the_quote_a_citation_adds(rulings):
    source = Source.objects.create(
        key="bulletin-1970", publication="nmjl-bulletin", year=1970, locator="page 5"
    )
    assert search("incorrect title", kind="source").hits == []
    citation = Citation.objects.create(
        source=source, article=rulings["touched"], quote="Never pick up the incorrect title."
    )
    assert search("incorrect title", kind="source").hits[0].ruleset == "nmjl"
    citation.delete()
    assert search("incorrect title", kind="source").hits == []


def test_a_glossary_term_is_found_by_its_alias(rulings):
    Term.objects.create(slug="kong", term="Kong", aliases="Quad, Quads", definition="Four.")
    assert [hit.title for hit in search("quads").hits] == ["Kong"]
    Term.objects.get(slug="kong").delete()
    assert search("quads").hits == []


def test_a_scenario_is_found_by_its_steps_and_takes_the_rule_set_of_its_article(rulings):
    scenario = Scenario.objects.create(
        slug="putting-back",
        title="Putting back a called tile",
        text="Feature: Putting back\n  Scenario: x\n    Given East has discarded 3 Bams\n",
    )
    scenario.articles.set([rulings["claiming"]])
    (tile, hit) = search("3B").hits
    assert tile.kind == "tile"
    assert (hit.kind, hit.title, hit.ruleset) == ("scenario", scenario.title, "matjok")
    assert [h.kind for h in search("3 bams", ruleset="nmjl").hits] == ["tile"]
    scenario.delete()
    assert [h.kind for h in search("3B").hits] == ["tile"]


def test_rebuilding_gives_the_index_the_saves_kept(rulings):
    Scenario.objects.create(slug="s", title="A scenario", text="Given East holds 7D")
    fields = ("kind", "key", "ruleset", "title", "body", "keywords", "url")
    kept = sorted(SearchDocument.objects.values_list(*fields))
    assert rebuild_index() == len(kept)
    assert sorted(SearchDocument.objects.values_list(*fields)) == kept
    assert urls("touched tile")  # the full-text index follows the rebuilt rows


def test_migrating_a_site_with_content_but_no_index_builds_the_index(rulings):
    from django.apps import apps

    from search.rebuild import build_if_empty

    SearchDocument.objects.all().delete()
    assert urls("touched tile") == []
    build_if_empty(app_config=apps.get_app_config("search"))
    assert urls("touched tile")[0] == rulings["touched"].get_absolute_url()


def test_the_rebuild_command_reports_what_it_indexed(rulings, capsys):
    from django.core.management import call_command

    call_command("rebuild_search_index")
    assert f"{SearchDocument.objects.count()} documents" in capsys.readouterr().out


def test_answers_given_on_their_own_are_titled_by_their_first_words(rulings):
    article = rulings["touched"]
    for answer in ("Yes, the exposure may change.", "No: the tile is racked and stays."):
        Question.objects.create(article=article, question="", answer=answer)
    titles = set(SearchDocument.objects.filter(kind="question").values_list("title", flat=True))
    assert "Answer on Article 6: Yes, the exposure may change." in titles
    assert "Answer on Article 6: No: the tile is racked and stays." in titles


def test_a_long_answer_on_its_own_is_titled_by_its_first_ten_words(rulings):
    answer = "one two three four five six seven eight nine ten eleven twelve"
    Question.objects.create(article=rulings["touched"], question="", answer=answer)
    document = SearchDocument.objects.get(kind="question", body=answer)
    assert (
        document.title == "Answer on Article 6: one two three four five six seven eight nine ten…"
    )


def test_sources_sharing_one_page_are_one_result_the_best(rulings):
    for page in (5, 9):
        Source.objects.create(
            key=f"mjme-2024-{page}", publication="mjme", year=2024, locator=f"page {page}"
        )
    hits = [hit for hit in search("mah jongg made easy").hits if hit.kind == "source"]
    assert [hit.url for hit in hits] == ["/sources/mjme/2024/"]


def test_every_receiver_says_in_one_line_what_follows_the_save_or_delete():
    from search.signals import RECEIVERS

    for _signal, _sender, receiver in RECEIVERS:
        doc = (receiver.__doc__ or "").strip()
        assert doc and "\n" not in doc, receiver.__name__


def test_a_term_rendered_again_when_its_linked_article_is_written_is_indexed_again(
    nmjl, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        term = Term.objects.create(term="Flamingo", definition="See Article 777 for the rule.")
    document = SearchDocument.objects.get(kind="term", key=term.slug)
    assert "not written yet" in document.body
    with django_capture_on_commit_callbacks(execute=True):
        Article.objects.create(ruleset=nmjl, key="nmjl-777", number="777", title="Seven")
    document.refresh_from_db()
    term.refresh_from_db()
    assert "not written yet" not in term.definition_html
    assert "not written yet" not in document.body


def test_a_renamed_article_is_titled_by_its_new_name_only_in_the_title_index(rulings):
    """Ranking's title pool and title tests read a title index of their own (SQLite's
    FTS5 table of titles, PostgreSQL's title vector): it follows a rename and a delete."""
    article = rulings["exchange"]
    article.title = "Flamingo exchanges"
    article.save()
    document = SearchDocument.objects.get(kind="article", key=article.key)

    def titled(word):
        return backend().in_title(backend().render(parse_query(word)), [document.pk])

    assert titled("flamingo") == {document.pk}
    assert titled("joker") == set()
    ranked = backend().rank(backend().render(parse_query("flamingo")), "", "", 10)
    assert document.pk in {candidate.pk for candidate in ranked}
    article.delete()
    assert titled("flamingo") == set()
