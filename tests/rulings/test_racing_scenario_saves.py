"""Scenario saves raced against two server processes: no acknowledged edit is ever lost.

QA lost 9 of 12 acknowledged edits this way before saves checked their starting version
under a lock. Six editors, two to each scenario of one feature, save at the same moment.
"""

import pytest
from django.contrib.auth.models import Group, User
from django.urls import reverse

from articles.models import Article, RuleSet
from rulings.models import Scenario
from tests.racing import add_to_paragraph, race

pytestmark = pytest.mark.django_db(transaction=True)

THREE_SCENARIOS = """@article:nmjl-6
Feature: Withdrawing a call
  Scenario: Touching the called tile does not commit the caller
    Given West has discarded 3B
    And South holds 3B 3B
    When South calls the discard
    Then that is allowed

  Scenario: A racked call is kept
    Given West has discarded 3B
    And South holds 3B 3B
    When South calls the discard
    Then that is allowed

  Scenario: An exposed call is kept
    Given West has discarded 3B
    And South holds 3B 3B
    When South calls the discard
    Then that is allowed
"""


def a_comment(paragraph):
    """A Gherkin comment line at the end of one scenario: the text stays valid."""
    return add_to_paragraph("text", paragraph, separator="\n    # ")


@pytest.fixture
def writers(db):
    group = Group.objects.get_or_create(name="Editors")[0]
    users = [User.objects.create_user(f"writer{n}") for n in range(6)]
    for user in users:
        user.groups.add(group)
    return users


def test_six_editors_saving_at_once_lose_no_acknowledged_edit(race_servers, writers):
    ruleset = RuleSet.objects.get_or_create(key="nmjl", defaults={"name": "NMJL"})[0]
    Article.objects.create(ruleset=ruleset, key="nmjl-6", number="6", title="Calls")
    scenario = Scenario.objects.create(
        slug="withdrawing", title="Withdrawing", text=THREE_SCENARIOS
    )
    url = reverse("rulings:scenario-edit", args=[scenario.slug])
    browsers = race_servers.browsers(writers)

    with race_servers.sharing():
        tally = race(
            browsers,
            url,
            [a_comment(n % 3) for n in range(6)],
            rounds=2,
            having="base_history_id",
            extra={"action": "save", "summary": "raced"},
        )

    assert tally.errors == []
    assert len(tally.acknowledged) == 12  # every editor got each edit in, in the end
    scenario.refresh_from_db()
    lines = [line.strip() for line in scenario.text.splitlines()]
    lost = [marker for marker in tally.acknowledged if f"# {marker}" not in lines]
    assert lost == []
    assert scenario.text == scenario.text.rstrip() + "\n"  # as a .feature file, merged or not
    assert tally.conflicts >= 1  # two editors of one scenario really met
    assert tally.merged >= 1  # editors of different scenarios were merged, not refused
    assert scenario.history.count() == 1 + len(tally.acknowledged)  # one version per save
    assert scenario.title == "Withdrawing a call"
