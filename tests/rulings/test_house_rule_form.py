"""The house-rule form offers, and the server accepts, only the rule set's own engine options."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from articles.models import RuleSet
from rulings.models import HouseRule, Tournament
from rulings.tournament_forms import HouseRuleForm

from .tournament_factories import td, tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def matjok():
    return RuleSet.objects.get_or_create(key="matjok", defaults={"name": "Matjok"})[0]


@pytest.fixture
def matjok_event(matjok):
    return Tournament.objects.create(slug="paramaribo-cup", name="Paramaribo Cup", ruleset=matjok)


@pytest.fixture
def director():
    return td("director")


def test_a_matjok_tournaments_house_rule_form_offers_no_nmjl_option(matjok_event):
    choices = dict(HouseRuleForm(tournament=matjok_event).fields["option"].choices)
    assert list(choices) == [""], choices  # only the plain-text rule


def test_an_nmjl_tournaments_house_rule_form_offers_the_nmjl_options():
    choices = dict(HouseRuleForm(tournament=tournament("spring-open")).fields["option"].choices)
    assert {"touched-tile-is-taken", "joker-exchange-locks-exposure"} <= set(choices)


def test_an_nmjl_option_posted_for_a_matjok_tournament_is_refused_on_the_server(
    client, matjok_event, director
):
    matjok_event.directors.add(director)
    client.force_login(director)
    response = client.post(
        reverse("rulings:house-rule-add", args=[matjok_event.slug]),
        {
            "option": "touched-tile-is-taken",
            "value": "on",
            "text": "Touched is taken.",
            "position": 1,
        },
    )
    assert response.status_code == 200
    assert "Select a valid choice" in response.content.decode()
    assert not matjok_event.house_rules.exists()


def test_a_house_rule_of_another_rule_sets_option_does_not_validate(matjok_event):
    rule = HouseRule(
        tournament=matjok_event, option="touched-tile-is-taken", value=True, text="Taken."
    )
    with pytest.raises(ValidationError) as refused:
        rule.full_clean()
    assert "another rule set" in str(refused.value.message_dict["option"])
