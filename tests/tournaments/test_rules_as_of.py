"""A tournament plays under the League rules as of a date (default: its first day), so a
2024 event's sheet stays right after the 2025 Bulletin. Real engine, the seed content."""

from datetime import date

import pytest
from django.urls import reverse

from articles.models import Article, RuleSet
from tournaments.comparison import page_as_json, tournament_page
from tournaments.matrix import matrix_for_article
from tournaments.models import HouseRule, PublishedVersion, Tournament
from tournaments.versions import publish, published_sheet, snapshot_of, unpublished_changes

from .tournament_factories import opened, td

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("real_results")]

LOCKS = "A Joker exchange on the same turn locks the exposure just made"
BEFORE_2025 = (
    "Played before the NMJL Bulletin 2025: here, an exposure may still be changed until the "
    "discard, joker exchange or not."
)


def event(slug, starts_on, **fields):
    made = Tournament.objects.create(
        slug=slug,
        name=slug.replace("-", " ").title(),
        ruleset=RuleSet.objects.get(key="nmjl"),
        starts_on=starts_on,
        **fields,
    )
    publish(made)
    return made


@pytest.fixture
def spring_2024(content):
    return event("spring-open-2024", date(2024, 6, 1))


def differing(tournament):
    page = tournament_page(tournament)
    return {ruling.name: ruling for ruling in page.differing}, page


def test_a_2024_tournament_rules_a_change_after_a_joker_exchange_as_before_the_bulletin(
    spring_2024,
):
    found, page = differing(spring_2024)
    locks = found[LOCKS]
    assert locks.because == ["joker-exchange-locks-exposure"]
    assert locks.house_rules == []  # no house rule: its date
    [note] = locks.date_notes
    assert (note.source, note.changed_on) == ("NMJL Bulletin 2025", date(2025, 1, 1))
    change = next(s for s in locks.step_changes if "changes the exposure" in s.text)
    assert (change.league.verdict, change.tournament.verdict) == ("refused", "allowed")


def test_its_sheet_says_the_date_and_when_the_date_matters(client, spring_2024):
    html = client.get(spring_2024.get_absolute_url()).content.decode()
    assert "Played under the League rules as of" in html and "1 June 2024" in html
    assert BEFORE_2025 in html
    assert f"its date: {BEFORE_2025}" in html  # the difference names its date, not a rule


def test_its_json_names_the_date_and_the_source_in_because(spring_2024):
    data = page_as_json(tournament_page(spring_2024))
    assert data["league_rules_as_of"] == "2024-06-01"
    ruling = next(r for r in data["rulings"] if r["name"] == LOCKS)
    assert ruling["because"] == [
        {
            "option": "joker-exchange-locks-exposure",
            "house_rules": [],
            "league_rules_as_of": "2024-06-01",
            "changed_on": "2025-01-01",
            "source": "NMJL Bulletin 2025",
            "sentence": BEFORE_2025,
        }
    ]


def test_a_tournament_after_the_bulletin_rules_as_the_league_does_today(content):
    autumn = event("autumn-open-2026", date(2026, 10, 1))
    found, page = differing(autumn)
    assert LOCKS not in found
    assert page.sheet.date_notes == []


def test_a_house_rule_takes_precedence_over_the_date(spring_2024):
    HouseRule.objects.create(
        tournament=spring_2024,
        option="joker-exchange-locks-exposure",
        value=True,
        text="A joker exchange ends the window, as the 2025 Bulletin has it.",
        position=1,
    )
    publish(spring_2024)
    found, page = differing(spring_2024)
    assert LOCKS not in found
    assert page.sheet.date_notes == []


def test_its_own_date_overrides_its_first_day(content):
    later = event("late-rules", date(2024, 6, 1), rules_as_of=date(2025, 6, 1))
    found, page = differing(later)
    assert page.sheet.rules_as_of == date(2025, 6, 1)
    assert LOCKS not in found


def test_the_published_sheet_keeps_its_date_until_the_next_publish(spring_2024):
    spring_2024.rules_as_of = date(2025, 6, 1)
    spring_2024.save()
    assert published_sheet(spring_2024).rules_as_of == date(2024, 6, 1)
    assert [c.summary for c in unpublished_changes(spring_2024)] == [
        "Now played under the League rules as of 2025-06-01."
    ]
    publish(spring_2024)
    assert published_sheet(spring_2024).rules_as_of == date(2025, 6, 1)


def test_a_snapshot_published_before_dates_were_kept_plays_under_its_first_day(spring_2024):
    version = PublishedVersion.objects.get(tournament=spring_2024)
    old = snapshot_of(spring_2024)
    del old["rules_as_of"]
    version.snapshot = old
    version.save()
    assert published_sheet(spring_2024).rules_as_of == date(2024, 6, 1)
    found, _ = differing(spring_2024)
    assert LOCKS in found


def test_the_article_matrix_names_the_date_as_the_cause(spring_2024):
    matrix = matrix_for_article(Article.objects.get(key="nmjl-6"))
    column = [t.slug for t in matrix.tournaments].index("spring-open-2024") + 1
    row = next(r for r in matrix.rows if r.scenario.slug and r.cells[column].differs)
    cell = row.cells[column]
    assert (row.cells[0].label, cell.label) == ("Not allowed", "Allowed")
    assert cell.cause == "League rules as of 1 June 2024"


def test_a_director_sets_the_date_on_the_tournament_form(client, spring_2024):
    director = td("dora")
    spring_2024.directors.add(director)
    client.force_login(director)
    data = {
        "name": spring_2024.name,
        "slug": spring_2024.slug,
        "ruleset": spring_2024.ruleset_id,
        "place": "",
        "base_rules": "",
        "starts_on": "2024-06-01",
        "ends_on": "",
        "rules_as_of": "2025-03-01",
        "card_name": "",
        **opened(spring_2024),
    }
    url = reverse("tournaments:tournament-edit", args=[spring_2024.slug])
    response = client.post(url, data)
    assert response.status_code == 302
    spring_2024.refresh_from_db()
    assert spring_2024.rules_as_of == date(2025, 3, 1)
    bad = client.post(url, {**data, "rules_as_of": "someday", **opened(spring_2024)})
    assert bad.status_code == 200
    assert "someday" in bad.content.decode()  # kept as typed, with the form's message


def test_two_directors_setting_different_dates_meet_a_conflict_and_both_are_shown(
    client, spring_2024
):
    director = td("dora")
    spring_2024.directors.add(director)
    client.force_login(director)
    mine = {
        "name": spring_2024.name,
        "slug": spring_2024.slug,
        "ruleset": spring_2024.ruleset_id,
        "place": "",
        "base_rules": "",
        "starts_on": "2024-06-01",
        "ends_on": "",
        "rules_as_of": "2025-03-01",
        "card_name": "",
        **opened(spring_2024),
    }
    theirs = Tournament.objects.get(pk=spring_2024.pk)
    theirs.rules_as_of = date(2023, 1, 1)
    theirs.save()
    response = client.post(reverse("tournaments:tournament-edit", args=[spring_2024.slug]), mine)
    assert response.status_code == 409
    html = response.content.decode()
    assert "2025-03-01" in html  # mine, kept in the form
    assert "2023" in html  # theirs, shown
    spring_2024.refresh_from_db()
    assert spring_2024.rules_as_of == date(2023, 1, 1)
