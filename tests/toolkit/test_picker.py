"""The guided picker: a TD finds the ruling for what happened in at most three taps (the first
tap chooses on the start page, the last opens the ruling); editors change its choices with
history and the version check; imports keep their edits."""

import io
import json
from pathlib import Path

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client
from django.urls import reverse

from articles.imports import digest
from articles.models import Article, ImportedRow, Ruling
from tests.tournaments.tournament_factories import article, editor, user
from toolkit import content as picker_content
from toolkit.models import PickerChoice
from toolkit.picker import read_tree
from versions.saving import latest_version

pytestmark = pytest.mark.django_db

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
MAX_TAPS = 3
MAX_CHOICES_ON_A_SCREEN = 12


def seed_ruling_slugs() -> set[str]:
    """Every ruling of the seed content, read from its files (not from the picker)."""
    return {
        ruling["slug"]
        for path in (FIXTURES / "rulings").glob("*.json")
        for ruling in json.loads(path.read_text(encoding="utf-8"))
    }


SEED_RULINGS = seed_ruling_slugs()


@pytest.fixture
def seeded(content):
    """The seed content, imported once for the module (tests/tournaments/conftest.py)."""


def test_every_seed_ruling_is_reached_in_at_most_three_taps(seeded):
    tree = read_tree()
    taps = {}
    for leaf in tree.leaves():
        slug = leaf.choice.ruling.slug
        taps[slug] = min(taps.get(slug, 99), tree.depth_to(leaf))
    assert len(SEED_RULINGS) == 106
    assert set(taps) >= SEED_RULINGS, sorted(SEED_RULINGS - set(taps))
    assert max(taps.values()) <= MAX_TAPS


def test_every_last_choice_opens_a_ruling_and_its_page_opens(seeded):
    client = Client()
    tree = read_tree()
    landed = set()
    for leaf in tree.leaves():
        assert leaf.choice.ruling_id, f"{leaf.choice.label!r} leads to no ruling"
        response = client.get(reverse("toolkit:picker", args=[leaf.choice.key]))
        assert response.status_code == 302
        assert response["Location"] == leaf.choice.ruling.get_absolute_url()
        landed.add(response["Location"])
    for address in landed:
        assert client.get(address).status_code == 200, address


def test_no_screen_of_the_picker_holds_more_than_a_dozen_choices(seeded):
    tree = read_tree()
    assert 0 < len(tree.roots) <= MAX_CHOICES_ON_A_SCREEN
    for node in tree.by_key.values():
        assert len(node.children) <= MAX_CHOICES_ON_A_SCREEN, node.choice.label


def test_no_label_is_a_key_or_an_address(seeded):
    slugs = set(Ruling.objects.values_list("slug", flat=True)) | set(
        PickerChoice.objects.values_list("key", flat=True)
    )
    for label in PickerChoice.objects.values_list("label", flat=True):
        assert label not in slugs and " " in label and "-" not in label.split()[0], label


@pytest.mark.parametrize(
    "first_tap, ruling",
    [
        ("joker-exchange", "two-joker-exchanges-in-the-same-turn"),
        ("call", "call-the-pair-tile-for-mah-jongg"),
        ("call", "no-call-for-a-single-or-pair"),
        ("call", "concealed-hand-makes-no-exposure"),
        ("call", "concealed-hand-calls-the-winning-tile"),
        ("call", "matjok-tjok-beats-poeng"),
        ("call", "matjok-poeng-or-kong-beats-straight"),
        ("matjok", "matjok-tjok-beats-poeng"),
        ("matjok", "matjok-poeng-or-kong-beats-straight"),
        ("charleston", "two-wrong-counts-in-the-charleston"),
        ("charleston", "courtesy-pass-smaller-number-governs"),
        ("mah-jongg", "call-the-pair-tile-for-mah-jongg"),
    ],
)
def test_a_situation_tds_missed_is_found_from_the_first_tap_they_would_make(
    seeded, first_tap, ruling
):
    tree = read_tree()
    under = [leaf for leaf in tree.leaves() if leaf.path[0].choice.key == first_tap]
    assert ruling in {leaf.choice.ruling.slug for leaf in under}


def test_a_choice_with_choices_asks_its_question_and_links_each_ruling(seeded):
    page = Client().get(reverse("toolkit:picker", args=["joker-exchange"]))
    text = page.content.decode()
    assert "Someone exchanged two jokers in one turn" in text
    assert 'href="/rulings/two-joker-exchanges-in-the-same-turn/"' in text


def test_an_old_printed_link_to_a_last_choice_lands_on_its_ruling(seeded):
    response = Client().get(reverse("toolkit:picker", args=["joker-then-change"]))
    assert response.status_code == 302
    assert response["Location"] == "/rulings/joker-exchange-ends-the-change-window/"


