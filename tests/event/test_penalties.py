"""Penalties that upgrade: logging a ruling with an infraction suggests the penalty from the
player's earlier offences at the event; the TD deviates only with a reason, which the log
keeps; the count is made under the player's lock, so two TDs logging at once count right."""

import threading

import pytest
from django.core.exceptions import ValidationError
from django.db import connection, transaction
from django.urls import reverse

from event.models import Infraction, InvolvedPlayer
from event.penalties import Suggestion, charge, suggest
from tests.clients import client_for
from toolkit.models import LoggedRuling

from .helpers import SLUG, event_world, log_data, log_url

pytestmark = pytest.mark.django_db


@pytest.fixture
def world():
    return event_world()


def logged(world, player, infraction, **fields):
    """A director logs a ruling that charges `infraction` to `player` through the form."""
    data = log_data(
        **{
            "event-players": [player.pk],
            "event-offender": player.pk,
            "event-infraction": infraction.pk,
            **fields,
        }
    )
    return client_for(world["first"]).post(log_url(), data)


def test_a_first_misnamed_discard_costs_the_schedules_points(world):
    said = suggest(world["ann"], world["misnamed"])
    assert (said.offence, said.points) == (1, 25)
    assert str(said) == "First misnamed discard at this event: −25, as your schedule says."


def test_a_second_misnamed_discard_by_the_same_player_is_suggested_at_the_upgraded_penalty(world):
    assert logged(world, world["ann"], world["misnamed"]).status_code == 302
    said = suggest(world["ann"], world["misnamed"])
    assert (said.offence, said.points) == (2, 50)
    assert str(said) == "Second misnamed discard at this event: −50, as your schedule says."
    assert logged(world, world["ann"], world["misnamed"]).status_code == 302
    given = InvolvedPlayer.objects.filter(player=world["ann"]).order_by("pk")
    assert [(g.offence, g.points) for g in given] == [(1, 25), (2, 50)]


def test_a_different_infraction_by_the_same_player_does_not_upgrade(world):
    logged(world, world["ann"], world["misnamed"])
    said = suggest(world["ann"], world["peek"])
    assert (said.offence, said.points) == (1, 10)


def test_the_same_infraction_by_a_different_player_does_not_upgrade(world):
    logged(world, world["ann"], world["misnamed"])
    said = suggest(world["bo"], world["misnamed"])
    assert (said.offence, said.points) == (1, 25)


def test_an_infraction_without_an_upgrade_path_costs_the_same_each_time(world):
    logged(world, world["ann"], world["peek"])
    assert suggest(world["ann"], world["peek"]).points == 10


def test_a_third_offence_left_to_the_head_td_needs_the_points_the_head_td_gave(world):
    logged(world, world["ann"], world["misnamed"])
    logged(world, world["ann"], world["misnamed"])
    said = suggest(world["ann"], world["misnamed"])
    assert said.points is None and "head TD decides" in str(said)
    refused = logged(world, world["ann"], world["misnamed"])
    assert refused.status_code == 400
    assert "Enter the points the head TD gave." in refused.content.decode()
    assert (
        logged(world, world["ann"], world["misnamed"], **{"event-points": "100"}).status_code == 302
    )
    assert InvolvedPlayer.objects.filter(offence=3).get().points == 100


def test_a_deviation_without_a_reason_is_refused_and_the_form_keeps_what_was_typed(world):
    logged(world, world["ann"], world["misnamed"])
    response = logged(
        world, world["ann"], world["misnamed"], what_happened="Ann named 4 Crak again.",
        **{"event-points": "25"},
    )  # fmt: skip
    assert response.status_code == 400
    text = response.content.decode()
    assert "Second misnamed discard at this event: −50, as your schedule says." in text
    assert "You gave −25: say why" in text
    assert "Ann named 4 Crak again." in text and 'value="25"' in text
    assert LoggedRuling.objects.count() == 1


def test_a_deviation_with_a_reason_is_logged_and_the_log_keeps_the_reason(world):
    logged(world, world["ann"], world["misnamed"])
    reason = "She corrected herself before the next discard."
    response = logged(
        world, world["ann"], world["misnamed"], **{"event-points": "25", "event-reason": reason}
    )
    assert response.status_code == 302
    charged = InvolvedPlayer.objects.get(offence=2)
    assert (charged.suggested_points, charged.points, charged.reason) == (50, 25, reason)
    page = client_for(world["second"]).get(reverse("toolkit:log", args=[SLUG])).content.decode()
    assert "−25 instead of the schedule&#x27;s −50: " + reason in page


def test_points_left_empty_take_the_suggestion(world):
    logged(world, world["bo"], world["peek"])
    assert InvolvedPlayer.objects.get().points == 10


def test_a_penalty_needs_its_player_and_its_infraction(world):
    data = log_data(**{"event-infraction": world["peek"].pk})
    response = client_for(world["first"]).post(log_url(), data)
    assert response.status_code == 400
    assert "Choose the player the penalty is for." in response.content.decode()


def test_a_ruling_names_players_without_a_penalty_and_a_spectator_in_text(world):
    data = log_data(
        players="a spectator in a red hat", **{"event-players": [world["ann"].pk, world["bo"].pk]}
    )
    assert client_for(world["first"]).post(log_url(), data).status_code == 302
    entry = LoggedRuling.objects.get()
    assert {n.player.name for n in entry.involved_players.all()} == {"Ann Lee", "Bo Park"}
    assert entry.players == "a spectator in a red hat"


