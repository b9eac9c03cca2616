"""The rulings of the content folder, on the seed content: imported with their sources and
the checks that show them (idempotently, keeping site edits, exported to the very files they
came from); each ruling's own address; the article's list of rulings; the rulings wanted.
One module, so the seed is imported once for all of them."""

import io
import json
import shutil

import pytest
from django.contrib.auth.models import Group, User
from django.core.cache import cache
from django.core.management.base import CommandError
from django.db import transaction
from django.urls import reverse

from articles import content as articles_content
from articles.models import Article, Citation, Ruling
from articles.permissions import EDITORS
from articles.wiki.page_history import current_version, page_history
from community.models import Notification, Watch
from pagecache.signals import pages_stale
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


# --- a ruling's own address ----------------------------------------------------------------

RACKED = "/rulings/give-back-a-racked-call/"


def editor():
    user = User.objects.create_user("ada", password="pw")
    user.groups.add(Group.objects.get_or_create(name=EDITORS)[0])
    return user


def test_a_rulings_address_answers_first_then_gives_why_its_sources_its_check_and_its_article(
    seeded, client
):
    html = client.get(RACKED).content.decode()
    order = [
        "<h1",
        "May a player give back a called tile once it is racked?",
        "Not allowed:</strong> No. She must use it.",
        "must use it: a call for a tile is just like a pick from the wall.",
        "NMJL Bulletin 1970",
        "Checked by the rules engine",
        "From Article 6",
    ]
    at = 0
    for text in order:  # each after the one before
        at = html.find(text, at)
        assert at >= 0, text


def test_the_check_that_shows_a_ruling_is_a_plain_sentence_with_its_verdict_and_its_link(
    seeded, client
):
    html = client.get(RACKED).content.decode()
    checks = html[html.find("Checked by the rules engine") :]
    assert "<strong>Not allowed</strong>" in checks
    check = Ruling.objects.get(slug="give-back-a-racked-call").checks.first()
    assert check.scenario.get_absolute_url() in checks


def test_a_rulings_page_is_cached_for_readers_like_the_article_page(seeded, client):
    pages_stale()  # whatever another test drew
    assert client.get(RACKED)["X-Page-Cache"] == "miss"
    assert client.get(RACKED)["X-Page-Cache"] == "hit"


def test_an_address_with_no_ruling_is_not_found(seeded, client):
    assert client.get("/rulings/no-such-ruling/").status_code == 404


def test_a_ruling_of_an_unpublished_article_is_not_found_for_readers_but_shown_to_editors(
    seeded, client
):
    article = Article.objects.get(key="nmjl-6")
    article.is_published = False
    article.save()
    assert client.get(RACKED).status_code == 404
    client.force_login(editor())
    assert client.get(RACKED).status_code == 200


# --- the article's list of rulings ---------------------------------------------------------


def test_the_article_lists_its_rulings_near_the_top_each_opening_in_place(seeded, client):
    html = client.get("/articles/nmjl-6/").content.decode()
    item = html.find('<details class="ruling-item" id="give-back-a-racked-call">')
    assert 0 < item < html.find('id="commentary-title"')
    opened = html[item : html.find('<details class="ruling-item"', item + 1)]
    assert "May a player give back a called tile once it is racked?" in opened
    assert "No. She must use it." in opened
    assert "a call for a tile is just like a pick from the wall" in opened
    assert RACKED in opened
    slugs = Ruling.objects.filter(article__key="nmjl-6").values_list("slug", flat=True)
    assert all(f'id="{slug}"' in html for slug in slugs)


