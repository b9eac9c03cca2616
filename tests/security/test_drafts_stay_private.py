"""A draft scenario check is its writers' alone: readers (anonymous or signed in) never see a
draft's text or title, on any page, feed, notice or e-mail; they see the last version that
ran clean, or nothing of a check that never did. Its writers still see the draft.

Written against addresses, not modules, so it holds wherever the history views live."""

import re

import pytest
from django.contrib.auth.models import Group, User
from django.core import mail
from django.test import Client
from django.urls import reverse

from articles.models import Article, RuleSet
from community.models import Notification, Watch
from rulings.models import Scenario
from tests.rulings.conftest import CALLING, MISTYPED, SCENARIO_CHECKS, empty_cache, fake_engine  # noqa: F401 (SCENARIO_CHECKS')

pytestmark = SCENARIO_CHECKS

# Planted in the drafts: neither may reach a reader.
TITLE_MARK = "Quixotic Draft Title"
TEXT_MARK = "zanzibarish"
NEVER_MARK = "Never Clean Xylophone"

DRAFT = MISTYPED.replace("A slip of the keyboard", TITLE_MARK).replace("calss", TEXT_MARK)
NEVER = MISTYPED.replace("A slip of the keyboard", NEVER_MARK).replace("calss", "calss xylo")


def person(name, group=None, **extra):
    user = User.objects.create_user(name, password="pw-for-tests", **extra)
    if group:
        user.groups.add(Group.objects.get_or_create(name=group)[0])
    return user


def signed_in(user):
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def calling_article(db):
    nmjl = RuleSet.objects.get_or_create(key="nmjl", defaults={"name": "NMJL"})[0]
    return Article.objects.create(ruleset=nmjl, key="nmjl-calling", title="Calling")


@pytest.fixture
def writer(db):
    return person("writer", "Editors")


@pytest.fixture
def watcher(db):
    return person("watcher", email="watcher@example.org")


@pytest.fixture
def drafted(calling_article, writer, watcher):
    """ "Calling a discard" ran clean (version 1), then its writer saved a draft (version 2)
    over it; a reader watches it. Beside it, a check that never ran clean."""
    scenario = Scenario.objects.create(slug="calling", title="Calling a discard", text=CALLING)
    Watch.objects.create(user=watcher, scenario=scenario)
    scenario.text, scenario.title = DRAFT, TITLE_MARK
    scenario._history_user = writer
    scenario._change_reason = f"Trying {TEXT_MARK}"
    scenario.save()
    assert scenario.is_draft and scenario.published_text == CALLING
    never = Scenario.objects.create(slug="never", title=NEVER_MARK, text=NEVER)
    never.articles.add(calling_article)  # as an import's tags would link it
    never.text = NEVER + "\n"
    never.save()
    assert never.is_draft and not never.published_text
    return scenario


def readers(watcher):
    return {"anonymous": Client(), "reader": signed_in(watcher)}


def addresses():
    scenario = lambda name, *args: reverse(f"rulings:scenario-{name}", args=args)  # noqa: E731
    pages = [
        scenario("history", "calling"),
        scenario("compare", "calling") + "?a=1&b=2",
        scenario("history", "never"),
        scenario("compare", "never") + "?a=1&b=2",
        reverse("articles:article-history", args=["nmjl-calling"]),
        reverse("articles:article-feed", args=["nmjl-calling"]),
        reverse("articles:recent-changes"),
        reverse("articles:recent-changes-feed"),
        reverse("community:watchlist"),
        reverse("community:notifications"),
        reverse("rulings:scenario", args=["calling"]),
        scenario("drawing", "calling", "nmjl-calling"),
        scenario("drawing", "never", "nmjl-calling"),
        reverse("articles:detail", args=["nmjl-calling"]) + "?print=1",
        reverse("rulings:scenario-list"),
    ]
    pages += [
        reverse("articles:article-version", args=["nmjl-calling", number]) for number in (1, 2, 3)
    ]
    return pages


def test_no_reader_sees_a_drafts_text_or_title_on_any_page_or_feed(drafted, watcher):
    for role, client in readers(watcher).items():
        for address in addresses():
            response = client.get(address, follow=True)
            assert response.status_code in (200, 404), (role, address, response.status_code)
            page = response.content.decode()
            for mark in (TITLE_MARK, TEXT_MARK, NEVER_MARK, "xylo"):
                assert mark not in page, (role, address, mark)


