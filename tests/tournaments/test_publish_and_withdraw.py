"""Publishing shows what will change and asks to confirm; a published version can be withdrawn
with a reason, and players then read the version in force before it (or nothing: a draft)."""

import json

import pytest
from django.urls import reverse

from tournaments.comparison import tournament_page
from tournaments.models import PublishedVersion, Tournament
from tournaments.versions import options_for, publish

from .tournament_factories import (
    MAY_EDIT,
    ROLES,
    client_for,
    confirm_publish,
    house_rule,
    tournament,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_cached_pages")]

TOUCHED = "A touched tile is a taken tile."
ONE_EXCHANGE = "One joker exchange at a time."


@pytest.fixture
def harbour(people):
    """Published as version 1 (touched is taken), then a second rule added to the working copy."""
    made = tournament("harbour-open", directors=[people["director"]], name="Harbour Open")
    house_rule(made, TOUCHED, "touched-tile-is-taken", True)
    publish(made, people["director"])
    house_rule(made, ONE_EXCHANGE, "one-joker-exchange-at-a-time", True)
    made.refresh_from_db()
    return made


def publish_url(slug="harbour-open"):
    return reverse("tournaments:tournament-publish", args=[slug])


def withdraw_url(number, slug="harbour-open"):
    return reverse("tournaments:version-withdraw", args=[slug, number])


def page_of(client, slug="harbour-open"):
    return client.get(reverse("tournaments:tournament", args=[slug])).content.decode()


# --- Publishing asks first -----------------------------------------------------------------


def test_the_publish_page_lists_the_changes_since_the_published_version_and_publishes_nothing(
    client, people, harbour
):
    client.force_login(people["director"])
    response = client.get(publish_url())
    html = response.content.decode()
    assert response.status_code == 200
    assert "Players now read version 1" in html
    assert "House rule 2 added." in html and ONE_EXCHANGE in html
    assert TOUCHED not in html  # unchanged, so not listed
    assert "Confirm: publish version 2" in html
    assert harbour.versions.count() == 1


def test_cancel_goes_back_to_editing_and_publishes_nothing(client, people, harbour):
    client.force_login(people["director"])
    html = client.get(publish_url()).content.decode()
    edit = reverse("tournaments:tournament-edit", args=[harbour.slug])
    assert f'href="{edit}">Cancel</a>' in html
    assert client.get(edit).status_code == 200
    assert harbour.versions.count() == 1


def test_confirming_publishes_the_next_version_and_players_read_it(client, people, harbour):
    client.force_login(people["director"])
    response = confirm_publish(client, harbour.slug)
    assert response.status_code == 302
    assert response["Location"] == harbour.get_absolute_url()
    assert list(harbour.versions.values_list("number", flat=True)) == [2, 1]
    client.logout()
    assert "House rules, version 2" in page_of(client)


def test_a_post_without_the_confirmation_only_shows_the_page_again(client, people, harbour):
    client.force_login(people["director"])
    response = client.post(publish_url())
    assert response.status_code == 200
    assert "Confirm: publish version 2" in response.content.decode()
    assert harbour.versions.count() == 1


def test_a_change_saved_after_the_page_was_shown_is_shown_before_anything_is_published(
    client, people, harbour
):
    client.force_login(people["director"])
    seen = client.get(publish_url()).context["working_copy"]
    house_rule(harbour, "Late change by another director.")
    response = client.post(publish_url(), {"confirm": "yes", "working_copy": seen})
    html = response.content.decode()
    assert response.status_code == 409
    assert "were changed after you opened this page" in html
    assert "Late change by another director." in html
    assert harbour.versions.count() == 1
    # Confirming what is shown now publishes it.
    assert confirm_publish(client, harbour.slug).status_code == 302
    assert harbour.versions.count() == 2


def test_with_nothing_changed_there_is_nothing_to_confirm(client, people, harbour):
    harbour.house_rules.get(option="one-joker-exchange-at-a-time").delete()
    client.force_login(people["director"])
    html = client.get(publish_url()).content.decode()
    assert "Nothing has changed since version 1" in html
    assert "Confirm: publish" not in html
    confirm_publish(client, harbour.slug)
    assert harbour.versions.count() == 1


def test_publishing_a_draft_for_the_first_time_lists_every_house_rule(client, people):
    draft = tournament("new-open", directors=[people["director"]])
    house_rule(draft, TOUCHED, "touched-tile-is-taken", True)
    client.force_login(people["director"])
    html = client.get(publish_url("new-open")).content.decode()
    assert "Nothing is published yet" in html and "House rule 1 added." in html
    confirm_publish(client, "new-open")
    draft.refresh_from_db()
    assert draft.status == Tournament.Status.PUBLISHED


@pytest.mark.parametrize("role", ROLES)
def test_only_its_directors_and_staff_open_the_publish_confirmation(client, people, harbour, role):
    response = client_for(client, people, role).get(publish_url())
    if role in MAY_EDIT:
        assert response.status_code == 200
    elif role == "anonymous":
        assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
    else:
        assert response.status_code == 403
    assert harbour.versions.count() == 1


# --- Withdrawing a version ------------------------------------------------------------------


@pytest.fixture
def two_versions(people, harbour):
    publish(harbour, people["director"])
    return harbour


def withdraw(client, number, reason="Rule 2 was published by mistake."):
    return client.post(withdraw_url(number), {"reason": reason})


@pytest.mark.parametrize("role", ROLES)
def test_only_its_directors_and_staff_withdraw_a_version(client, people, two_versions, role):
    client = client_for(client, people, role)
    opened = client.get(withdraw_url(2))
    response = withdraw(client, 2)
    withdrawn = PublishedVersion.objects.get(tournament=two_versions, number=2).is_withdrawn
    if role in MAY_EDIT:
        assert opened.status_code == 200
        assert response.status_code == 302
        assert withdrawn
    else:
        expected = 302 if role == "anonymous" else 403
        assert (opened.status_code, response.status_code) == (expected, expected)
        assert not withdrawn


def test_the_withdraw_page_says_what_players_will_read_instead(client, people, two_versions):
    client.force_login(people["director"])
    html = client.get(withdraw_url(2)).content.decode()
    assert "After withdrawing it, players read version 1" in html


def test_a_withdrawal_needs_a_reason(client, people, two_versions):
    client.force_login(people["director"])
    response = withdraw(client, 2, reason="   ")
    assert response.status_code == 200
    assert "This field is required." in response.content.decode()
    assert not two_versions.versions.get(number=2).is_withdrawn


def test_after_a_withdrawal_players_read_the_previous_version_and_why(client, people, two_versions):
    assert "House rules, version 2" in page_of(client)  # an anonymous reader, now cached
    client.force_login(people["director"])
    withdraw(client, 2)
    client.logout()

    html = page_of(client)
    assert "House rules, version 1" in html
    assert ONE_EXCHANGE not in html.split('id="withdrawn-title"')[0]
    assert "Version 2 was withdrawn" in html and "Rule 2 was published by mistake." in html
    assert "by director" in html
    assert options_for(two_versions) == {"touched-tile-is-taken": True}
    matrix_row = Tournament.objects.with_published_rules().get(pk=two_versions.pk)
    assert matrix_row.published_number == 1


def test_the_json_records_the_withdrawal_who_when_and_why(client, people, two_versions):
    client.force_login(people["director"])
    withdraw(client, 2)
    client.logout()
    data = json.loads(
        client.get(reverse("tournaments:tournament-json", args=[two_versions.slug])).content
    )
    assert data["version"] == 1
    [withdrawal] = data["withdrawn_versions"]
    assert withdrawal["number"] == 2
    assert withdrawal["withdrawn_by"] == "director"
    assert withdrawal["reason"] == "Rule 2 was published by mistake."
    assert withdrawal["withdrawn_at"]
    versions = {v["number"]: v["withdrawn"] for v in data["versions"]}
    assert versions[1] is None and versions[2]["reason"] == "Rule 2 was published by mistake."


def test_withdrawing_the_only_version_makes_the_tournament_a_draft_again(client, people, harbour):
    client.force_login(people["director"])
    response = withdraw(client, 1)
    assert response.status_code == 302
    harbour.refresh_from_db()
    assert harbour.status == Tournament.Status.DRAFT
    assert "Version 1 was withdrawn" in page_of(client)  # its director still sees it
    client.logout()
    assert client.get(harbour.get_absolute_url()).status_code == 404
    assert "Harbour Open" not in client.get(reverse("tournaments:tournaments")).content.decode()


def test_only_the_version_players_read_can_be_withdrawn(client, people, two_versions):
    client.force_login(people["director"])
    assert client.get(withdraw_url(1)).status_code == 404
    assert withdraw(client, 1).status_code == 404
    assert not two_versions.versions.get(number=1).is_withdrawn


def test_a_withdrawn_version_is_not_withdrawn_twice(client, people, two_versions):
    client.force_login(people["director"])
    withdraw(client, 2)
    assert withdraw(client, 2, reason="Again").status_code == 404
    assert two_versions.versions.get(number=2).withdrawal_reason == (
        "Rule 2 was published by mistake."
    )


def test_publishing_after_a_withdrawal_takes_a_new_number_and_compares_with_the_one_in_force(
    client, people, two_versions
):
    client.force_login(people["director"])
    withdraw(client, 2)
    html = client.get(publish_url()).content.decode()
    assert "Players now read version 1" in html and "House rule 2 added." in html
    assert "Confirm: publish version 3" in html
    confirm_publish(client, two_versions.slug)
    assert list(two_versions.versions.values_list("number", flat=True)) == [3, 2, 1]
    page = tournament_page(two_versions)
    assert (page.sheet.number, page.previous_number) == (3, 1)


@pytest.mark.parametrize("number", [0, 99, 10**30])
def test_withdrawing_a_version_that_does_not_exist_is_not_found(client, people, harbour, number):
    client.force_login(people["director"])
    assert client.get(withdraw_url(number)).status_code == 404
    assert withdraw(client, number).status_code == 404


@pytest.mark.parametrize("role", ["anonymous", "member", "director"])
def test_the_tournament_page_offers_withdrawing_only_to_those_who_may(
    client, people, two_versions, role
):
    html = page_of(client_for(client, people, role))
    assert (withdraw_url(2) in html) == (role in MAY_EDIT)
