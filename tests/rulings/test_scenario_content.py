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


def test_a_file_that_does_not_run_clean_is_imported_as_a_reported_draft_and_kept_on_reimport(
    folder, article, other_article
):
    content.import_content(folder, io.StringIO())
    broken = CALLING.replace("@article:nmjl-calling", "@article:nmjl-6").replace(
        "When West calls 7D", "When West calss 7D", 1
    )
    (folder / "scenarios" / "calling.feature").write_text(broken, encoding="utf-8")
    out = io.StringIO()
    content.import_content(folder, out)
    assert "calling.feature: does not run clean; saved as a draft" in out.getvalue()
    calling = Scenario.objects.get(slug="calling")
    assert (calling.is_draft, calling.text, calling.published_text) == (True, broken, CALLING)
    assert [a.key for a in calling.articles.all()] == ["nmjl-calling"]  # what readers see
    history = calling.history.count()
    out = io.StringIO()
    content.import_content(folder, out)
    assert calling.history.count() == history
    assert "Scenarios: 0 created, 0 updated" in out.getvalue()
    assert "draft" not in out.getvalue()  # reported when it was saved, not again


def broken_calling():
    """CALLING with a typo in a step: saved, but a draft."""
    return CALLING.replace("When West calls 7D", "When West calss 7D", 1)


def files_in(folder):
    return {
        str(path.relative_to(folder)): path.read_text(encoding="utf-8")
        for path in sorted(folder.rglob("*.feature"))
    }


def a_draft_on_top_of_calling(folder):
    content.import_content(folder, io.StringIO())
    calling = Scenario.objects.get(slug="calling")
    calling.text = broken_calling()  # a writer's edit that does not run clean
    calling.save()
    calling.refresh_from_db()
    assert calling.is_draft and calling.published_text == CALLING
    return calling


def test_export_writes_the_text_readers_see_and_the_draft_beside_it(
    folder, article, other_article, tmp_path
):
    a_draft_on_top_of_calling(folder)
    exported = tmp_path / "exported"
    content.export_content(exported, io.StringIO())
    files = files_in(exported)
    assert files["scenarios/calling.feature"] == CALLING  # the last clean version
    assert files["scenarios/drafts/calling.feature"] == broken_calling()  # nothing lost
    assert "scenarios/drafts/outline.feature" not in files  # no draft, no draft file


def test_export_import_export_with_a_draft_gives_the_same_files_and_the_same_scenario(
    folder, article, other_article, tmp_path
):
    a_draft_on_top_of_calling(folder)
    first = tmp_path / "first"
    content.export_content(first, io.StringIO())
    Scenario.objects.all().delete()
    ImportedRow.objects.all().delete()  # an empty database, as a new site has

    out = io.StringIO()
    content.import_content(first, out)

    calling = Scenario.objects.get(slug="calling")
    assert (calling.is_draft, calling.text, calling.published_text) == (
        True,
        broken_calling(),
        CALLING,
    )
    assert calling.published_title == "Calling a discard"
    readers = Scenario.objects.for_readers().get(slug="calling")
    assert readers.text == CALLING  # readers still see the clean version
    second = tmp_path / "second"
    content.export_content(second, io.StringIO())
    assert files_in(second) == files_in(first)
    # And importing the same folder again writes nothing.
    history = calling.history.count()
    content.import_content(first, io.StringIO())
    assert calling.history.count() == history


def test_a_draft_published_since_the_last_export_leaves_no_draft_file_behind(
    folder, article, other_article, tmp_path
):
    calling = a_draft_on_top_of_calling(folder)
    exported = tmp_path / "exported"
    content.export_content(exported, io.StringIO())
    calling.text = CALLING.replace("A single tile does not", "One tile is not enough")
    calling.save()  # runs clean: published
    content.export_content(exported, io.StringIO())
    files = files_in(exported)
    assert "scenarios/drafts/calling.feature" not in files
    assert files["scenarios/calling.feature"] == calling.text


def test_a_scenario_that_never_ran_clean_is_exported_as_its_text_and_imported_as_a_draft(
    article, other_article, tmp_path
):
    Scenario.objects.create(slug="never", title="", text=broken_calling())
    exported = tmp_path / "exported"
    content.export_content(exported, io.StringIO())
    assert files_in(exported) == {"scenarios/never.feature": broken_calling()}
    Scenario.objects.all().delete()
    ImportedRow.objects.all().delete()
    content.import_content(exported, io.StringIO())
    never = Scenario.objects.get(slug="never")
    assert never.is_draft and never.text == broken_calling() and never.published_text == ""


def test_a_clean_file_under_a_draft_that_does_not_run_clean_is_not_published(
    folder, article, other_article
):
    (folder / "scenarios" / "drafts").mkdir()
    (folder / "scenarios" / "drafts" / "calling.feature").write_text(
        broken_calling(), encoding="utf-8"
    )
    (folder / "scenarios" / "calling.feature").write_text(
        broken_calling().replace("calss", "clals"), encoding="utf-8"
    )
    out = io.StringIO()
    content.import_content(folder, out)
    assert "has a draft, but the file itself does not run clean; not published" in out.getvalue()
    calling = Scenario.objects.get(slug="calling")
    assert calling.is_draft and calling.published_text == ""


DUTCH_CALLING = """# language: nl
@article:nmjl-calling
Functionaliteit: Een afgegooide steen roepen
  Scenario: Met een paar mag je roepen
    Gegeven West heeft 7D 7D in de hand
    Als West 7D roept
    Dan is dat toegestaan
"""


def test_the_dutch_twins_in_scenarios_nl_are_not_content_import_skips_and_export_keeps_them(
    folder, article, other_article
):
    twin = folder / "scenarios" / "nl" / "calling.feature"
    twin.parent.mkdir()
    twin.write_text(DUTCH_CALLING, encoding="utf-8")
    out = io.StringIO()
    content.import_content(folder, out)
    assert sorted(Scenario.objects.values_list("source_file", flat=True)) == [
        "scenarios/calling.feature",
        "scenarios/outline.feature",
    ]
    assert "nl/" not in out.getvalue()
    content.export_content(folder, io.StringIO())
    assert twin.read_text(encoding="utf-8") == DUTCH_CALLING
    assert sorted(p.name for p in (folder / "scenarios").glob("*.feature")) == [
        "calling.feature",
        "outline.feature",
    ]
