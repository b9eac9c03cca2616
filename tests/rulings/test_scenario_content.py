"""Scenarios in the content folder: one .feature file each, imported and exported exactly."""

import io

import pytest

from articles.models import ImportedRow
from rulings import content
from rulings.models import Scenario
from rulings.scenario_store import article_keys
from tests.rulings.conftest import CALLING, OUTLINE, SCENARIO_CHECKS

pytestmark = SCENARIO_CHECKS


@pytest.fixture
def folder(tmp_path):
    (tmp_path / "scenarios").mkdir()
    (tmp_path / "scenarios" / "calling.feature").write_text(CALLING, encoding="utf-8")
    (tmp_path / "scenarios" / "outline.feature").write_text(
        OUTLINE.replace("@article:nmjl-calling", "@article:nmjl-calling @article:nmjl-6"),
        encoding="utf-8",
    )
    return tmp_path


def test_import_makes_one_scenario_per_file_titled_and_linked_by_its_tags(
    folder, article, other_article
):
    content.import_content(folder, io.StringIO())
    calling = Scenario.objects.get(slug="calling")
    assert calling.title == "Calling a discard"
    assert calling.text == CALLING
    assert calling.source_file == "scenarios/calling.feature"
    outline = Scenario.objects.get(slug="outline")
    assert sorted(a.key for a in outline.articles.all()) == ["nmjl-6", "nmjl-calling"]


def test_importing_twice_changes_nothing_and_writes_no_history(folder, article, other_article):
    content.import_content(folder, io.StringIO())
    history = [s.history.count() for s in Scenario.objects.all()]
    out = io.StringIO()
    content.import_content(folder, out)
    assert [s.history.count() for s in Scenario.objects.all()] == history
    assert "Scenarios: 0 created, 0 updated, 0 deleted, 0 kept" in out.getvalue()


def test_a_changed_file_updates_its_scenario_with_a_reason(folder, article, other_article):
    content.import_content(folder, io.StringIO())
    changed = CALLING.replace("A single tile does not", "One tile is not enough")
    (folder / "scenarios" / "calling.feature").write_text(changed, encoding="utf-8")
    content.import_content(folder, io.StringIO())
    calling = Scenario.objects.get(slug="calling")
    assert calling.text == changed
    assert calling.history.first().history_change_reason == f"Imported from {folder}"


def test_unknown_article_keys_are_reported_and_left_unlinked(folder, article):
    out = io.StringIO()
    content.import_content(folder, out)
    assert "outline.feature: no article has the key nmjl-6" in out.getvalue()
    assert [a.key for a in Scenario.objects.get(slug="outline").articles.all()] == ["nmjl-calling"]


def test_export_then_import_into_an_empty_database_gives_the_same_scenarios(
    folder, tmp_path_factory, article, other_article
):
    content.import_content(folder, io.StringIO())
    before = {
        s.slug: (s.title, s.text, s.source_file, sorted(a.key for a in s.articles.all()))
        for s in Scenario.objects.all()
    }
    exported = tmp_path_factory.mktemp("exported")
    content.export_content(exported, io.StringIO())
    for name in ("calling.feature", "outline.feature"):
        assert (exported / "scenarios" / name).read_bytes() == (
            folder / "scenarios" / name
        ).read_bytes()
    Scenario.objects.all().delete()
    ImportedRow.objects.all().delete()  # an empty database has no record of imports either
    content.import_content(exported, io.StringIO())
    after = {
        s.slug: (s.title, s.text, s.source_file, sorted(a.key for a in s.articles.all()))
        for s in Scenario.objects.all()
    }
    assert after == before


def test_article_keys_come_from_feature_and_scenario_tags_once_each():
    text = "@article:a @wip\nFeature: F\n  @article:b @article:a\n  Scenario: S\n    Given x\n"
    assert article_keys(text) == ["a", "b"]
    assert article_keys("not gherkin at all\n  | broken") == []


def test_tags_are_followed_on_every_save_even_outside_the_editor(article, other_article):
    scenario = Scenario.objects.create(slug="s", title="S", text=CALLING)
    assert [a.key for a in scenario.articles.all()] == ["nmjl-calling"]
    scenario.text = CALLING.replace("@article:nmjl-calling", "@article:nmjl-6")
    scenario.save()
    assert [a.key for a in scenario.articles.all()] == ["nmjl-6"]


def test_an_imported_scenario_has_one_history_entry_with_its_links(folder, article, other_article):
    content.import_content(folder, io.StringIO())
    (entry,) = Scenario.objects.get(slug="outline").history.all()
    assert entry.history_type == "+"
    assert sorted(link.article.key for link in entry.articles.all()) == ["nmjl-6", "nmjl-calling"]


def test_article_keys_come_from_rule_and_examples_tags_too_as_the_runner_inherits_them():
    text = (
        "Feature: F\n  @article:a\n  Rule: R\n    Scenario Outline: S\n      Given x <n>\n"
        "      @article:b\n      Examples:\n        | n |\n        | 1 |\n"
    )
    assert article_keys(text) == ["a", "b"]
