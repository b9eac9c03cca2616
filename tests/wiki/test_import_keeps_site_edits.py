"""`make run` imports fixtures/ on every start: what editors did on the site must survive it."""

import io
from pathlib import Path

import pytest
from django.core.management import call_command

from articles.models import Article, Commentary
from rulings.models import Scenario
from tests.seeding import seed
from tests.wiki.conftest import logged_in
from tests.wiki.test_editing import edit_url, form_of
from tournaments.models import HouseRule, Tournament

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
FIX = "A player may change the exposure until they discard or make a joker exchange."


def import_content(*options):
    """Run the import as `make run` does; its report."""
    out = io.StringIO()
    call_command("import_content", "fixtures/", *options, stdout=out)
    return out.getvalue()


@pytest.fixture
def seeded(db):
    """The site as an import left it (the worker's imported rows copied in, import records
    included): what these tests look at is the import run again over it."""
    seed()


def second_commentary_on_article_6():
    return Commentary.objects.get(article__key="nmjl-6", position=1)


def edit_in_the_browser(commentary, editor, body, summary="Fix the exposure rule"):
    client = logged_in(editor)
    data = form_of(client.get(edit_url(commentary)))
    data.update(body=body, edit_summary=summary)
    response = client.post(edit_url(commentary), data)
    assert response.status_code == 302


def history_rows():
    return sum(model.history.count() for model in (Article, Commentary, Scenario, Tournament))


@pytest.fixture(autouse=True)
def from_the_project_folder(monkeypatch):
    monkeypatch.chdir(FIXTURES.parent)


def test_an_empty_database_reports_every_row_as_created_and_none_updated(db):
    report = import_content()
    last = [line for line in report.splitlines() if line.startswith("Imported content")][0]
    assert " 0 updated, 0 deleted, 0 kept." in last
    assert not last.startswith("Imported content from fixtures/: 0 created")
    reasons = set(Commentary.history.values_list("history_change_reason", flat=True))
    assert reasons == {"Imported from fixtures/"}


def test_importing_twice_changes_nothing_and_writes_no_history(seeded):
    rows = history_rows()
    report = import_content()
    assert history_rows() == rows
    assert "Imported content from fixtures/: 0 created, 0 updated, 0 deleted, 0 kept." in report


def test_an_editors_fix_to_article_6_commentary_survives_the_import_and_is_listed_as_kept(
    seeded, editor
):
    edit_in_the_browser(second_commentary_on_article_6(), editor, FIX)
    rows = history_rows()
    report = import_content()
    assert second_commentary_on_article_6().body == FIX
    assert history_rows() == rows
    assert "0 created, 0 updated, 0 deleted, 1 kept." in report
    assert (
        "kept 1 edited on the site: Commentary 2 on Article 6; `--overwrite` to replace" in report
    )


def test_overwrite_replaces_the_editors_fix_with_a_version_naming_the_import(seeded, editor):
    original = second_commentary_on_article_6().body
    edit_in_the_browser(second_commentary_on_article_6(), editor, FIX)
    report = import_content("--overwrite")
    commentary = second_commentary_on_article_6()
    assert commentary.body == original
    latest = commentary.history.first()
    assert latest.history_change_reason == "Imported from fixtures/ (--overwrite)"
    assert latest.prev_record.body == FIX  # the editor's version stays in the history
    assert "0 created, 1 updated, 0 deleted, 0 kept." in report
    assert "0 kept" in import_content()  # and the import owns the row again


def test_a_row_nobody_edited_on_the_site_still_follows_its_changed_file(seeded, editor, tmp_path):
    call_command("export_content", str(tmp_path), stdout=io.StringIO())
    path = tmp_path / "content" / "articles" / "nmjl-6.json"
    path.write_text(path.read_text().replace('"title": "', '"title": "Revised: ', 1))
    edit_in_the_browser(second_commentary_on_article_6(), editor, FIX)
    out = io.StringIO()
    call_command("import_content", str(tmp_path), stdout=out)
    assert Article.objects.get(key="nmjl-6").title.startswith("Revised: ")
    assert second_commentary_on_article_6().body == FIX
    assert "0 created, 1 updated, 0 deleted, 1 kept." in out.getvalue()


def test_a_commentary_added_on_the_site_is_kept(seeded, editor):
    article = Article.objects.get(key="nmjl-6")
    client = logged_in(editor)
    client.post(f"/articles/{article.key}/commentary/new/", {"body": "Added by an editor."})
    assert article.commentaries.filter(body="Added by an editor.").exists()
    import_content()
    assert article.commentaries.filter(body="Added by an editor.").exists()


def test_a_commentary_deleted_on_the_site_is_not_brought_back_unless_overwrite(seeded):
    second_commentary_on_article_6().delete()
    report = import_content()
    assert not Commentary.objects.filter(article__key="nmjl-6", position=1).exists()
    assert "kept 1 deleted on the site: Commentary 2 on Article 6" in report
    import_content("--overwrite")
    assert second_commentary_on_article_6().history.first().history_change_reason == (
        "Imported from fixtures/ (--overwrite)"
    )


def test_a_scenario_and_a_house_rule_changed_on_the_site_are_kept(seeded):
    scenario = Scenario.objects.order_by("slug").first()
    scenario.text = scenario.text.rstrip() + "\n    And that is allowed\n"
    scenario._change_reason = "Edited"
    scenario.save()
    rule = HouseRule.objects.order_by("tournament__slug", "position").first()
    rule.text = "Stated more plainly on the site."
    rule.save()
    report = import_content()
    assert Scenario.objects.get(pk=scenario.pk).text == scenario.text
    assert HouseRule.objects.get(pk=rule.pk).text == "Stated more plainly on the site."
    assert "0 created, 0 updated, 0 deleted, 2 kept." in report
