"""In a real browser: two editors change Article 6's commentary at once; neither edit is lost,
and any two versions can be compared and an old one restored."""

import shutil

import pytest
from django.contrib.auth.models import Group, User
from django.test import Client

from articles.models import Article, Commentary, RuleSet
from tests.wiki.conftest import COMMENTARY

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def _session_for(username):
    editor = User.objects.create_user(username, password="pw-for-tests", first_name=username)
    editor.groups.add(Group.objects.get_or_create(name="Editors")[0])
    client = Client()
    client.force_login(editor)
    return client.cookies["sessionid"].value


@pytest.fixture
def commentary(db):
    ruleset = RuleSet.objects.get_or_create(key="nmjl", defaults={"name": "NMJL"})[0]
    article = Article.objects.create(
        ruleset=ruleset, key="nmjl-6", number="6", title="Changing an exposure", body="Rule."
    )
    return Commentary.objects.create(article=article, body=COMMENTARY)


@pytest.fixture
def browser_pages(live_server, commentary):
    if CHROMIUM is None:
        pytest.skip("Chromium is not installed (make browser installs it)")
    from playwright.sync_api import sync_playwright

    # Database work first: Playwright's sync API runs an event loop, and Django refuses
    # database calls while one runs in the thread.
    sessions = [_session_for(name) for name in ("Ada", "Bea")]
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        pages = []
        for session in sessions:
            context = browser.new_context()
            cookie = {"name": "sessionid", "value": session, "url": live_server.url}
            context.add_cookies([cookie])
            page = context.new_page()
            page.errors = []
            page.on("pageerror", lambda error, page=page: page.errors.append(error))
            pages.append(page)
        yield pages
        browser.close()


def test_two_editors_change_article_6_commentary_at_once_and_both_changes_survive(
    browser_pages, live_server, commentary
):
    ada, bea = browser_pages
    edit = f"{live_server.url}/commentary/{commentary.pk}/edit/"
    ada.goto(edit)
    bea.goto(edit)  # both start from the same version

    ada_text = COMMENTARY.replace("once it is racked", "once it is racked, per Article 6")
    ada.fill("textarea[name=body]", ada_text)
    # The live preview renders the Markdown, cross-link included, without saving.
    ada.locator("#wiki-preview a[href='/articles/nmjl-6/']").wait_for(timeout=10_000)
    ada.fill("input[name=edit_summary]", "Cite Article 6")
    ada.click("button[name=save]")
    ada.wait_for_url(f"{live_server.url}/articles/nmjl-6/**")
    assert "once it is racked, per" in ada.content()

    bea.fill("textarea[name=body]", COMMENTARY.replace("a dead hand", "a dead hand at once"))
    bea.fill("input[name=edit_summary]", "Say when the hand is dead")
    bea.click("button[name=save]")
    bea.wait_for_url(f"{live_server.url}/articles/nmjl-6/**")
    page = bea.content()
    assert "were merged" in page
    assert "once it is racked, per" in page  # Ada's change
    assert "a dead hand at once" in page  # Bea's change

    # History: compare the first and the latest version, then restore the first.
    ada.goto(f"{live_server.url}/commentary/{commentary.pk}/history/")
    assert "Say when the hand is dead" in ada.content()
    ada.locator("input[name=from]").last.check()
    ada.locator("input[name=to]").first.check()
    ada.click("text=Compare the chosen versions")
    assert ada.locator(".wiki-diff ins").first.inner_text().strip() != ""
    ada.goto(f"{live_server.url}/commentary/{commentary.pk}/history/")
    ada.locator("text=Restore…").last.click()
    ada.click("text=Restore this version")
    assert "was restored as a new version" in ada.content()
    assert ada.locator("input[name=from]").count() == 4  # created, Ada, Bea, restored
    ada.goto(f"{live_server.url}/articles/nmjl-6/")
    restored = ada.locator(".commentary").inner_text()
    assert "once it is racked." in restored and "at once" not in restored
    assert ada.errors == [] and bea.errors == []
