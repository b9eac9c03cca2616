"""Each step's table in notation, for authors: on a scenario's page (with "Copy as a table")
and in the editor's check; never for readers. Run with the real engine: the tables are its."""

import pytest
from django.urls import reverse
from mahjong_rules.engine import Table, judge, parse_action, parse_tile

from rulings.models import Scenario
from rulings.step_tables import step_tables
from tests.rulings.conftest import forget_everything

pytestmark = pytest.mark.django_db

TOUCHED = """@article:nmjl-calling
Feature: Giving a called tile back
  Scenario: A touched tile may be given back under League rules
    Given South has discarded 3C
    And East holds 3C 3C
    When East calls the discard
    And East touches the called tile
    And East withdraws the call
    Then that is allowed
"""


@pytest.fixture(autouse=True)
def empty_cache():
    forget_everything()
    yield
    forget_everything()


@pytest.fixture
def touched(article):
    return Scenario.objects.create(slug="touched", title="Giving a called tile back", text=TOUCHED)


def test_the_table_before_an_action_judges_that_action_as_the_step_did():
    tables = {entry.text: entry for entry in step_tables(TOUCHED)}
    before = tables["East withdraws the call"]
    assert before.line == 8 and not before.failed
    table = Table.from_notation(before.notation)
    assert table.notation() == before.notation
    assert table.pending is not None and table.pending.touched
    verdict, _ = judge(table, parse_action("E withdraw-call"))
    assert verdict.allowed  # as the scenario's step was ruled


def test_a_failing_step_names_the_table_it_failed_at():
    wrong = TOUCHED.replace("Then that is allowed", "Then that is refused")
    [failed] = [entry for entry in step_tables(wrong) if entry.failed]
    assert failed.line == 9 and failed.text == "that is refused"
    # The table after the call was withdrawn: no call standing, South's 3C the latest discard.
    table = Table.from_notation(failed.notation)
    assert table.pending is None and table.latest_discard.tile == parse_tile("3C")


def test_an_editor_sees_each_steps_table_with_a_copy_button(client, touched, editor):
    client.force_login(editor)
    html = client.get(touched.get_absolute_url()).content.decode()
    [before] = [e for e in step_tables(TOUCHED) if e.text == "East withdraws the call"]
    assert f"<code>{before.notation}</code>" in html
    assert "Copy as a table" in html and "js/copy-table.js" in html


def test_an_anonymous_reader_sees_no_table_notation_and_no_copy_button(client, touched):
    html = client.get(touched.get_absolute_url()).content.decode()
    assert client.get(touched.get_absolute_url()).status_code == 200
    assert "Copy as a table" not in html and "copy-table.js" not in html
    assert "nmjl play" not in html


def test_the_editors_check_shows_the_table_where_a_step_failed(client, article, editor):
    client.force_login(editor)
    wrong = TOUCHED.replace("Then that is allowed", "Then that is refused")
    report = client.post(reverse("rulings:scenario-check"), {"text": wrong}).json()
    [line] = [entry for entry in report["lines"] if entry["line"] == 9]
    assert line["table"] == step_tables(wrong)[-1].notation and "S:3C" in line["table"]


def test_an_editor_opening_a_check_on_the_article_page_gets_each_steps_table_to_copy(
    client, touched, editor, article
):
    client.force_login(editor)
    fragment = client.get(f"/scenarios/touched/drawing/{article.key}/").content.decode()
    [before] = [e for e in step_tables(TOUCHED) if e.text == "East withdraws the call"]
    assert f"<code>{before.notation}</code>" in fragment and "Copy as a table" in fragment
    # The page loads the copy button's script for an editor, and drawings.js shows the buttons.
    assert "js/copy-table.js" in client.get(article.get_absolute_url()).content.decode()


def test_a_reader_opening_a_check_on_the_article_page_gets_no_table_notation(
    client, touched, article
):
    fragment = client.get(f"/scenarios/touched/drawing/{article.key}/").content.decode()
    assert 'class="steps"' in fragment
    assert "Copy as a table" not in fragment and "step-tables" not in fragment
    assert "copy-table.js" not in client.get(article.get_absolute_url()).content.decode()
