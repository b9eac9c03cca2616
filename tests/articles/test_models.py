"""The content models: Markdown rendered at save, safe HTML, citations, history."""

import pytest
from django.db import IntegrityError, transaction

from articles.models import Article, Citation, Commentary, Question, RuleSet, Source, Term

pytestmark = pytest.mark.django_db


@pytest.fixture
def nmjl():
    return RuleSet.objects.create(key="nmjl", name="NMJL")


@pytest.fixture
def article(nmjl):
    return Article.objects.create(ruleset=nmjl, key="nmjl-6", number="6", title="Changing")


def test_saving_an_article_renders_its_markdown_body_to_html(article):
    article.body = "A **Joker** may go in.\n\nThen you *discard*."
    article.save()
    article.refresh_from_db()
    assert "<strong>Joker</strong>" in article.body_html
    assert "<em>discard</em>" in article.body_html


def test_commentary_answer_and_definition_are_rendered_when_saved(article):
    commentary = Commentary.objects.create(article=article, body="Per the **league**.")
    question = Question.objects.create(article=article, answer="Once you *discard*, no.")
    term = Term.objects.create(slug="kong", term="Kong", definition="Four **identical** tiles.")
    assert "<strong>league</strong>" in commentary.body_html
    assert "<em>discard</em>" in question.answer_html
    assert "<strong>identical</strong>" in term.definition_html


def test_script_typed_into_a_commentary_never_reaches_the_page(article):
    commentary = Commentary.objects.create(
        article=article, body="<script>alert(1)</script> [x](javascript:alert(1))"
    )
    assert "<script" not in commentary.body_html
    assert 'href="javascript' not in commentary.body_html


def test_a_citation_that_cites_two_statements_at_once_is_refused(article):
    source = Source.objects.create(key="b1970", publication="nmjl-bulletin", year=1970)
    commentary = Commentary.objects.create(article=article, body="x")
    with pytest.raises(IntegrityError), transaction.atomic():
        Citation.objects.create(source=source, article=article, commentary=commentary)


def test_a_citation_that_cites_nothing_is_refused(article):
    source = Source.objects.create(key="b1970", publication="nmjl-bulletin", year=1970)
    with pytest.raises(IntegrityError), transaction.atomic():
        Citation.objects.create(source=source)


def test_a_citation_of_an_answer_belongs_to_the_answers_article(article):
    source = Source.objects.create(key="b1970", publication="nmjl-bulletin", year=1970)
    question = Question.objects.create(article=article, answer="Yes.")
    citation = Citation.objects.create(source=source, question=question)
    assert citation.cited_article == article
    assert citation.statement == question


def test_a_bulletin_source_reads_as_publication_year_and_page():
    source = Source(key="b", publication="nmjl-bulletin", year=1970, locator="page 5")
    assert str(source) == "NMJL Bulletin 1970, page 5"
    assert str(Source(key="m", publication="mjme", year=2024)) == "Mah Jongg Made Easy 2024"


def test_an_article_with_a_number_is_labelled_article_n_and_one_without_by_title(nmjl):
    numbered = Article(ruleset=nmjl, key="nmjl-205", number="205", title="Wrong number")
    guide = Article(ruleset=nmjl, key="nmjl-calling", title="When can you call?")
    assert numbered.label == "Article 205"
    assert guide.label == "When can you call?"


def test_published_leaves_out_unpublished_articles(nmjl):
    Article.objects.create(ruleset=nmjl, key="shown", title="Shown")
    Article.objects.create(ruleset=nmjl, key="draft", title="Draft", is_published=False)
    assert list(Article.objects.published().values_list("key", flat=True)) == ["shown"]


def test_the_articles_a_text_mentions_are_found_once_each_and_not_itself(article):
    Commentary.objects.create(
        article=article, body="See Article 24, then Article 168 and Article 24."
    )
    Question.objects.create(article=article, answer="As Article 6 says, and Articles 77.")
    article = Article.objects.with_page_content().get(pk=article.pk)
    assert article.mentioned_numbers() == ["24", "168", "77"]


def test_every_change_to_an_article_is_kept_in_its_history(article):
    article.title = "Changing an exposure"
    article.save()
    titles = list(article.history.order_by("history_date").values_list("title", flat=True))
    assert titles == ["Changing", "Changing an exposure"]
