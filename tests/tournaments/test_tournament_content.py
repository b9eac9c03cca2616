"""Tournament content files: the samples load, importing twice changes nothing, round trips."""

import io
import json
import shutil
from pathlib import Path

import pytest
from django.core.management.base import CommandError
from mahjong_rules.engine.options import OPTIONS

from articles.models import ImportedRow
from event import content as event_content
from tournaments import content as tournament_content
from tournaments.models import HouseRule, PublishedVersion, Tournament
from tournaments.versions import changes_in, latest_version, options_for, unpublished_changes

from .tournament_factories import article, nmjl

pytestmark = pytest.mark.django_db

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
SAMPLES = sorted((FIXTURES / "tournaments").glob("*.json"))


@pytest.fixture
def league_articles():
    nmjl()
    for key in ("nmjl-6", "nmjl-205", "nmjl-exposure-answer", "nmjl-calling", "nmjl-mah-jongg"):
        article(key)


def load(folder=FIXTURES):
    """The tournaments' part of the content, with the event's (their penalty schedules)."""
    out = io.StringIO()
    tournament_content.import_content(Path(folder), out)
    event_content.import_content(Path(folder), out)
    return out.getvalue()


def export(folder):
    tournament_content.export_content(folder, io.StringIO())
    event_content.export_content(folder, io.StringIO())


def history_rows():
    return (
        Tournament.history.count(),
        HouseRule.history.count(),
        PublishedVersion.objects.count(),
    )


def test_there_are_two_published_sample_tournaments_stated_as_fictional():
    assert len(SAMPLES) == 2
    for path in SAMPLES:
        data = json.loads(path.read_text())
        assert data["status"] == "published"
        assert "fictional" in data["place"]
        assert data["base_rules"]
        assert data["versions"], "a published sample has a published version"
        assert any(not rule["option"] for rule in data["house_rules"]), "a plain-text rule"
        for rule in data["house_rules"]:
            assert rule["text"] and rule["departs_from"]
            assert rule["option"] is None or rule["option"] in OPTIONS


def test_the_samples_set_the_options_the_brief_asks_for(league_articles):
    load()
    harbour = Tournament.objects.get(slug="harbour-lights-open-2027")
    prairie = Tournament.objects.get(slug="prairie-winds-classic-2027")
    assert options_for(harbour) == {"touched-tile-is-taken": True}
    assert options_for(prairie) == {
        "joker-exchange-locks-exposure": False,
        "one-joker-exchange-at-a-time": True,
    }
    assert "Mah Jongg Made Easy (2024)" in prairie.base_rules
    # Each sample's working copy is exactly its latest published version: its schedule is
    # the penalty house rules that version numbers, as the migration made them.
    assert unpublished_changes(harbour) == []
    assert unpublished_changes(prairie) == []
    assert [(i.points, i.position) for i in harbour.infractions.all()] == [(10, 3), (5, 4), (5, 5)]
    assert not harbour.house_rules.filter(position__gt=2).exists()
    # Version 2 added the wrong-count rule and the three penalties of the schedule.
    assert [c.kind for c in changes_in(latest_version(harbour))] == ["added"] * 4


def test_importing_twice_changes_nothing(league_articles):
    load()
    before = history_rows()
    report = load()
    assert history_rows() == before
    assert "Tournaments: 0 created, 0 updated, 0 deleted, 0 kept" in report
    assert "Penalty schedules: 0 created, 0 updated, 0 deleted, 0 kept" in report


def test_export_then_import_into_an_empty_database_gives_identical_content(
    league_articles, tmp_path
):
    load()
    first = tmp_path / "first"
    export(first)
    for path in SAMPLES:  # the export is the fixture, byte for byte
        assert (first / "tournaments" / path.name).read_text() == path.read_text()

    Tournament.objects.all().delete()
    ImportedRow.objects.all().delete()  # an empty database has no record of imports either
    load(first)
    second = tmp_path / "second"
    export(second)
    for path in (first / "tournaments").glob("*.json"):
        assert (second / "tournaments" / path.name).read_text() == path.read_text()


def test_directors_and_publishers_are_people_not_content(league_articles, tmp_path):
    from .tournament_factories import td

    load()
    harbour = Tournament.objects.get(slug="harbour-lights-open-2027")
    director = td("zelda-the-director")
    harbour.directors.add(director)
    PublishedVersion.objects.filter(tournament=harbour).update(published_by=director)
    tournament_content.export_content(tmp_path, io.StringIO())
    text = (tmp_path / "tournaments" / "harbour-lights-open-2027.json").read_text()
    assert "zelda" not in text and "directors" not in text and "published_by" not in text
    load()  # importing again leaves the people as they were
    assert list(harbour.directors.all()) == [director]


def test_a_house_rule_added_on_the_site_is_kept_by_import_and_listed(league_articles):
    load()
    harbour = Tournament.objects.get(slug="harbour-lights-open-2027")
    HouseRule.objects.create(tournament=harbour, text="Added on the site.", position=9)
    report = load()
    assert harbour.house_rules.filter(text="Added on the site.").exists()
    assert "1 kept" in report


