"""The house-rule form and the sheet as players read them: only the rule set's own engine
options, plain words, no doubled help or punctuation."""

import datetime
import re

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from articles.models import Article, RuleSet
from articles.permissions import EDITORS, TOURNAMENT_DIRECTORS
from tournaments.forms import HouseRuleForm, TournamentForm
from tournaments.models import HouseRule, Tournament
from tournaments.versions import publish

from .tournament_factories import article, house_rule, td, tournament, user

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


@pytest.fixture
def author():
    """A director who is an editor: the form that names the engine's options is theirs."""
    return user("author", TOURNAMENT_DIRECTORS, EDITORS)


def text_of(html):
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", html))


def test_a_matjok_tournaments_house_rule_form_offers_no_nmjl_option(matjok_event):
    choices = dict(HouseRuleForm(tournament=matjok_event).fields["option"].choices)
    assert list(choices) == [""], choices  # only the plain-text rule


def test_an_nmjl_tournaments_house_rule_form_offers_the_nmjl_options():
    choices = dict(HouseRuleForm(tournament=tournament("spring-open")).fields["option"].choices)
    assert {"touched-tile-is-taken", "joker-exchange-locks-exposure"} <= set(choices)


def test_an_nmjl_option_posted_for_a_matjok_tournament_is_refused_on_the_server(
    client, matjok_event, author
):
    matjok_event.directors.add(author)
    client.force_login(author)
    response = client.post(
        reverse("tournaments:house-rule-add", args=[matjok_event.slug]),
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


def test_the_house_rule_form_does_not_repeat_its_labels_as_help(director):
    event = tournament("spring-open", directors=[director])
    html = HouseRuleForm(tournament=event).as_div()
    assert "The League article it departs from." not in html
    assert "The change stated in full" not in html
    # Option labels are the names alone (a phone cuts a long one); the defaults are in the help.
    for value, label in HouseRuleForm(tournament=event).fields["option"].choices:
        assert label == (value or "None (plain text)")
    assert (
        "Defaults under the rule set: courtesy-pass on, "
        "joker-exchange-locks-exposure closed-by-joker-exchange," in html
    )


def test_a_slug_in_use_is_refused_in_plain_words():
    tournament("spring-open")
    form = TournamentForm(
        data={"name": "Again", "slug": "spring-open", "ruleset": RuleSet.objects.get().pk}
    )
    assert not form.is_valid()
    assert form.errors["slug"] == ["A tournament already uses this address (slug)."]


def test_the_sheet_puts_no_stop_after_a_title_ending_in_a_question_mark(client):
    asked = article("nmjl-add-later", title="Can I add a tile to an exposure later?")
    plain = article("nmjl-walls", title="Building the walls")
    event = tournament("spring-open", status=Tournament.Status.PUBLISHED)
    house_rule(event, "Touched is taken.", "touched-tile-is-taken", True, asked)
    house_rule(event, "Walls of 19.", departs_from=plain)
    publish(event, on=datetime.date(2026, 11, 2))
    page = text_of(
        client.get(reverse("tournaments:tournament", args=[event.slug])).content.decode()
    )
    assert "Departs from Can I add a tile to an exposure later? " in page
    assert "later?." not in page
    assert "Departs from Building the walls." in page


def test_the_sheet_reads_a_house_rule_as_its_text_and_folds_its_option_for_authors(client):
    event = tournament("spring-open", status=Tournament.Status.PUBLISHED)
    house_rule(event, "Touched is taken.", "touched-tile-is-taken", True, Article.objects.first())
    publish(event, on=datetime.date(2026, 11, 2))
    page = client.get(reverse("tournaments:tournament", args=[event.slug])).content.decode()
    assert "Touched is taken." in page
    authors = page[page.index('<details class="for-authors') :]
    assert (
        "sets the rule option <code>touched-tile-is-taken</code> to <code>touched-is-taken</code>."
        in authors
    )
    assert "touched-tile-is-taken" not in page[: page.index('<details class="for-authors')]
    assert "Rule option" not in page and " : on" not in text_of(page)
