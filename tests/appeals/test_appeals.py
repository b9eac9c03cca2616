"""Appeals, as a head TD and the players meet them: an appeal inside the deadline is
recorded, one after it refused with the deadline in words; only the head TD records a
round's end and decides; the log shows the first ruling beside the appeal's result."""

import importlib
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from appeals.models import Appeal, AppealRules, Round
from event.models import InvolvedPlayer, Player, Seat
from tests.clients import client_for
from tests.tournaments.tournament_factories import td, tournament, user
from toolkit.models import LoggedRuling
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def event():
    head, floor = td("head-td"), td("floor-td")
    made = tournament("appeal-open", status=Tournament.Status.PUBLISHED, directors=[head, floor])
    AppealRules.objects.create(tournament=made, head_td=head, deadline_minutes=30)
    return {"tournament": made, "head": head, "floor": floor}


def logged(event, minutes_ago=5, round=2):
    return LoggedRuling.objects.create(
        tournament=event["tournament"],
        ruled_at=timezone.now() - timedelta(minutes=minutes_ago),
        round=round,
        table="4",
        what_happened="East called a discard and racked it, then wanted to give it back.",
        outcome="She must use it.",
        recorded_by=event["floor"],
    )


def round_ended(event, number=2, minutes_ago=10):
    return Round.objects.create(
        tournament=event["tournament"],
        number=number,
        ended_at=timezone.now() - timedelta(minutes=minutes_ago),
    )


def appeal_form(when=None, **fields):
    when = timezone.localtime(when or timezone.now())
    return {
        "appellant": "Player 17",
        "lodged_at": when.strftime("%Y-%m-%dT%H:%M"),
        "appellant_statement": "I had not exposed it yet; it was still in my hand.",
        "other_statement": "It was on the rack when she spoke.",
        **fields,
    }


def appeal_url(event, entry):
    return reverse("appeals:appeal-add", args=[event["tournament"].slug, entry.pk])


def test_an_appeal_made_inside_the_deadline_after_the_round_is_recorded(event):
    entry = logged(event, minutes_ago=50)
    round_ended(event, minutes_ago=10)  # 20 minutes left of the 30
    response = client_for(event["floor"]).post(appeal_url(event, entry), appeal_form())
    assert response.status_code == 302
    appeal = Appeal.objects.get(logged_ruling=entry)
    assert appeal.appellant == "Player 17" and not appeal.is_decided


def test_an_appeal_made_after_the_deadline_is_refused_with_the_deadline_and_the_text_kept(event):
    entry = logged(event, minutes_ago=90)
    round_ended(event, minutes_ago=45)  # the 30 minutes ran out a quarter of an hour ago
    response = client_for(event["floor"]).post(appeal_url(event, entry), appeal_form())
    assert response.status_code == 400
    text = response.content.decode()
    assert "Too late to appeal" in text
    assert "within 30 minutes of the end of round 2" in text
    assert "I had not exposed it yet" in text  # what was typed comes back
    assert not Appeal.objects.exists()


def test_with_no_end_recorded_the_deadline_counts_from_the_ruling(event):
    late, fresh = (
        logged(event, minutes_ago=40, round=None),
        logged(event, minutes_ago=10, round=None),
    )
    client = client_for(event["floor"])
    refused = client.post(appeal_url(event, late), appeal_form())
    assert refused.status_code == 400
    assert "within 30 minutes of the ruling" in refused.content.decode()
    assert client.post(appeal_url(event, fresh), appeal_form()).status_code == 302


def test_the_tournaments_own_deadline_is_the_one_enforced(event):
    entry = logged(event, minutes_ago=50)
    round_ended(event, minutes_ago=45)
    client = client_for(event["floor"])
    rules_url = reverse("appeals:appeal-rules-edit", args=[event["tournament"].slug])
    form = client.get(rules_url).context["form"]
    saved = client.post(
        rules_url,
        {
            "head_td": event["head"].pk,
            "deadline_minutes": 60,
            "base_version": form.initial["base_version"],
        },
    )
    assert saved.status_code == 302
    assert client.post(appeal_url(event, entry), appeal_form()).status_code == 302


