"""A tournament's penalty schedule in the content files: `penalties` in the tournament's file,
written back as read, imported once (twice writes nothing), and an older file whose penalties
are house rules with `penalty_points` still imports, as infractions."""

import io
import json

import pytest
from django.core.management.base import CommandError

from articles.imports import ContentImport
from event import content as event_content
from event.models import Infraction
from tests.tournaments.tournament_factories import article
from tournaments import content as tournaments_content
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

OLD_STYLE = {
    "slug": "old-file-open",
    "name": "Old File Open",
    "status": "published",
    "house_rules": [
        {"option": None, "value": None, "text": "Calls are made aloud."},
        {
            "option": None,
            "value": None,
            "text": "A discard named as a different tile: 5 points.",
            "departs_from": "nmjl-calling",
            "penalty_points": 5,
        },
    ],
    "versions": [
        {
            "number": 1,
            "published_on": "2027-01-01",
            "snapshot": {
                "house_rules": [
                    {"number": 1, "text": "Calls are made aloud."},
                    {
                        "number": 2,
                        "text": "A discard named as a different tile: 5 points.",
                        "departs_from": "nmjl-calling",
                        "penalty_points": 5,
                    },
                ]
            },
        }
    ],
}


def write(folder, data):
    (folder / "tournaments").mkdir(parents=True, exist_ok=True)
    path = folder / "tournaments" / f"{data['slug']}.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def import_folder(folder) -> ContentImport:
    imports = ContentImport(str(folder))
    tournaments_content.import_content(folder, io.StringIO(), imports)
    event_content.import_content(folder, io.StringIO(), imports)
    return imports


@pytest.fixture
def calling():
    return article("nmjl-calling", title="Calling")


def test_an_old_content_file_with_penalty_points_imports_them_as_the_schedule(tmp_path, calling):
    write(tmp_path, OLD_STYLE)
    import_folder(tmp_path)
    event = Tournament.objects.get(slug="old-file-open")
    assert [rule.text for rule in event.house_rules.all()] == ["Calls are made aloud."]
    penalty = event.infractions.get()
    assert (penalty.name, penalty.points, penalty.article, penalty.position) == (
        "A discard named as a different tile",
        5,
        calling,
        2,
    )
    assert penalty.points_for(2) == 5
    # The old published version reads its penalty house rule as it always did.
    from tournaments.versions import published_sheet

    (old,) = published_sheet(event).penalties
    assert (old.number, old.points, old.text) == (2, 5, OLD_STYLE["house_rules"][1]["text"])


def test_importing_the_same_files_twice_writes_nothing_the_second_time(tmp_path, calling):
    write(tmp_path, OLD_STYLE)
    import_folder(tmp_path)
    again = import_folder(tmp_path)
    assert again.counts() == (0, 0, 0, 0)
    assert Infraction.objects.count() == 1


def test_the_schedule_goes_out_in_the_tournaments_file_and_comes_back_the_same(tmp_path, calling):
    new_style = {
        **OLD_STYLE,
        "house_rules": OLD_STYLE["house_rules"][:1],
        "penalties": [
            {
                "name": "Misnamed discard",
                "description": "A discard named as a different tile.",
                "article": "nmjl-calling",
                "ruling": None,
                "points": 5,
                "second_points": 10,
                "third_head_td_decides": True,
                "position": 1,
            }
        ],
    }
    write(tmp_path, new_style)
    import_folder(tmp_path)
    penalty = Infraction.objects.get()
    assert (penalty.points_for(1), penalty.points_for(2), penalty.points_for(3)) == (5, 10, None)
    out = tmp_path / "out"
    tournaments_content.export_content(out, io.StringIO())
    event_content.export_content(out, io.StringIO())
    written = json.loads((out / "tournaments" / "old-file-open.json").read_text())
    assert written["penalties"] == new_style["penalties"]
    assert list(written).index("penalties") == list(written).index("house_rules") + 1
    assert "penalty_points" not in json.dumps(written["house_rules"])
    assert import_folder(out).counts() == (0, 0, 0, 0)


def test_a_schedule_made_on_the_site_two_at_one_place_goes_out_and_back_unchanged(
    tmp_path, calling
):
    write(tmp_path, OLD_STYLE)
    import_folder(tmp_path)
    event = Tournament.objects.get(slug="old-file-open")
    for name in ("Peek at a blind pass", "Early rack"):  # the form's position left at 0
        Infraction.objects.create(tournament=event, name=name, points=10)
    out = tmp_path / "out"
    tournaments_content.export_content(out, io.StringIO())
    event_content.export_content(out, io.StringIO())
    written = json.loads((out / "tournaments" / "old-file-open.json").read_text())
    assert [p["name"] for p in written["penalties"]] == [
        "Early rack",
        "Peek at a blind pass",
        "A discard named as a different tile",
    ]
    for _ in range(2):
        assert import_folder(out).counts() == (0, 0, 0, 0)
    assert Infraction.objects.count() == 3


def test_a_penalty_edited_on_the_site_is_kept_by_the_next_import(tmp_path, calling):
    write(tmp_path, OLD_STYLE)
    import_folder(tmp_path)
    Infraction.objects.update(points=8)
    again = import_folder(tmp_path)
    assert again.counts() == (0, 0, 0, 1)
    assert Infraction.objects.get().points == 8


@pytest.mark.parametrize(
    "penalties, says",
    [
        ("five", "penalties must be a list of objects"),
        ([{"name": "Peek", "points": "ten"}], "penalty 'Peek': points"),
        ([{"name": "Peek"}], "penalty 'Peek': points"),
        ([{"name": "Peek", "points": 5, "article": "nmjl-none"}], "nmjl-none"),
        ([{"name": "Peek", "points": 5, "ruling": "no-such-ruling"}], "no-such-ruling"),
    ],
)
def test_a_bad_schedule_in_a_file_is_refused_naming_the_file(tmp_path, calling, penalties, says):
    path = write(tmp_path, {**OLD_STYLE, "penalties": penalties})
    with pytest.raises(CommandError) as refused:
        import_folder(tmp_path)
    assert str(path) in str(refused.value) and says in str(refused.value)