def test_a_count_changed_meanwhile_refuses_the_penalty_typed_from_the_older_suggestion(world):
    first = LoggedRuling.objects.create(
        tournament=world["tournament"], what_happened="a", outcome="b"
    )
    charge(first, world["ann"], world["misnamed"])
    second = LoggedRuling.objects.create(
        tournament=world["tournament"], what_happened="a", outcome="b"
    )
    with pytest.raises(ValidationError, match="Second misnamed discard"):
        charge(second, world["ann"], world["misnamed"], points=25)


@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks: PostgreSQL's pass")
@pytest.mark.django_db(transaction=True)
def test_two_tds_logging_the_same_player_at_once_count_a_first_and_a_second_offence():
    world = event_world()
    ready = threading.Barrier(2)
    made, failures = [], []

    def log_at_once():
        try:
            with transaction.atomic():
                entry = LoggedRuling.objects.create(
                    tournament=world["tournament"], what_happened="Misnamed.", outcome="Penalty."
                )
                ready.wait(timeout=10)  # both entries saved, neither counted yet
                made.append(charge(entry, world["ann"], world["misnamed"]))
        except Exception as error:  # noqa: BLE001  (reported below, in the test's thread)
            failures.append(error)
        finally:
            connection.close()  # each thread has its own connection

    threads = [threading.Thread(target=log_at_once) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert failures == []
    counted = sorted((c.offence, c.points) for c in InvolvedPlayer.objects.all())
    assert counted == [(1, 25), (2, 50)]


def test_the_schedule_is_the_tournaments_own(world):
    other = Infraction.objects.create(
        tournament=world["tournament"], name="late return", points=5, second_points=5
    )
    url = reverse("event:suggest", args=[SLUG])
    answer = client_for(world["first"]).get(
        url, {"player": world["ann"].pk, "infraction": other.pk}
    )
    assert answer.json() == {
        "text": "First late return at this event: −5, as your schedule says.",
        "points": 5,
        "offence": 1,
    }
    bad = client_for(world["first"]).get(url, {"player": "x", "infraction": other.pk})
    assert bad.status_code == 400


def test_a_penalty_corrected_below_the_schedule_needs_a_reason_too(world):
    logged(world, world["ann"], world["misnamed"])
    penalty = InvolvedPlayer.objects.get()
    url = reverse("event:involved-edit", args=[SLUG, penalty.pk])
    director = client_for(world["second"])
    base = director.get(url).context["form"].initial["base_version"]
    refused = director.post(url, {"points": "10", "reason": "", "base_version": base})
    assert refused.status_code == 400
    assert "The schedule says −25: say why this differs." in refused.content.decode()
    given = director.post(
        url, {"points": "10", "reason": "Owned up at once.", "base_version": base}
    )
    assert given.status_code == 302
    penalty.refresh_from_db()
    assert (penalty.points, penalty.reason, penalty.offence) == (10, "Owned up at once.", 1)


def test_a_penalty_counted_meanwhile_by_another_td_sends_the_form_back_with_the_new_count(
    world, monkeypatch
):
    """The form was checked against a first offence; by the time it is saved another TD's
    penalty for the same player is in, so under the lock it is a second: −25 needs a reason
    now, and nothing of the entry is kept."""
    import event.log_parts

    charge(
        LoggedRuling.objects.create(tournament=world["tournament"], what_happened="a", outcome="b"),
        world["ann"],
        world["misnamed"],
    )
    monkeypatch.setattr(
        event.log_parts, "suggest", lambda player, infraction: Suggestion(infraction, 1, 25)
    )
    response = logged(world, world["ann"], world["misnamed"], **{"event-points": "25"})
    assert response.status_code == 409
    assert "Second misnamed discard at this event: −50" in response.content.decode()
    assert LoggedRuling.objects.count() == 1 and InvolvedPlayer.objects.count() == 1


def test_a_logged_ruling_names_the_sites_ruling_it_applied_and_links_it(world):
    from articles.models import Ruling
    from tests.tournaments.tournament_factories import article

    applied = Ruling.objects.create(
        article=article("nmjl-6", "6"), slug="give-back", question="May she give it back?",
        answer="No.", reason="Racked.",
    )  # fmt: skip
    response = client_for(world["first"]).post(log_url(), log_data(ruling=applied.pk))
    assert response.status_code == 302
    assert LoggedRuling.objects.get().ruling == applied
    page = client_for(world["second"]).get(reverse("toolkit:log", args=[SLUG])).content.decode()
    assert '<a href="/rulings/give-back/">May she give it back?</a>' in page


def test_a_correction_that_only_names_another_player_is_saved_and_said_so(world):
    logged(world, world["ann"], world["misnamed"])
    entry = LoggedRuling.objects.get()
    url = reverse("toolkit:log-edit", args=[SLUG, entry.pk])
    director = client_for(world["second"])
    form = director.get(url).context["form"]
    data = {name: value for name, value in form.initial.items() if value is not None}
    data["ruled_at"] = form["ruled_at"].value().strftime("%Y-%m-%dT%H:%M")
    data["event-players"] = [world["ann"].pk, world["bo"].pk]
    response = director.post(url, data, follow=True)
    assert "Nothing changed" not in response.content.decode()
    assert {n.player.name for n in entry.involved_players.all()} == {"Ann Lee", "Bo Park"}
    assert entry.involved_players.get(player=world["ann"]).offence == 1  # the penalty stays