def test_a_ruling_edited_on_the_site_is_a_version_of_its_articles_one_history(seeded, client):
    article = Article.objects.get(key="nmjl-6")
    before, _ = current_version(article)
    client.force_login(editor())
    ruling = Ruling.objects.get(slug="give-back-a-racked-call")
    edit = reverse("articles:ruling-edit", args=[ruling.slug])
    form = client.get(edit).context["form"]
    data = {**form.initial, "answer": "No. Once racked, she must use it.", "summary": "clearer"}
    response = client.post(edit, {k: v for k, v in data.items() if v is not None})
    assert response.status_code == 302
    assert response["Location"].endswith("/articles/nmjl-6/#give-back-a-racked-call")
    assert Ruling.objects.get(pk=ruling.pk).answer == "No. Once racked, she must use it."
    assert current_version(article)[0] == before + 1
    latest = page_history(article)[-1]
    assert (latest.kind, latest.part) == ("ruling", f"Ruling {ruling.position}")


def test_a_version_of_the_article_shows_its_rulings_as_they_stood(seeded, client):
    article = Article.objects.get(key="nmjl-6")
    imported, _ = current_version(article)
    ruling = Ruling.objects.get(slug="give-back-a-racked-call")
    ruling.answer = "No. Once racked, she must use it."
    ruling.save()
    html = client.get(f"/articles/nmjl-6/version/{imported}/").content.decode()
    item = html[html.find('id="give-back-a-racked-call"') :]
    assert "No. She must use it." in item[: item.find("</summary>")]
    assert "NMJL Bulletin 1970" in item


def test_a_ruling_edited_on_the_site_tells_its_articles_watchers(seeded):
    article = Article.objects.get(key="nmjl-6")
    watcher = User.objects.create_user("wanda")
    Watch.objects.create(user=watcher, article=article)
    ruling = Ruling.objects.get(slug="give-back-a-racked-call")
    ruling.answer = "No. Once racked, she must use it."
    ruling._history_user = editor()
    ruling.save()
    told = Notification.objects.get(user=watcher)
    assert told.message.startswith("A ruling on Article 6 Changing an exposure was edited by ada")


# --- the rulings wanted --------------------------------------------------------------------


def test_rulings_wanted_lists_the_published_articles_without_rulings(seeded, client):
    nmjl = Article.objects.get(key="nmjl-6").ruleset
    bare = Article.objects.create(ruleset=nmjl, key="nmjl-24", number="24", title="Bare")
    html = client.get("/wanted/rulings/").content.decode()
    wanted = html[html.find('id="without-rulings"') : html.find('id="short-rulings"')]
    assert bare.get_absolute_url() in wanted
    assert reverse("articles:ruling-create", args=[bare.key]) in wanted
    assert "/articles/nmjl-6/" not in wanted


def test_an_editor_writes_a_wanted_ruling_which_goes_last_in_its_article(seeded, client):
    client.force_login(editor())
    new = reverse("articles:ruling-create", args=["nmjl-6"])
    assert client.get(new).status_code == 200
    answer = client.post(
        new,
        {
            "slug": "a-new-ruling",
            "question": "May a player rack a tile she did not call?",
            "answer": "No. The hand is dead once it is racked.",
            "verdict": "dead",
            "reason": "Racking the wrong discard disqualifies the hand.",
            "summary": "wanted",
        },
    )
    assert answer.status_code == 302 and answer["Location"] == "/rulings/a-new-ruling/"
    rulings = list(Ruling.objects.filter(article__key="nmjl-6"))
    assert rulings[-1].slug == "a-new-ruling"
    assert rulings[-1].position == rulings[-2].position + 1


def test_no_seed_ruling_is_listed_as_disagreeing_or_unchecked_for_editors(seeded, client):
    from rulings.agreement import agreements, published_rulings

    found = agreements(published_rulings())
    assert len(found) == EVERY_RULING
    assert [a.ruling.slug for a in found if a.disagrees or a.unchecked] == []
    editor = User.objects.create_user("ed-agree", password="pw")
    editor.groups.add(Group.objects.get_or_create(name=EDITORS)[0])
    client.force_login(editor)
    page = client.get(reverse("rulings:disagreeing-rulings")).content.decode()
    assert "Every ruling's checks give its answer." in page
    assert "Every ruling with a verdict is shown by a check." in page
