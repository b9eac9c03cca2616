"""The rulings log: private to the tournament's directors and editors, searchable by them,
correctable without losing a co-director's edit, exported as CSV, and turned into a public
question with the players and the table left out."""

import csv
import io

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.clients import client_for
from tests.tournaments.tournament_factories import article, editor, td, tournament, user
from toolkit.anonymise import Anonymiser
from toolkit.models import LoggedRuling
from tournaments.models import HouseRule, Tournament
from versions.saving import latest_version

pytestmark = pytest.mark.django_db

MARKER = "Zebulon-the-marker"


@pytest.fixture
def event():
    first, second = td("first-td"), td("second-td")
    made = tournament("harbour-test", status=Tournament.Status.PUBLISHED, directors=[first, second])
    return {"tournament": made, "first": first, "second": second}


def log(event, **fields):
    values = {
        "what_happened": f"North called :7D: and {MARKER} asked for the ruling.",
        "outcome": "The call stands.",
        "table": "3",
        "round": 2,
    }
    values.update(fields)
    return LoggedRuling.objects.create(
        tournament=event["tournament"], recorded_by=event["first"], **values
    )


def form_data(**fields):
    data = {
        "ruled_at": timezone.localtime().strftime("%Y-%m-%dT%H:%M"),
        "table": "17",
        "round": "4",
        "players": "Ann Lee, Bo",
        "what_happened": "Ann Lee exchanged a joker for :7D: after discarding.",
        "article": "",
        "house_rule": "",
        "outcome": "Not allowed: the joker goes back.",
        "penalty": "",
        "appeal": "",
        "appeal_result": "",
    }
    data.update(fields)
    return data


def test_a_director_logs_a_ruling_and_the_other_director_reads_it(event):
    url = reverse("toolkit:log-add", args=["harbour-test"])
    response = client_for(event["first"]).post(url, form_data())
    assert response.status_code == 302
    entry = LoggedRuling.objects.get()
    assert entry.recorded_by == event["first"]
    page = client_for(event["second"]).get(reverse("toolkit:log", args=["harbour-test"]))
    assert page.status_code == 200
    assert "exchanged a joker" in page.content.decode()
    assert 'alt="7 Dots"' in page.content.decode()  # tiles drawn


def test_a_second_director_finds_a_ruling_by_a_word_in_it(event):
    log(event)
    log(event, what_happened="A wall was built short.", outcome="Rebuilt.")
    page = client_for(event["second"]).get(
        reverse("toolkit:log", args=["harbour-test"]), {"q": "zebulon-THE-marker called"}
    )
    text = page.content.decode()
    assert "North called" in text
    assert "wall was built short" not in text


@pytest.mark.parametrize("who", ["anonymous", "member", "other_director"])
def test_nobody_outside_the_tournament_sees_its_log(event, who):
    log(event)
    person = {
        "anonymous": None,
        "member": user("member"),
        "other_director": td("other-td"),
    }[who]
    client = client_for(person)
    slug = "harbour-test"
    entry = LoggedRuling.objects.get()
    urls = [
        reverse("toolkit:log", args=[slug]),
        reverse("toolkit:log-add", args=[slug]),
        reverse("toolkit:log-csv", args=[slug]),
        reverse("toolkit:log-edit", args=[slug, entry.pk]),
        reverse("toolkit:log-history", args=[slug, entry.pk]),
        reverse("toolkit:log-question", args=[slug, entry.pk]),
    ]
    for url in urls:
        response = client.get(url)
        assert response.status_code in (302, 404), url  # anonymous: to the login page
        assert MARKER not in response.content.decode()
        if person is not None:
            assert response.status_code == 404, url
    assert client.post(reverse("toolkit:log-add", args=[slug]), form_data()).status_code in (
        302,
        404,
    )
    assert LoggedRuling.objects.count() == 1


