"""Small, hand-made content for the search tests: two rule sets, a few rulings."""

import pytest

from articles.models import Article, Commentary, Question, RuleSet, Term


@pytest.fixture
def nmjl(db):
    return RuleSet.objects.create(key="nmjl", name="NMJL", position=1)


@pytest.fixture
def matjok(db):
    return RuleSet.objects.create(key="matjok", name="Matjok", position=2)


@pytest.fixture
def rulings(nmjl, matjok):
    """A touched-tile article, a joker-exchange article, Article 205 and a Matjok page."""
    touched = Article.objects.create(
        ruleset=nmjl,
        key="nmjl-6",
        number="6",
        title="Changing an exposure",
        summary="A call commits you once the tile is racked.",
        body=(
            "You will hear of tables where a touched tile is a taken tile; that is stricter "
            "than the League. Suppose you exposed three Sevens of Dots."
        ),
    )
    exchange = Article.objects.create(
        ruleset=nmjl,
        key="nmjl-joker",
        title="Joker exchange",
        body="Any player holding the natural tile may exchange it for the Joker in an exposure.",
    )
    wrong_count = Article.objects.create(
        ruleset=nmjl,
        key="nmjl-205",
        number="205",
        title="Wrong number of tiles",
        body="Thirteen tiles must be in or on the rack.",
    )
    Commentary.objects.create(
        article=wrong_count,
        body="Several jokers may be exchanged together; tiles off the rack meanwhile are fine.",
    )
    Question.objects.create(
        article=touched,
        question="May I put back 7D after calling it?",
        answer="No: once racked, the called tile stays with you.",
    )
    claiming = Article.objects.create(
        ruleset=matjok,
        key="matjok-claiming",
        title="Claiming tiles",
        body="Poeng needs two matching tiles; the discarded 4 circles makes the third.",
    )
    Term.objects.create(
        slug="dead-hand", term="Dead hand", aliases="dead, dead hands", definition="A hand out."
    )
    return {
        "touched": touched,
        "exchange": exchange,
        "wrong_count": wrong_count,
        "claiming": claiming,
    }
