"""The engine keeps rulings honest: when a ruling's checks give another verdict than its
answer, editors see "The checks disagree with this ruling" on it and in a list, and the
article's watchers are told once; readers never see the flag."""

import pytest
from django.urls import reverse

from articles.models import Ruling
from community.models import Notification, RulingDisagreement, Watch
from rulings.agreement import agreement
from rulings.models import RulingCheck, Scenario
from tests.community.conftest import make_user, signed_in

CHECK = "A call withdrawn before the tile is racked"
WITHDRAWN = """Feature: Withdrawing a call
  @article:nmjl-6
  Scenario: A call withdrawn before the tile is racked
    Given East has discarded 8B
    And West holds 8B 8B
    When West calls the discard
    And West withdraws the call
    Then that is allowed
"""
# The same check, now ruling on a racked tile: it still passes, with the other verdict.
RACKED = WITHDRAWN.replace(
    "    And West withdraws the call\n    Then that is allowed\n",
    "    And West racks the called tile\n"
    "    And West withdraws the call\n"
    "    Then that is refused\n",
)
LIST = reverse("rulings:disagreeing-rulings")


@pytest.fixture
def ruling(article):
    return Ruling.objects.create(
        article=article,
        slug="return-a-call-not-yet-racked",
        position=1,
        question="May a caller give back a called tile not yet racked?",
        answer="Yes, until it is racked.",
        verdict=Ruling.Verdict.ALLOWED,
        reason="Saying call does not commit the caller.",
    )


@pytest.fixture
def checked(ruling):
    scenario = Scenario.objects.create(slug="withdrawing", title="", text=WITHDRAWN)
    RulingCheck.objects.create(ruling=ruling, scenario=scenario, check_name=CHECK)
    return scenario


@pytest.fixture
def article_watcher(article):
    reader = make_user("rhea")
    Watch.objects.create(user=reader, article=article)
    return reader


def _edit(scenario, text, editor):
    scenario.text = text
    scenario._history_user = editor
    scenario.save()


def test_a_ruling_its_check_confirms_is_not_flagged(ruling, checked, editor):
    found = agreement(ruling)
    assert [item.verdict for item in found.checks] == ["allowed"]
    assert not found.disagrees
    page = signed_in(editor).get(ruling.get_absolute_url()).content.decode()
    assert "The checks disagree with this ruling" not in page
    assert not RulingDisagreement.objects.exists()


def test_a_check_edited_to_give_another_verdict_flags_the_ruling_and_tells_a_watcher_once(
    ruling, checked, editor, article_watcher
):
    _edit(checked, RACKED, editor)

    assert agreement(ruling).disagrees
    page = signed_in(editor).get(ruling.get_absolute_url()).content.decode()
    assert "The checks disagree with this ruling" in page
    assert f"{CHECK}</a>: Not allowed" in page
    listed = signed_in(editor).get(LIST).content.decode()
    assert ruling.question in listed
    told = Notification.objects.filter(user=article_watcher, reason=Notification.VERDICTS)
    assert [notice.message for notice in told if "ruling" in notice.message] == [
        f"The checks disagree with the ruling “{ruling.question}”: "
        f"{CHECK} (withdrawing): Not allowed."
    ]
    assert told.filter(url=ruling.get_absolute_url()).count() == 1

    checked.title = "Withdrawing a call, renamed"
    checked._history_user = editor
    checked.save()  # the verdicts are as before: nobody is told again
    assert told.filter(url=ruling.get_absolute_url()).count() == 1


def test_readers_never_see_the_flag_and_only_editors_open_the_list(
    ruling, checked, editor, bystander, client
):
    _edit(checked, RACKED, editor)
    assert "The checks disagree" not in client.get(ruling.get_absolute_url()).content.decode()
    assert "The checks disagree" not in (
        signed_in(bystander).get(ruling.get_absolute_url()).content.decode()
    )
    assert client.get(LIST).status_code == 302  # to the sign-in page
    assert signed_in(bystander).get(LIST).status_code == 403
    assert signed_in(editor).get(LIST).status_code == 200


def test_a_ruling_edited_against_its_check_is_flagged_and_cleared_when_edited_back(
    ruling, checked, editor, article_watcher
):
    ruling.verdict, ruling.answer = Ruling.Verdict.NOT_ALLOWED, "No."
    ruling._history_user = editor
    ruling.save()
    assert RulingDisagreement.objects.filter(ruling=ruling).exists()

    ruling.verdict, ruling.answer = Ruling.Verdict.ALLOWED, "Yes, until it is racked."
    ruling.save()
    assert not RulingDisagreement.objects.filter(ruling=ruling).exists()
    told = Notification.objects.filter(user=article_watcher, url=ruling.get_absolute_url())
    assert list(told.order_by("pk").values_list("message", flat=True)) == [
        f"The checks disagree with the ruling “{ruling.question}”: {CHECK} (withdrawing): Allowed.",
        f"The checks agree again with the ruling “{ruling.question}”.",
    ]


def test_a_ruling_with_a_verdict_and_no_check_is_listed_as_unchecked_not_disagreeing(
    ruling, editor
):
    found = agreement(ruling)
    assert found.unchecked and not found.disagrees
    listed = signed_in(editor).get(LIST).content.decode()
    assert "No check shows them" in listed
    assert ruling.question in listed.split("No check shows them")[1]


def test_a_ruling_with_no_verdict_needs_no_check(ruling):
    ruling.verdict = Ruling.Verdict.NONE
    assert not agreement(ruling).unchecked


def test_linking_a_check_that_gives_another_verdict_tells_the_articles_watcher(
    ruling, article_watcher
):
    racked = Scenario.objects.create(slug="racked", title="", text=RACKED)
    RulingCheck.objects.create(ruling=ruling, scenario=racked, check_name=CHECK)
    assert RulingDisagreement.objects.get(ruling=ruling).checks == [
        f"{CHECK} (racked): Not allowed"
    ]
    assert Notification.objects.filter(user=article_watcher, url=ruling.get_absolute_url())


def test_a_check_linked_where_nobody_watches_is_compared_as_the_pages_draw(ruling, editor):
    racked = Scenario.objects.create(slug="racked", title="", text=RACKED)
    RulingCheck.objects.create(ruling=ruling, scenario=racked, check_name=CHECK)
    assert not RulingDisagreement.objects.exists()  # nobody to tell
    assert agreement(ruling).disagrees
    assert ruling.question in signed_in(editor).get(LIST).content.decode()