def test_an_old_printed_link_to_a_broad_choice_now_asks_the_next_question(seeded):
    response = Client().get(reverse("toolkit:picker", args=["charleston"]))
    assert response.status_code == 200
    assert "The courtesy pass" in response.content.decode()


def test_a_broad_last_choice_may_still_land_on_one_answer_of_an_article(seeded):
    six = Article.objects.get(key="nmjl-6")
    answer = six.questions.first()
    PickerChoice.objects.create(key="one-answer", label="One answer", article=six, answer=answer)
    response = Client().get(reverse("toolkit:picker", args=["one-answer"]))
    assert response["Location"] == f"/articles/nmjl-6/#question-{answer.pk}"


def test_a_last_choice_whose_ruling_was_deleted_is_not_found():
    six = article("nmjl-six", "6")
    ruling = Ruling.objects.create(article=six, slug="gone", question="Gone?", answer="No.")
    PickerChoice.objects.create(key="to-gone", label="Gone", ruling=ruling)
    ruling.delete()
    assert Client().get(reverse("toolkit:picker", args=["to-gone"])).status_code == 404


def test_a_choice_may_not_lead_to_both_a_ruling_and_an_article():
    six = article("nmjl-six", "6")
    ruling = Ruling.objects.create(article=six, slug="one", question="One?", answer="Yes.")
    choice = PickerChoice(key="both", label="Both", ruling=ruling, article=six)
    with pytest.raises(ValidationError, match="not both"):
        choice.clean()


def test_an_unknown_choice_is_not_found():
    assert Client().get(reverse("toolkit:picker", args=["no-such"])).status_code == 404


def test_the_home_page_and_a_tournament_page_start_the_picker(seeded):
    home = Client().get(reverse("articles:home")).content.decode()
    assert "Find a ruling by what happened" in home
    assert reverse("toolkit:picker", args=["joker-exchange"]) in home
    sheet = Client().get(reverse("tournaments:tournament", args=["harbour-lights-open-2027"]))
    assert "Find a ruling by what happened" in sheet.content.decode()


def test_only_editors_change_the_picker():
    choice = PickerChoice.objects.create(key="a-call", label="A call")
    url = reverse("toolkit:picker-edit", args=["a-call"])
    client = Client()
    client.force_login(user("reader"))
    assert client.get(url).status_code == 403
    assert client.post(url, {"label": "Changed", "position": 1}).status_code == 403
    choice.refresh_from_db()
    assert choice.label == "A call"


def _edit(client, choice, version, **changes):
    data = {"parent": "", "label": choice.label, "next_question": "", "ruling": ""}
    data.update({"article": "", "answer": ""})
    data.update({"position": choice.position, "base_version": version, **changes})
    return client.post(reverse("toolkit:picker-edit", args=[choice.key]), data)


def test_two_editors_changing_one_choices_label_get_the_conflict_page_with_both():
    choice = PickerChoice.objects.create(key="a-call", label="A call")
    version = latest_version(choice)
    first, second = Client(), Client()
    first.force_login(editor("first-ed"))
    second.force_login(editor("second-ed"))
    assert _edit(first, choice, version, label="A call for a discard").status_code == 302
    response = _edit(second, choice, version, label="Calling a tile")
    assert response.status_code == 409
    text = response.content.decode()
    assert "A call for a discard" in text and "Calling a tile" in text


def test_edits_to_different_fields_of_one_choice_both_land():
    choice = PickerChoice.objects.create(key="a-call", label="A call")
    version = latest_version(choice)
    first, second = Client(), Client()
    first.force_login(editor("first-ed"))
    second.force_login(editor("second-ed"))
    assert _edit(first, choice, version, label="A call for a discard").status_code == 302
    assert _edit(second, choice, version, next_question="When?").status_code == 302
    choice.refresh_from_db()
    assert (choice.label, choice.next_question) == ("A call for a discard", "When?")


def test_a_choice_cannot_come_after_itself():
    top = PickerChoice.objects.create(key="top", label="Top")
    under = PickerChoice.objects.create(key="under", label="Under", parent=top)
    client = Client()
    client.force_login(editor("ed"))
    response = _edit(client, top, latest_version(top), parent=under.pk)
    assert response.status_code == 400
    assert "cannot come after itself" in response.content.decode()


def test_an_answer_must_be_on_the_chosen_article():
    one, two = article("nmjl-one", "1"), article("nmjl-two", "2")
    answer = two.questions.create(answer="An answer.")
    client = Client()
    client.force_login(editor("ed"))
    response = client.post(
        reverse("toolkit:picker-add"),
        {"key": "x", "label": "X", "article": one.pk, "answer": answer.pk, "position": 1},
    )
    assert response.status_code == 400
    assert "Choose an answer on the chosen article." in response.content.decode()
    assert "X" in response.content.decode()