def test_readers_list_and_compare_the_clean_versions_only(drafted, watcher, writer):
    drafted.text = CALLING.replace("A pair lets you call", "A pair is enough to call")
    drafted.title = "Calling a discard"
    drafted._history_user, drafted._change_reason = writer, "Reworded"
    drafted.save()  # version 3 runs clean again
    history_url = reverse("rulings:scenario-history", args=["calling"])
    compare_url = reverse("rulings:scenario-compare", args=["calling"])
    for client in readers(watcher).values():
        history = client.get(history_url).content.decode()
        assert "Calling a discard" in history
        assert 'name="from" value="3"' in history and 'name="from" value="1"' in history
        assert 'name="from" value="2"' not in history  # the draft
        compare = client.get(compare_url + "?a=1&b=3").content.decode()
        assert "A pair <del>lets you</del><ins>is enough to</ins> call" in compare
        assert TEXT_MARK not in compare and TITLE_MARK not in compare
        to_the_draft = client.get(compare_url + "?a=1&b=2")
        assert (to_the_draft.status_code, to_the_draft["Location"]) == (302, history_url)
        article_history = client.get(reverse("articles:article-history", args=["nmjl-calling"]))
        page = article_history.content.decode()
        # Versions 1 and 3, and the draft between them under the title readers know.
        assert page.count("Scenario: Calling a discard") == 3
        assert "saved as a draft (not shown to readers)" in page
        assert f"{compare_url}?from=1&amp;to=3" in page


def test_a_draft_save_keeps_the_article_pages_version_numbers_for_readers_and_writers(
    drafted, watcher, writer
):
    """Citations and printed QR codes name page versions: a draft saved on a linked check is
    still a numbered version for everyone (saying nothing of the draft), so a number names
    the same version whoever reads it, before and after the draft is published."""
    history = reverse("articles:article-history", args=["nmjl-calling"])
    numbered = {}
    for role, client in {**readers(watcher), "writer": signed_in(writer)}.items():
        page = client.get(history).content.decode()
        numbered[role] = versions_listed(page)
    assert numbered["anonymous"] == numbered["reader"] == numbered["writer"] > 0
    drafted.text = CALLING.replace("A pair lets you call", "A pair is enough to call")
    drafted.title = "Calling a discard"
    drafted._change_reason = "Reworded"
    drafted.save()  # published again: one more version, the earlier numbers unchanged
    after = Client().get(history).content.decode()
    assert versions_listed(after) == numbered["anonymous"] + 1
    drafted.text, drafted.title = DRAFT, TITLE_MARK
    drafted._change_reason = f"Trying {TEXT_MARK} again"
    drafted.save()  # a draft again: a version too, so the next clean one is numbered alike
    again = Client().get(history).content.decode()
    assert versions_listed(again) == numbered["anonymous"] + 2
    assert TITLE_MARK not in again and TEXT_MARK not in again


def versions_listed(page):
    """The page versions an article's history page lists, by their addresses' numbers."""
    return len(set(re.findall(r"/articles/nmjl-calling/version/(\d+)/", page)))


def test_a_check_that_never_ran_clean_has_no_history_for_readers(drafted, watcher):
    for client in readers(watcher).values():
        response = client.get(reverse("rulings:scenario-history", args=["never"]))
        assert response.status_code == 404


def test_its_writers_still_see_the_draft_in_its_history_and_compare(drafted, writer):
    client = signed_in(writer)
    history = client.get(reverse("rulings:scenario-history", args=["calling"])).content.decode()
    assert TITLE_MARK in history and "a draft" in history
    compare = reverse("rulings:scenario-compare", args=["calling"]) + "?a=1&b=2"
    page = client.get(compare).content.decode()
    assert TEXT_MARK in page and TITLE_MARK in page
    never = client.get(reverse("rulings:scenario-compare", args=["never"]) + "?a=1&b=2")
    assert NEVER_MARK in never.content.decode()


def test_a_draft_is_told_to_its_watching_writers_by_its_title_and_to_no_watching_reader(
    calling_article, writer, watcher
):
    other = person("other-writer", "Tournament directors", email="td@example.org")
    scenario = Scenario.objects.create(slug="calling", title="Calling a discard", text=CALLING)
    Watch.objects.create(user=other, scenario=scenario)
    Watch.objects.create(user=watcher, scenario=scenario)
    scenario.text, scenario.title = DRAFT, TITLE_MARK
    scenario._history_user = writer
    scenario.save()
    (notice,) = Notification.objects.filter(user=other)
    assert TITLE_MARK in notice.message
    assert not Notification.objects.filter(user=watcher).exists()
    mailed = [m for m in mail.outbox if TITLE_MARK in m.subject + m.body]
    assert [m.to for m in mailed] == [["td@example.org"]]


def test_a_watching_reader_is_told_of_the_next_clean_version_by_its_published_title(
    drafted, watcher, writer
):
    drafted.text = CALLING.replace("A pair lets you call", "A pair is enough")
    drafted.title = "Calling a discard"
    drafted._history_user = writer
    drafted.save()
    assert not drafted.is_draft
    (notice,) = Notification.objects.filter(user=watcher, reason=Notification.EDITED)
    assert "“Calling a discard”" in notice.message
    assert all(TITLE_MARK not in m.subject + m.body for m in mail.outbox)
