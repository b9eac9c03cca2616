"""Verdict changes: compared with what readers last saw after a save, a dated ruling, a deploy."""

import io

import pytest
from django.apps import apps
from django.core.management import call_command
from mahjong_rules.engine import ENGINE_VERSION

from articles.models import Source
from community import signals, verdicts
from community.models import Notification, ReadersVerdicts, Watch
from tests.community.conftest import make_user

OLD = [["The caller rearranges the exposure before discarding", "failed", ["refused"]]]


def test_changed_names_lists_checks_whose_verdict_differs_or_that_came_or_went():
    before = [["a", "passes", ["allowed"]], ["b", "passes", []], ["gone", "passes", []]]
    after = [["a", "passes", ["refused"]], ["b", "passes", []], ["new", "passes", []]]
    assert verdicts.changed_names(before, after) == ["a", "gone", "new"]
    assert verdicts.changed_names(after, after) == []


@pytest.fixture
def watchers_of_both(scenario, article, watcher):
    reader = make_user("rhea")
    Watch.objects.create(user=watcher, scenario=scenario)
    Watch.objects.create(user=reader, article=article)
    return watcher, reader


def as_readers_saw(scenario, seen, engine_version=ENGINE_VERSION):
    ReadersVerdicts.objects.filter(scenario=scenario).update(
        verdicts=seen, engine_version=engine_version
    )


def test_a_new_scenario_records_its_verdicts_and_tells_nobody(scenario, watcher):
    stored = ReadersVerdicts.objects.get(scenario=scenario)
    assert stored.verdicts == [
        ["The caller rearranges the exposure before discarding", "passed", ["allowed"]]
    ]
    assert stored.engine_version == ENGINE_VERSION
    assert not Notification.objects.exists()


def test_a_scenario_save_that_changes_a_verdict_tells_both_kinds_of_watcher(
    scenario, watchers_of_both, editor
):
    watcher, reader = watchers_of_both
    as_readers_saw(scenario, OLD)
    scenario._history_user = editor
    scenario.title = "Changing an exposure, before the discard"
    scenario.save()
    assert Notification.objects.filter(user=reader, reason=Notification.VERDICTS).count() == 1
    kinds = set(Notification.objects.filter(user=watcher).values_list("reason", flat=True))
    assert kinds == {Notification.EDITED, Notification.VERDICTS}


def test_a_save_that_keeps_the_verdicts_tells_article_watchers_nothing(
    scenario, watchers_of_both, editor
):
    _, reader = watchers_of_both
    scenario._history_user = editor
    scenario.title = "Renamed only"
    scenario.save()
    assert not Notification.objects.filter(user=reader).exists()


def test_the_writer_is_not_told_of_the_verdicts_their_own_edit_changed(scenario, editor):
    Watch.objects.create(user=editor, scenario=scenario)
    as_readers_saw(scenario, OLD)
    scenario._history_user = editor
    scenario.title = "Renamed"
    scenario.save()
    assert not Notification.objects.filter(user=editor).exists()


def test_an_engine_upgrade_found_by_the_deploy_command_tells_watchers(scenario, watchers_of_both):
    watcher, reader = watchers_of_both
    as_readers_saw(scenario, OLD, engine_version="0")
    out = io.StringIO()
    call_command("check_verdict_changes", stdout=out)
    assert "1 scenario changed verdicts." in out.getvalue()
    notice = Notification.objects.get(user=reader)
    assert "the rules engine was updated" in notice.message
    assert ReadersVerdicts.objects.get(scenario=scenario).engine_version == ENGINE_VERSION
    call_command("check_verdict_changes", stdout=io.StringIO())
    assert Notification.objects.count() == 2  # compared again: nothing new


def test_migrate_after_an_engine_upgrade_queues_the_comparison(scenario, watchers_of_both):
    _, reader = watchers_of_both
    as_readers_saw(scenario, OLD, engine_version="0")
    signals._after_migrate(sender=apps.get_app_config("community"))
    assert Notification.objects.filter(user=reader, reason=Notification.VERDICTS).exists()


def test_migrate_with_the_same_engine_compares_nothing(scenario, watchers_of_both):
    _, reader = watchers_of_both
    as_readers_saw(scenario, OLD)  # stale verdicts, but the engine did not change
    signals._after_migrate(sender=apps.get_app_config("community"))
    assert not Notification.objects.exists()


def test_a_new_dated_ruling_on_the_article_compares_its_scenarios(
    scenario, article, watchers_of_both
):
    _, reader = watchers_of_both
    as_readers_saw(scenario, OLD)
    source = Source.objects.create(key="bulletin-2026", publication="nmjl-bulletin", year=2026)
    article.citations.create(source=source, locator="page 2")
    verdict_notices = Notification.objects.filter(user=reader, reason=Notification.VERDICTS)
    assert [n.message.endswith("(a new dated ruling).") for n in verdict_notices] == [True]


def test_a_verdict_change_is_an_entry_of_the_articles_atom_feed(scenario, article, client):
    as_readers_saw(scenario, OLD, engine_version="0")
    call_command("check_verdict_changes", stdout=io.StringIO())
    feed = client.get(f"/articles/{article.key}/feed/").content.decode()
    assert "A check&#x27;s verdict changed" in feed or "A check's verdict changed" in feed
    assert f"#scenario-{scenario.slug}" in feed


def test_an_unchanged_verdict_puts_nothing_in_the_feed(scenario, article, client):
    call_command("check_verdict_changes", stdout=io.StringIO())
    feed = client.get(f"/articles/{article.key}/feed/").content.decode()
    assert "verdict changed" not in feed