def test_a_choice_edited_on_the_site_survives_the_next_import(seeded):
    choice = PickerChoice.objects.get(key="wall")
    choice.label = "Something at the wall"
    choice._change_reason = "Edited"
    choice.save()
    out = io.StringIO()
    call_command("import_content", "fixtures/", stdout=out)
    choice.refresh_from_db()
    assert choice.label == "Something at the wall"
    assert "picker choice wall" in out.getvalue()


def test_a_choices_history_compares_and_restores():
    choice = PickerChoice.objects.create(key="a-call", label="A call")
    choice.label = "Calls"
    choice.save()
    client = Client()
    client.force_login(editor("ed"))
    history = client.get(reverse("toolkit:picker-history", args=["a-call"]))
    assert len(history.context["versions"]) == 2
    restore = reverse("toolkit:picker-restore", args=["a-call", 1])
    assert client.post(restore, {"latest": "2"}).status_code == 302
    choice.refresh_from_db()
    assert choice.label == "A call"


def test_an_editor_picks_a_last_choices_ruling_by_its_question_and_readers_land_on_it():
    six = article("nmjl-six", "6")
    ruling = Ruling.objects.create(
        article=six, slug="give-back", question="May she give back a racked call?", answer="No."
    )
    client = Client()
    client.force_login(editor("ed"))
    form = client.get(reverse("toolkit:picker-add")).content.decode()
    assert "May she give back a racked call?" in form
    response = client.post(
        reverse("toolkit:picker-add"),
        {
            "key": "racked",
            "label": "She racked the called tile",
            "ruling": ruling.pk,
            "position": 1,
        },
    )
    assert response.status_code == 302
    landed = Client().get(reverse("toolkit:picker", args=["racked"]))
    assert landed["Location"] == "/rulings/give-back/"


def test_a_change_of_ruling_shows_both_questions_on_the_compare_page():
    six = article("nmjl-six", "6")
    first = Ruling.objects.create(article=six, slug="first", question="First?", answer="Yes.")
    second = Ruling.objects.create(article=six, slug="second", question="Second?", answer="No.")
    choice = PickerChoice.objects.create(key="leaf", label="A leaf", ruling=first)
    choice.ruling = second
    choice.save()
    client = Client()
    client.force_login(editor("ed"))
    page = client.get(reverse("toolkit:picker-compare", args=["leaf"]) + "?from=1&to=2")
    assert page.status_code == 200
    text = page.content.decode()
    assert "First?" in text and "Second?" in text


def test_the_picker_exports_each_last_choices_ruling_and_imports_it_back(seeded, tmp_path):
    picker_content.export_content(tmp_path, io.StringIO())
    written = json.loads((tmp_path / "picker" / "choices.json").read_text(encoding="utf-8"))
    entries = {entry["key"]: entry for entry in written["choices"]}
    assert entries["joker-two-in-a-turn"]["ruling"] == "two-joker-exchanges-in-the-same-turn"
    assert "article" not in entries["joker-two-in-a-turn"]
    shipped = json.loads((FIXTURES / "picker" / "choices.json").read_text(encoding="utf-8"))
    assert written == shipped  # the shipped file is what an export of it writes
    out = io.StringIO()
    picker_content.import_content(tmp_path, out)
    assert PickerChoice.objects.get(key="joker-two-in-a-turn").ruling.slug == (
        "two-joker-exchanges-in-the-same-turn"
    )


def test_a_picker_file_naming_a_ruling_that_does_not_exist_is_refused(tmp_path):
    (tmp_path / "picker").mkdir()
    (tmp_path / "picker" / "choices.json").write_text(
        json.dumps({"choices": [{"key": "x", "label": "X", "ruling": "no-such-ruling"}]})
    )
    with pytest.raises(CommandError, match="x leads to no-such-ruling, no such ruling"):
        picker_content.import_content(tmp_path, io.StringIO())


def test_a_choice_imported_before_choices_had_rulings_is_still_brought_to_its_file(tmp_path):
    """The migration that gave choices a ruling re-digests the imported choices no one
    edited, so the next import moves them to their ruling (not kept as edited on the site)."""
    from importlib import import_module

    from django.apps import apps

    migration = import_module("toolkit.migrations.0003_picker_leads_to_rulings")
    six = article("nmjl-six", "6")
    Ruling.objects.create(article=six, slug="racked", question="Racked?", answer="No.")
    old = PickerChoice.objects.create(key="old", label="Old", article=six, position=1)
    values = {name: getattr(old, name) for name in migration.OLD_FIELDS}
    ImportedRow.objects.create(model="toolkit.pickerchoice", key="old", digest=digest(values))
    migration.imported_choices_still_imported(apps, None)
    (tmp_path / "picker").mkdir()
    (tmp_path / "picker" / "choices.json").write_text(
        json.dumps({"choices": [{"key": "old", "label": "Old", "ruling": "racked"}]})
    )
    picker_content.import_content(tmp_path, io.StringIO())
    old.refresh_from_db()
    assert (old.ruling.slug, old.article) == ("racked", None)