def test_a_house_rule_the_file_no_longer_has_goes_when_nobody_changed_it(league_articles, tmp_path):
    load()
    shutil.copytree(FIXTURES / "tournaments", tmp_path / "tournaments")
    path = tmp_path / "tournaments" / "harbour-lights-open-2027.json"
    data = json.loads(path.read_text())
    removed = len(data["house_rules"]) - 1
    data["house_rules"] = data["house_rules"][:1]
    path.write_text(json.dumps(data))
    report = load(tmp_path)
    harbour = Tournament.objects.get(slug="harbour-lights-open-2027")
    assert harbour.house_rules.count() == 1
    assert f"0 created, 0 updated, {removed} deleted, 0 kept" in report


def test_a_file_naming_an_unknown_option_is_refused_with_its_name(league_articles, tmp_path):
    folder = tmp_path / "tournaments"
    folder.mkdir()
    data = json.loads(SAMPLES[0].read_text())
    data["house_rules"][0]["option"] = "touched-is-taken"
    (folder / "bad.json").write_text(json.dumps(data))
    with pytest.raises(CommandError, match="bad.json: house rule 1"):
        load(tmp_path)


def test_a_file_naming_an_unknown_article_is_refused(tmp_path):
    nmjl()
    shutil.copytree(FIXTURES / "tournaments", tmp_path / "tournaments")
    with pytest.raises(CommandError, match="no article with key"):
        load(tmp_path)


def test_a_broken_file_is_refused_with_its_name(tmp_path):
    folder = tmp_path / "tournaments"
    folder.mkdir()
    (folder / "broken.json").write_text("{not json")
    with pytest.raises(CommandError, match="broken.json: not valid JSON"):
        load(tmp_path)


def test_a_file_with_two_rules_for_one_option_is_refused(league_articles, tmp_path):
    folder = tmp_path / "tournaments"
    folder.mkdir()
    data = json.loads(SAMPLES[0].read_text())
    data["house_rules"].append(dict(data["house_rules"][0], value=False))
    (folder / "twice.json").write_text(json.dumps(data))
    with pytest.raises(CommandError, match="more than one house rule for touched-tile-is-taken"):
        load(tmp_path)


def test_a_version_whose_house_rules_are_not_numbered_is_refused(league_articles, tmp_path):
    folder = tmp_path / "tournaments"
    folder.mkdir()
    data = json.loads(SAMPLES[0].read_text())
    del data["versions"][0]["snapshot"]["house_rules"][0]["number"]
    (folder / "unnumbered.json").write_text(json.dumps(data))
    with pytest.raises(CommandError, match="unnumbered.json: version 1's snapshot needs"):
        load(tmp_path)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["house_rules"][0].update(value="yes"), "house rule 1: value: "),
        (lambda d: d["house_rules"].append("Rounds last an hour."), "house_rules must be a list"),
        (lambda d: d.update(name="x" * 201), "name: Ensure this value has at most 200"),
        (lambda d: d.update(slug="spring open"), "slug: "),
    ],
)
def test_a_file_the_models_would_refuse_is_refused_with_its_name_and_the_field(
    league_articles, tmp_path, change, message
):
    folder = tmp_path / "tournaments"
    folder.mkdir()
    data = json.loads(SAMPLES[0].read_text())
    change(data)
    (folder / "bad.json").write_text(json.dumps(data))
    with pytest.raises(CommandError, match=f"bad.json: {message}"):
        load(tmp_path)


def test_a_null_place_imports_as_no_place(league_articles, tmp_path):
    folder = tmp_path / "tournaments"
    folder.mkdir()
    data = json.loads(SAMPLES[0].read_text())
    data["place"] = None
    (folder / "no-place.json").write_text(json.dumps(data))
    load(tmp_path)
    assert Tournament.objects.get(slug=data["slug"]).place == ""


def test_a_withdrawn_version_stays_withdrawn_through_export_and_import(league_articles, tmp_path):
    from tournaments.versions import withdraw

    load()
    harbour = Tournament.objects.get(slug="harbour-lights-open-2027")
    withdraw(latest_version(harbour), None, "Printed with the wrong dates.")
    tournament_content.export_content(tmp_path, io.StringIO())
    text = (tmp_path / "tournaments" / "harbour-lights-open-2027.json").read_text()
    assert "Printed with the wrong dates." in text

    # Into a database without them (and without the records of an earlier import, which
    # would read the deletion as a choice made on the site).
    Tournament.objects.all().delete()
    ImportedRow.objects.all().delete()
    load(tmp_path)
    harbour = Tournament.objects.get(slug="harbour-lights-open-2027")
    assert latest_version(harbour).number == 1
    withdrawn = harbour.versions.get(number=2)
    assert withdrawn.withdrawal_reason == "Printed with the wrong dates."
    load()  # the seed file does not say it was withdrawn: it stays withdrawn
    assert harbour.versions.get(number=2).is_withdrawn


def test_a_withdrawal_without_its_reason_is_refused_with_the_files_name(league_articles, tmp_path):
    folder = tmp_path / "tournaments"
    folder.mkdir()
    data = json.loads(SAMPLES[0].read_text())
    data["versions"][0]["withdrawn"] = {"at": "2027-01-02T10:00:00+00:00", "reason": " "}
    (folder / SAMPLES[0].name).write_text(json.dumps(data))
    with pytest.raises(CommandError, match=f"{SAMPLES[0].name}.*withdrawal needs its reason"):
        load(tmp_path)