def test_an_appeal_dated_in_the_future_is_refused(event):
    entry = logged(event)
    later = timezone.now() + timedelta(hours=2)
    response = client_for(event["floor"]).post(appeal_url(event, entry), appeal_form(later))
    assert response.status_code == 400
    assert "cannot be made in the future" in response.content.decode()


def decide(person, event, appeal, **fields):
    url = reverse("appeals:decide", args=[event["tournament"].slug, appeal.pk])
    data = {"decision": "overturned", "reason": "She had not racked it.", **fields}
    return client_for(person).post(url, data)


def an_appeal(event):
    entry = logged(event)
    return Appeal.objects.create(
        logged_ruling=entry, appellant="Player 17", appellant_statement="It was in my hand."
    )


def test_a_director_who_is_not_the_head_td_cannot_decide_an_appeal(event):
    appeal = an_appeal(event)
    assert decide(event["floor"], event, appeal).status_code == 403
    staff = user("staff-member", is_staff=True)
    assert decide(staff, event, appeal).status_code == 403
    appeal.refresh_from_db()
    assert not appeal.is_decided


def test_the_head_td_decides_and_the_log_shows_the_first_ruling_beside_the_result(event):
    appeal = an_appeal(event)
    assert decide(event["head"], event, appeal).status_code == 302
    appeal.refresh_from_db()
    assert appeal.decision == "overturned" and appeal.decided_by == event["head"]
    log = client_for(event["floor"]).get(reverse("toolkit:log", args=["appeal-open"]))
    text = log.content.decode()
    assert "First ruling" in text and "She must use it." in text and "By floor-td" in text
    assert "The ruling is overturned" in text and "She had not racked it." in text
    assert "Decided by head-td" in text


def test_a_decision_needs_a_reason_and_a_decided_appeal_stays_decided(event):
    appeal = an_appeal(event)
    refused = decide(event["head"], event, appeal, reason="   ")
    assert refused.status_code == 400 and "Say why you decided so." in refused.content.decode()
    decide(event["head"], event, appeal)
    decide(event["head"], event, appeal, decision="upheld", reason="Second thoughts.")
    appeal.refresh_from_db()
    assert appeal.decision == "overturned"


def test_only_the_head_td_records_a_rounds_end_and_only_once(event):
    url = reverse("appeals:round-ended", args=["appeal-open"])
    assert client_for(event["floor"]).post(url, {"number": 1}).status_code == 403
    head = client_for(event["head"])
    head.post(url, {"number": 1})
    ended = Round.objects.get(tournament=event["tournament"], number=1).ended_at
    again = head.post(url, {"number": 1}, follow=True)
    assert "Round 1 already ended" in again.content.decode()
    assert Round.objects.get(tournament=event["tournament"], number=1).ended_at == ended
    assert "not a number" not in head.post(url, {"number": "x"}, follow=True).content.decode()


def test_appeals_are_not_there_for_a_reader_or_another_tournaments_director(event):
    appeal = an_appeal(event)
    outsider = td("other-td")
    tournament("other-open", status=Tournament.Status.PUBLISHED, directors=[outsider])
    for person in (None, user("a-reader"), outsider):
        client = client_for(person)
        page = reverse("appeals:appeal", args=["appeal-open", appeal.pk])
        assert client.get(page).status_code in (302, 404)
        assert client.post(appeal_url(event, appeal.logged_ruling), appeal_form()).status_code in (
            302,
            404,
        )
        assert Appeal.objects.count() == 1