def test_an_editor_of_the_league_reads_every_log(event):
    log(event)
    page = client_for(editor("league-editor")).get(reverse("toolkit:log", args=["harbour-test"]))
    assert page.status_code == 200
    assert MARKER in page.content.decode()


def test_the_log_is_in_no_public_page_of_the_tournament(event):
    log(event)
    for url in [
        reverse("tournaments:tournament", args=["harbour-test"]),
        reverse("tournaments:tournament-json", args=["harbour-test"]),
        reverse("tournaments:tournament-history", args=["harbour-test"]),
        reverse("articles:recent-changes"),
    ]:
        assert MARKER not in Client().get(url).content.decode(), url


def test_a_form_error_keeps_what_the_director_typed(event):
    url = reverse("toolkit:log-add", args=["harbour-test"])
    response = client_for(event["first"]).post(url, form_data(outcome=""))
    assert response.status_code == 400
    assert "Ann Lee exchanged a joker" in response.content.decode()
    assert LoggedRuling.objects.count() == 0


@pytest.mark.parametrize("typed", ["12A", "0", "round two"])
def test_a_round_that_is_not_a_rounds_number_is_refused_and_what_was_typed_is_kept(event, typed):
    url = reverse("toolkit:log-add", args=["harbour-test"])
    response = client_for(event["first"]).post(url, form_data(round=typed))
    assert response.status_code == 400
    text = response.content.decode()
    assert "Ann Lee exchanged a joker" in text
    assert "Round:" in text and ("whole number" in text or "greater than or equal to 1" in text)
    assert LoggedRuling.objects.count() == 0


def test_a_round_number_finds_that_round_and_not_a_round_holding_its_digit(event):
    log(event, round=2)
    log(event, round=12, what_happened="A wall was built short.", outcome="Rebuilt.")
    page = client_for(event["second"]).get(
        reverse("toolkit:log", args=["harbour-test"]), {"q": "2"}
    )
    text = page.content.decode()
    assert "North called" in text
    assert "wall was built short" not in text


def test_two_directors_correcting_one_entry_both_land_when_they_touch_different_fields(event):
    entry = log(event)
    version = latest_version(entry)
    url = reverse("toolkit:log-edit", args=["harbour-test", entry.pk])
    base = {
        "ruled_at": timezone.localtime(entry.ruled_at).strftime("%Y-%m-%dT%H:%M"),
        "table": "3",
        "round": "2",
        "players": "",
        "what_happened": entry.what_happened,
        "article": "",
        "house_rule": "",
        "outcome": "The call stands.",
        "penalty": "",
        "appeal": "",
        "appeal_result": "",
        "base_version": version,
    }
    first = client_for(event["first"]).post(url, {**base, "penalty": "10 points"})
    second = client_for(event["second"]).post(url, {**base, "players": "East, South"})
    assert first.status_code == 302 and second.status_code == 302
    entry.refresh_from_db()
    assert entry.penalty == "10 points"
    assert entry.players == "East, South"


def test_two_directors_changing_the_same_field_get_the_conflict_page_with_both_texts(event):
    entry = log(event)
    version = latest_version(entry)
    url = reverse("toolkit:log-edit", args=["harbour-test", entry.pk])
    base = {
        "ruled_at": timezone.localtime(entry.ruled_at).strftime("%Y-%m-%dT%H:%M"),
        "table": "3",
        "round": "2",
        "what_happened": entry.what_happened,
        "base_version": version,
    }
    client_for(event["first"]).post(url, {**base, "outcome": "Call withdrawn."})
    response = client_for(event["second"]).post(url, {**base, "outcome": "Dead hand."})
    assert response.status_code == 409
    text = response.content.decode()
    assert "Call withdrawn." in text and "Dead hand." in text
    entry.refresh_from_db()
    assert entry.outcome == "Call withdrawn."


def test_the_log_exports_as_csv_and_a_formula_is_never_run(event):
    log(event, penalty='=HYPERLINK("http://evil")')
    response = client_for(event["second"]).get(reverse("toolkit:log-csv", args=["harbour-test"]))
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0][:3] == ["When", "Table", "Round"]
    assert rows[1][1] == "3"
    assert rows[1][rows[0].index("Penalty")].startswith("'=")


