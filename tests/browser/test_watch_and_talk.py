"""In two real browsers: one user watches Article 6, another edits it; the first sees the
notice on the site and the e-mail is sent. A talk thread's mention tells the mentioned user,
and a resolved thread shows who resolved it."""

import pytest
from django.contrib.auth.models import Group, User
from django.core import mail
from django.test import Client
from playwright.sync_api import expect

from articles.permissions import EDITORS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _signed_in_context(browser, server, username, *groups):
    user = User.objects.create_user(username, f"{username}@example.org", "pw-for-tests")
    for name in groups:
        user.groups.add(Group.objects.get_or_create(name=name)[0])
    client = Client()
    client.force_login(user)
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": server}]
    )
    page = context.new_page()
    page.set_default_timeout(15_000)
    return page


def test_one_watches_article_6_the_other_edits_it_and_the_first_is_told(browser, seeded_server):
    wanda = _signed_in_context(browser, seeded_server, "wanda")
    ada = _signed_in_context(browser, seeded_server, "ada", EDITORS)

    wanda.goto(seeded_server + "/articles/nmjl-6/")
    wanda.get_by_role("button", name="☆ Watch this page").click()
    # The watch is a form post and a redirect: wait for the page it lands on.
    expect(wanda.get_by_role("button", name="★ Watching · stop")).to_be_visible()

    ada.goto(seeded_server + "/articles/nmjl-6/edit/")
    ada.locator("textarea[name=ruling]").fill("A wombat may change the exposure until it discards.")
    ada.locator("input[name=edit_summary]").fill("Plainer ruling")
    ada.get_by_role("button", name="Save", exact=True).click()
    ada.wait_for_url("**/articles/nmjl-6/")

    wanda.goto(seeded_server + "/articles/nmjl-6/")
    expect(wanda.locator(".site-header .notice-count")).to_have_text("1")
    wanda.locator(".site-account__notices").click()
    expect(wanda.locator(".notice-item--unread")).to_contain_text(
        "was edited by ada: Plainer ruling"
    )
    wanda.get_by_role("button", name="Mark all read").click()
    expect(wanda.locator(".site-header .notice-count")).to_have_count(0)

    assert [message.to for message in mail.outbox] == [["wanda@example.org"]]
    assert "Plainer ruling" in mail.outbox[0].subject
    ada.context.close()
    wanda.context.close()


def test_a_mention_in_a_talk_thread_tells_the_mentioned_user_who_sees_it_resolved(
    browser, seeded_server
):
    tess = _signed_in_context(browser, seeded_server, "tess")
    maria = _signed_in_context(browser, seeded_server, "maria")

    tess.goto(seeded_server + "/articles/nmjl-6/")
    tess.get_by_role("link", name="Discussion").click()
    tess.locator("input[name=title]").fill("When does the exposure lock?")
    tess.locator("textarea[name=body]").fill("@maria, is it the discard or the next call?")
    tess.get_by_role("button", name="Start the thread").click()
    tess.get_by_role("button", name="Mark resolved").click()
    expect(tess.locator(".thread-status")).to_contain_text("Resolved by tess")

    maria.goto(seeded_server + "/notifications/")
    notice = maria.locator(".notice-item--unread")
    expect(notice).to_contain_text("tess mentioned you in “When does the exposure lock?”")
    notice.get_by_role("link").click()
    expect(maria.locator(".thread-status")).to_contain_text("Resolved by tess")
    expect(maria.locator(".reply__body")).to_contain_text("is it the discard or the next call?")
    tess.context.close()
    maria.context.close()
