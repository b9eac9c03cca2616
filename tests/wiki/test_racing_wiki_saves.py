"""Every kind of wiki page saved by many editors at once, on two server processes.

The count is the one that matters to an editor: each save the site called "Saved" is in the
final text. Two editors of one paragraph meet in a conflict (each sees the other's text);
editors of different paragraphs or fields are merged.
"""

import pytest
from django.contrib.auth.models import Group, User

from articles.models import (
    Article,
    Citation,
    Commentary,
    Question,
    RuleSet,
    Ruling,
    Source,
    Term,
)
from articles.permissions import EDITORS
from articles.wiki.kinds import KINDS
from tests.racing import add_to_field, add_to_paragraph, race

pytestmark = pytest.mark.django_db(transaction=True)

PARAGRAPHS = "The call stands.\n\nThe exposure may change.\n\nA second exposure is a dead hand."


@pytest.fixture
def editors(db):
    group = Group.objects.get_or_create(name=EDITORS)[0]
    users = [User.objects.create_user(f"editor{n}") for n in range(6)]
    for user in users:
        user.groups.add(group)
    return users


@pytest.fixture
def article(db):
    ruleset = RuleSet.objects.get_or_create(key="nmjl", defaults={"name": "NMJL"})[0]
    return Article.objects.create(
        ruleset=ruleset, key="nmjl-6", number="6", title="Exposures", body=PARAGRAPHS
    )


def page_of(kind, article):
    """One page of each kind, its Markdown field holding three paragraphs."""
    if kind == "article":
        return article, "body"
    if kind == "commentary":
        return Commentary.objects.create(article=article, body=PARAGRAPHS), "body"
    if kind == "question":
        return Question.objects.create(article=article, question="May it?", answer=PARAGRAPHS), (
            "answer"
        )
    if kind == "citation":
        source = Source.objects.create(key="bulletin-2025", publication="nmjl-bulletin", year=2025)
        return Citation.objects.create(article=article, source=source, quote=PARAGRAPHS), "quote"
    if kind == "ruling":
        ruling = Ruling.objects.create(
            article=article, slug="give-back", question="Back?", answer="No.", reason=PARAGRAPHS
        )
        return ruling, "reason"
    return Term.objects.create(slug="exposure", term="Exposure", definition=PARAGRAPHS), (
        "definition"
    )


def words_of(text):
    return set(text.replace("\n", " ").split())


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_six_editors_saving_one_page_at_once_lose_no_acknowledged_edit(
    race_servers, editors, article, kind
):
    page, field = page_of(kind, article)
    browsers = race_servers.browsers(editors)

    with race_servers.sharing():
        tally = race(
            browsers,
            KINDS[kind].url("edit", page),
            [add_to_paragraph(field, n % 3) for n in range(6)],
        )

    assert tally.errors == []
    assert len(tally.acknowledged) == 12
    page.refresh_from_db()
    text = getattr(page, field)
    assert [marker for marker in tally.acknowledged if marker not in words_of(text)] == []
    assert tally.conflicts >= 1
    assert tally.merged >= 1
    assert page.history.count() == 1 + len(tally.acknowledged)


def test_editors_of_an_articles_title_summary_and_text_at_once_are_all_merged(
    race_servers, editors, article
):
    browsers = race_servers.browsers(editors[:3])
    edits = [add_to_field("title"), add_to_field("summary"), add_to_paragraph("body", 1)]

    with race_servers.sharing():
        tally = race(browsers, KINDS["article"].url("edit", article), edits)

    assert tally.errors == []
    assert tally.conflicts == 0  # no two editors touched the same thing
    assert tally.merged >= 1
    article.refresh_from_db()
    assert {"edit-0-0", "edit-0-1"} <= words_of(article.title)
    assert {"edit-1-0", "edit-1-1"} <= words_of(article.summary)
    assert {"edit-2-0", "edit-2-1"} <= words_of(article.body)