def test_a_logged_ruling_becomes_a_question_without_names_or_table(event):
    where = article("nmjl-test-6", number="6", title="Exposures")
    entry = log(
        event,
        article=where,
        players="Ann Lee, Bo",
        what_happened="At table 17 Ann Lee exchanged a joker; Bo objected.",
        outcome="Ann Lee keeps the joker.",
    )
    form_page = client_for(editor("ed")).post(
        reverse("toolkit:log-question", args=["harbour-test", entry.pk])
    )
    assert form_page.status_code == 200
    initial = form_page.context["form"].initial
    assert initial["question"] == "A player exchanged a joker; a player objected."
    assert initial["answer"] == "A player keeps the joker."


def test_without_an_article_the_ruling_cannot_become_a_question_yet(event):
    entry = log(event)
    response = client_for(editor("ed")).post(
        reverse("toolkit:log-question", args=["harbour-test", entry.pk])
    )
    assert response["Location"] == reverse("toolkit:log-edit", args=["harbour-test", entry.pk])


def test_names_and_places_are_removed_but_ordinary_words_stay():
    assert Anonymiser(players=["Bo"])("Round 3, T12: Bo called Bonnie's tile") == (
        "A player called Bonnie's tile"
    )
    assert Anonymiser()("The table agreed.") == "The table agreed."


def test_history_lists_every_version_and_restores_one(event):
    entry = log(event)
    entry.outcome = "Changed."
    entry._change_reason = "Edited"
    entry.save()
    client = client_for(event["second"])
    page = client.get(reverse("toolkit:log-history", args=["harbour-test", entry.pk]))
    assert page.status_code == 200
    assert len(page.context["versions"]) == 2
    compare = client.get(
        reverse("toolkit:log-compare", args=["harbour-test", entry.pk]), {"a": 1, "b": 2}
    )
    assert "Changed." in compare.content.decode()
    restore = reverse("toolkit:log-restore", args=["harbour-test", entry.pk, 1])
    assert client.post(restore, {"latest": "2"}).status_code == 302
    entry.refresh_from_db()
    assert entry.outcome == "The call stands."
    stale = client.post(restore, {"latest": "2"})  # three versions now: the page was old
    assert stale.status_code == 409


def test_recent_changes_show_a_logged_ruling_to_its_directors_only(event):
    log(event)
    url = reverse("articles:recent-changes")
    assert "Rulings log of" in client_for(event["second"]).get(url).content.decode()
    assert "Rulings log of" in client_for(editor("ed2")).get(url).content.decode()
    assert "Rulings log of" not in client_for(td("stranger")).get(url).content.decode()
    assert "Rulings log of" not in Client().get(url).content.decode()


def test_an_editor_logging_at_a_published_tournament_picks_only_the_house_rules_players_read(
    event,
):
    from tests.tournaments.tournament_factories import house_rule
    from tournaments.versions import publish

    made = event["tournament"]
    read = house_rule(made, "A touched tile is a taken tile.")
    publish(made, event["first"])
    since = house_rule(made, "Table talk costs ten points.")  # the working copy's alone
    reworded = HouseRule.objects.get(pk=read.pk)
    url = reverse("toolkit:log-add", args=["harbour-test"])
    an_editor = client_for(editor("eddie"))

    editors_choices = an_editor.get(url).context["form"]
    assert list(editors_choices.fields["house_rule"].queryset) == [read]
    directors_choices = client_for(event["first"]).get(url).context["form"]
    assert set(directors_choices.fields["house_rule"].queryset) == {read, since}

    reworded.text = "A touched tile is a taken tile, once racked."
    reworded.save()
    editors_choices = an_editor.get(url).context["form"]
    assert list(editors_choices.fields["house_rule"].queryset) == []