def test_an_old_entrys_free_text_appeal_still_shows_in_the_log(event):
    logged(event).__class__.objects.filter(tournament=event["tournament"]).update(
        appeal="Carol appealed the penalty.", appeal_result="Penalty halved"
    )
    text = client_for(event["floor"]).get(reverse("toolkit:log", args=["appeal-open"])).content
    assert b"Carol appealed the penalty." in text and b"Penalty halved" in text


def test_a_new_entry_has_no_free_text_appeal_field_but_an_old_one_keeps_its_own(event):
    client = client_for(event["floor"])
    new = client.get(reverse("toolkit:log-add", args=["appeal-open"])).content.decode()
    assert 'type="hidden" name="appeal"' in new
    old = logged(event)
    LoggedRuling.objects.filter(pk=old.pk).update(appeal="Carol appealed the penalty.")
    page = client.get(reverse("toolkit:log-edit", args=["appeal-open", old.pk])).content.decode()
    assert '<textarea name="appeal"' in page and "Carol appealed the penalty." in page


def test_the_logs_queries_do_not_grow_with_its_appeals(event):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    client = client_for(event["head"])
    url = reverse("toolkit:log", args=["appeal-open"])

    def queries_with(appealed):
        for _ in range(appealed):
            an_appeal(event)
        client.get(url)  # the session and the user read once
        with CaptureQueriesContext(connection) as read:
            assert client.get(url).status_code == 200
        return len(read)

    assert queries_with(2) == queries_with(6)


def test_a_deadline_of_no_minutes_is_refused_and_the_rules_kept(event):
    client = client_for(event["floor"])
    rules_url = reverse("appeals:appeal-rules-edit", args=[event["tournament"].slug])
    form = client.get(rules_url).context["form"]
    refused = client.post(
        rules_url,
        {"head_td": "", "deadline_minutes": 0, "base_version": form.initial["base_version"]},
    )
    assert refused.status_code == 400
    assert "Give players at least a minute to appeal." in refused.content.decode()
    rules = AppealRules.objects.get(tournament=event["tournament"])
    assert (rules.head_td, rules.deadline_minutes) == (event["head"], 30)


def test_a_reader_cannot_set_the_appeal_rules_nor_an_editor_who_does_not_direct_it(event):
    from tests.tournaments.tournament_factories import editor

    rules_url = reverse("appeals:appeal-rules-edit", args=[event["tournament"].slug])
    assert client_for(user("plain-reader")).get(rules_url).status_code == 404
    assert client_for(editor("an-editor")).get(rules_url).status_code == 403


def test_a_director_corrects_an_appeals_statement_and_its_history_keeps_both(event):
    entry = logged(event)
    appeal = Appeal.objects.create(
        logged_ruling=entry, appellant="Player 17", appellant_statement="It was in my hand."
    )
    edit = reverse("appeals:appeal-edit", args=[event["tournament"].slug, appeal.pk])
    client = client_for(event["floor"])
    form = client.get(edit).context["form"]
    fields = {**appeal_form(when=appeal.lodged_at), "base_version": form.initial["base_version"]}
    fields["appellant_statement"] = "It was still in my hand, not racked."
    assert client.post(edit, fields).status_code == 302
    appeal.refresh_from_db()
    assert appeal.appellant_statement == "It was still in my hand, not racked."
    assert appeal.history.count() == 2


def test_only_the_head_td_corrects_a_rounds_end(event):
    ended = round_ended(event, number=1)
    edit = reverse("appeals:round-edit", args=[event["tournament"].slug, 1])
    assert client_for(event["floor"]).get(edit).status_code == 403
    head = client_for(event["head"])
    form = head.get(edit).context["form"]
    earlier = timezone.localtime(ended.ended_at - timedelta(minutes=5))
    answer = head.post(
        edit,
        {
            "ended_at": earlier.strftime("%Y-%m-%dT%H:%M"),
            "note": "Pressed late",
            "base_version": form.initial["base_version"],
        },
    )
    assert answer.status_code == 302
    ended.refresh_from_db()
    assert ended.note == "Pressed late"
    assert timezone.localtime(ended.ended_at).strftime("%H:%M") == earlier.strftime("%H:%M")


