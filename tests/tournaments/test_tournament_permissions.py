"""Who may see and change a tournament: checked on the server, for every role and action.

Roles: an anonymous visitor, a logged-in member who directs nothing, a director of another
tournament, this tournament's director, a wiki editor, and staff.
"""

import pytest
from django.urls import reverse

from tournaments.models import HouseRule, PublishedVersion, Tournament

from .tournament_factories import (
    MAY_EDIT,
    ROLES,
    client_for,
    confirm_publish,
    house_rule,
    opened,
    tournament,
    user,
)

pytestmark = pytest.mark.django_db

MAY_SEE_DRAFT = {"director", "staff"}


@pytest.fixture
def event(people):
    made = tournament("harbour-open", directors=[people["director"]])
    tournament("other-event", directors=[people["other_director"]])
    house_rule(made, "A touched tile is a taken tile.", "touched-tile-is-taken", True)
    return made


@pytest.mark.parametrize("role", ROLES)
def test_a_draft_is_seen_only_by_its_directors_and_staff(client, people, event, role):
    client = client_for(client, people, role)
    page = client.get(reverse("tournaments:tournament", args=[event.slug]))
    as_json = client.get(reverse("tournaments:tournament-json", args=[event.slug]))
    listing = client.get(reverse("tournaments:tournaments"))

    expected = 200 if role in MAY_SEE_DRAFT else 404
    assert (page.status_code, as_json.status_code) == (expected, expected)
    assert (event.name in listing.content.decode()) == (role in MAY_SEE_DRAFT)


@pytest.mark.parametrize("role", ROLES)
def test_a_published_tournament_is_seen_by_everyone(client, people, event, role):
    event.status = Tournament.Status.PUBLISHED
    event.save()
    client = client_for(client, people, role)
    assert client.get(reverse("tournaments:tournament", args=[event.slug])).status_code == 200
    assert client.get(reverse("tournaments:tournament-json", args=[event.slug])).status_code == 200
    assert event.name in client.get(reverse("tournaments:tournaments")).content.decode()


def _expect_refused(response, role):
    if role == "anonymous":
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("login"))
    else:
        assert response.status_code == 403


@pytest.fixture
def published(event):
    event.status = Tournament.Status.PUBLISHED
    event.save()
    return event


@pytest.mark.parametrize("role", ROLES)
def test_only_its_directors_and_staff_open_the_edit_page(client, people, published, role):
    response = client_for(client, people, role).get(
        reverse("tournaments:tournament-edit", args=[published.slug])
    )
    if role in MAY_EDIT:
        assert response.status_code == 200
    else:
        _expect_refused(response, role)


@pytest.mark.parametrize("role", ROLES)
def test_only_its_directors_and_staff_edit_the_tournament_details(client, people, published, role):
    response = client_for(client, people, role).post(
        reverse("tournaments:tournament-edit", args=[published.slug]),
        {
            "name": "Renamed Open",
            "slug": published.slug,
            "ruleset": published.ruleset_id,
            "place": "",
            "base_rules": "NMJL",
            "starts_on": "",
            "ends_on": "",
            **opened(published),
        },
    )
    published.refresh_from_db()
    if role in MAY_EDIT:
        assert response.status_code == 302
        assert published.name == "Renamed Open"
    else:
        _expect_refused(response, role)
        assert published.name != "Renamed Open"


@pytest.mark.parametrize("role", ROLES)
def test_only_its_directors_and_staff_add_a_house_rule(client, people, published, role):
    response = client_for(client, people, role).post(
        reverse("tournaments:house-rule-add", args=[published.slug]),
        {"option": "", "value": "", "text": "Rounds last 60 minutes.", "position": 2},
    )
    added = published.house_rules.filter(text="Rounds last 60 minutes.").exists()
    if role in MAY_EDIT:
        assert response.status_code == 302
        assert added
    else:
        _expect_refused(response, role)
        assert not added


@pytest.mark.parametrize("role", ROLES)
def test_only_its_directors_and_staff_change_a_house_rule(client, people, published, role):
    rule = published.house_rules.get()
    response = client_for(client, people, role).post(
        reverse("tournaments:house-rule-edit", args=[published.slug, rule.pk]),
        {
            # staff's form names the engine's option; a director's offers its readings
            "option": "touched-tile-is-taken",
            "value": "off",
            "choice": "touched-tile-is-taken=committed-when-racked-or-exposed",
            "text": "Changed.",
            "position": 1,
            **opened(rule),
        },
    )
    rule.refresh_from_db()
    if role in MAY_EDIT:
        assert response.status_code == 302
        assert (rule.text, rule.value) == ("Changed.", "committed-when-racked-or-exposed")
    else:
        _expect_refused(response, role)
        assert (rule.text, rule.value) == ("A touched tile is a taken tile.", "touched-is-taken")


