"""The rulings in the content folder: imported with their sources and the checks that show
them, idempotently, keeping site edits, and exported to the very files they came from."""

import io
import json
import shutil

import pytest
from django.core.cache import cache
from django.core.management.base import CommandError
from django.db import transaction

from articles import content as articles_content
from articles.models import Article, Citation, Ruling
from rulings import checks
from rulings import content as rulings_content
from rulings.models import RulingCheck
from rulings.ruling_checks import verdicts
from tests.articles.conftest import FIXTURES

pytestmark = pytest.mark.django_db

EVERY_RULING = sum(len(json.loads(p.read_text())) for p in (FIXTURES / "rulings").glob("*.json"))
EVERY_LINK = sum(
    len(ruling["shown_by"])
    for path in (FIXTURES / "rulings").glob("*.json")
    for ruling in json.loads(path.read_text())
)


@pytest.fixture(scope="module")
def seeded(django_db_setup, django_db_blocker):
    """The articles' and scenarios' parts of fixtures/, imported once for the module and
    rolled back after it; results from an empty cache (no other module's fake engine)."""
    cache.clear()
    checks.remembered.clear()
    with django_db_blocker.unblock(), transaction.atomic():
        import_both()
        yield
        transaction.set_rollback(True)
    cache.clear()
    checks.remembered.clear()


def import_both(folder=FIXTURES):
    out = io.StringIO()
    articles_content.import_content(folder, out)
    rulings_content.import_content(folder, out)
    return out.getvalue()


def history_rows():
    return Ruling.history.count() + Citation.history.count()


def test_the_import_makes_every_ruling_of_the_files_with_its_sources_and_checks(seeded):
    assert EVERY_RULING == 106
    assert Ruling.objects.count() == EVERY_RULING
    assert RulingCheck.objects.count() == EVERY_LINK
    racked = Ruling.objects.get(slug="give-back-a-racked-call")
    assert racked.article.key == "nmjl-6"
    assert racked.verdict == Ruling.Verdict.NOT_ALLOWED
    assert racked.get_verdict_display() == "Not allowed"
    assert racked.answer == "No. She must use it."
    first = racked.citations.order_by("position").first()
    assert (first.source.key, first.locator, first.date) == ("nmjl-bulletin-1970", "page 5", "1970")
    assert first.quote.startswith("A call for a tile is just like a pick from the wall.")


def test_every_seed_rulings_checks_give_its_verdict_under_league_rules(seeded):
    checks = list(RulingCheck.objects.select_related("ruling", "scenario"))
    shown = verdicts(checks)
    disagreeing = [
        f"{check.ruling.slug}: {check} gives {verdict}"
        for check, verdict in zip(checks, shown, strict=True)
        if verdict != check.ruling.verdict
    ]
    assert disagreeing == []


def test_importing_the_rulings_twice_writes_nothing(seeded):
    rows, links = history_rows(), RulingCheck.objects.count()
    out = import_both()
    assert history_rows() == rows
    assert RulingCheck.objects.count() == links
    assert "Rulings: 0 created, 0 updated, 0 deleted" in out
    assert "Rulings' checks: 0 created, 0 updated, 0 deleted" in out


def test_a_ruling_edited_on_the_site_survives_a_re_import(seeded):
    ruling = Ruling.objects.get(slug="give-back-a-racked-call")
    ruling.answer = "No. Once racked, she must use it."
    ruling.save()
    out = import_both()
    assert Ruling.objects.get(pk=ruling.pk).answer == "No. Once racked, she must use it."
    assert "Rulings: 0 created, 0 updated, 0 deleted, 1 kept" in out


def test_export_writes_the_very_files_the_rulings_came_from(seeded, tmp_path):
    articles_content.export_content(tmp_path, io.StringIO())
    rulings_content.export_content(tmp_path, io.StringIO())
    for path in sorted((FIXTURES / "rulings").glob("*.json")):
        assert (tmp_path / "rulings" / path.name).read_text() == path.read_text(), path.name


def test_a_source_dated_otherwise_than_the_source_is_refused_with_the_ruling_named(
    seeded, tmp_path
):
    shutil.copytree(FIXTURES / "rulings", tmp_path / "rulings")
    shutil.copytree(FIXTURES / "content", tmp_path / "content")
    path = tmp_path / "rulings" / "nmjl-6.json"
    data = json.loads(path.read_text())
    data[0]["sources"][0]["date"] = "1971"
    path.write_text(json.dumps(data))
    with pytest.raises(CommandError, match=r"nmjl-6\.json: give-back-a-racked-call: .*1970"):
        articles_content.import_content(tmp_path, io.StringIO())


def test_a_ruling_of_an_article_that_does_not_exist_is_refused_with_its_file_named(
    seeded, tmp_path
):
    (tmp_path / "rulings").mkdir()
    (tmp_path / "rulings" / "no-such-article.json").write_text("[]")
    with pytest.raises(CommandError, match=r"no-such-article\.json: no article"):
        articles_content.import_content(tmp_path, io.StringIO())
    assert Article.objects.filter(key="no-such-article").count() == 0