def test_an_appellants_name_is_taken_out_of_a_logged_ruling_made_public(event):
    from toolkit.anonymise import anonymiser_for

    entry = logged(event)
    Appeal.objects.create(logged_ruling=entry, appellant="Zenobia Quill", appellant_statement="No.")
    later = LoggedRuling.objects.create(
        tournament=event["tournament"],
        what_happened="Zenobia Quill called again.",
        outcome="Allowed.",
    )
    assert "Zenobia" not in anonymiser_for(later)(later.what_happened)


@pytest.fixture
def players(event):
    """Ann, named on the ruling; Bo, at its table (4) in its round (2); Cy at another table."""
    made = event["tournament"]
    ann, bo, cy = (
        Player.objects.create(tournament=made, name=name, number=number)
        for name, number in [("Ann Lee", "101"), ("Bo Park", "102"), ("Cy Dee", "103")]
    )
    Seat.objects.create(player=bo, round=2, table="4", seat="South")
    Seat.objects.create(player=cy, round=2, table="5", seat="East")
    return {"ann": ann, "bo": bo, "cy": cy}


def test_the_appellant_is_chosen_among_the_rulings_players_and_its_tables(event, players):
    entry = logged(event)
    InvolvedPlayer.objects.create(entry=entry, player=players["ann"])
    client = client_for(event["floor"])
    form = client.get(appeal_url(event, entry)).content.decode()
    assert "Ann Lee (#101)" in form and "Bo Park (#102)" in form
    assert "Cy Dee" not in form  # another table
    response = client.post(
        appeal_url(event, entry), appeal_form(appellant="", appellant_player=players["bo"].pk)
    )
    assert response.status_code == 302
    appeal = Appeal.objects.get(logged_ruling=entry)
    assert appeal.appellant_player == players["bo"] and appeal.who_appealed == "Bo Park (#102)"
    assert (
        "Appealed by Bo Park (#102)"
        in client.get(reverse("toolkit:log", args=[event["tournament"].slug])).content.decode()
    )


def test_a_player_from_another_table_cannot_be_named_the_appellant(event, players):
    entry = logged(event)
    response = client_for(event["floor"]).post(
        appeal_url(event, entry), appeal_form(appellant="", appellant_player=players["cy"].pk)
    )
    assert response.status_code == 400
    assert not Appeal.objects.exists()


def test_an_appellant_both_chosen_and_written_or_neither_is_refused_with_the_text_kept(
    event, players
):
    entry = logged(event)
    client = client_for(event["floor"])
    both = client.post(appeal_url(event, entry), appeal_form(appellant_player=players["bo"].pk))
    assert both.status_code == 400
    assert "not both" in both.content.decode()
    neither = client.post(appeal_url(event, entry), appeal_form(appellant=""))
    assert neither.status_code == 400
    assert "Who appealed?" in neither.content.decode()
    assert "I had not exposed it yet" in neither.content.decode()
    assert not Appeal.objects.exists()


def test_appellants_written_before_players_were_listed_become_those_players_when_one_matches(
    event, players
):
    from django.apps import apps

    migration = importlib.import_module("appeals.migrations.0002_appellant_is_a_player")
    written = {"ann lee": "Ann Lee (#101)", "#102": "Bo Park (#102)", "Dan, a spectator": None}
    made = []
    for text in written:
        made.append(
            Appeal.objects.create(
                logged_ruling=logged(event), appellant=text, appellant_statement="Too early."
            )
        )
    migration.to_players(apps, None)
    for appeal, (text, player) in zip(made, written.items(), strict=True):
        appeal.refresh_from_db()
        if player is None:
            assert appeal.appellant_player is None and appeal.appellant == text
        else:
            assert appeal.appellant == "" and str(appeal.appellant_player) == player