@pytest.mark.parametrize("role", ROLES)
def test_only_its_directors_and_staff_remove_a_house_rule(client, people, published, role):
    rule = published.house_rules.get()
    response = client_for(client, people, role).post(
        reverse("tournaments:house-rule-delete", args=[published.slug, rule.pk]), opened(rule)
    )
    still_there = HouseRule.objects.filter(pk=rule.pk).exists()
    if role in MAY_EDIT:
        assert response.status_code == 302
        assert not still_there
    else:
        _expect_refused(response, role)
        assert still_there


@pytest.mark.parametrize("role", ROLES)
def test_only_its_directors_and_staff_publish(client, people, event, role):
    response = confirm_publish(client_for(client, people, role), event.slug)
    versions = PublishedVersion.objects.filter(tournament=event).count()
    event.refresh_from_db()
    if role in MAY_EDIT:
        assert response.status_code == 302
        assert (versions, event.status) == (1, Tournament.Status.PUBLISHED)
    elif role == "anonymous":
        _expect_refused(response, role)
        assert versions == 0
    else:
        # A draft is invisible to them: they get the same 404 as for no tournament at all.
        assert response.status_code == 404
        assert (versions, event.status) == (0, Tournament.Status.DRAFT)


@pytest.mark.parametrize("role", ROLES)
def test_only_tournament_directors_and_staff_start_a_tournament(client, people, role):
    client = client_for(client, people, role)
    response = client.post(
        reverse("tournaments:tournament-new"),
        {"name": "New Open", "slug": "new-open", "ruleset": _ruleset_id(), "base_rules": "NMJL"},
    )
    created = Tournament.objects.filter(slug="new-open").first()
    if role in {"director", "other_director", "staff"}:
        assert response.status_code == 302
        assert created is not None and created.status == Tournament.Status.DRAFT
        assert list(created.directors.all()) == [people[role]]
    else:
        _expect_refused(response, role)
        assert created is None


def _ruleset_id():
    from .tournament_factories import nmjl

    return nmjl().pk


def test_a_listed_director_outside_the_td_group_may_not_edit(client, people, published):
    outsider = user("outsider")
    published.directors.add(outsider)
    client.force_login(outsider)
    response = client.get(reverse("tournaments:tournament-edit", args=[published.slug]))
    assert response.status_code == 403


def test_opening_the_publish_page_publishes_nothing(client, people, published):
    client.force_login(people["director"])
    response = client.get(reverse("tournaments:tournament-publish", args=[published.slug]))
    assert response.status_code == 200
    assert "Confirm: publish version 1" in response.content.decode()
    assert not PublishedVersion.objects.filter(tournament=published).exists()


def test_a_house_rule_of_another_tournament_cannot_be_edited_through_this_one(client, people):
    mine = tournament("mine", directors=[people["director"]])
    theirs = tournament("theirs", directors=[people["other_director"]])
    their_rule = house_rule(theirs, "Their rule.")
    client.force_login(people["director"])
    response = client.post(
        reverse("tournaments:house-rule-delete", args=[mine.slug, their_rule.pk])
    )
    assert response.status_code == 404
    assert HouseRule.objects.filter(pk=their_rule.pk).exists()


def test_forms_are_protected_against_cross_site_requests(people, published):
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    client.force_login(people["director"])
    response = client.post(reverse("tournaments:tournament-publish", args=[published.slug]))
    assert response.status_code == 403
    assert not PublishedVersion.objects.filter(tournament=published).exists()


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("page", ["house-rule-add", "house-rule-edit", "house-rule-delete"])
def test_only_its_directors_and_staff_open_the_house_rule_forms(
    client, people, published, role, page
):
    rule = published.house_rules.get()
    args = [published.slug] if page == "house-rule-add" else [published.slug, rule.pk]
    response = client_for(client, people, role).get(reverse(f"tournaments:{page}", args=args))
    if role in MAY_EDIT:
        assert response.status_code == 200
        assert "csrfmiddlewaretoken" in response.content.decode()
    else:
        _expect_refused(response, role)
