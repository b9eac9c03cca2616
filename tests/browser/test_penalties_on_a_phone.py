"""A TD on a phone at the table (360 px wide) logs two misnamed discards by one player: the
second is suggested at the upgraded penalty, a lighter penalty is refused without a reason and
accepted with one, the page says when the phone is offline, and the event summary downloads
as CSV with the player's total."""

from pathlib import Path

import pytest
from django.test import Client

from tests.event.helpers import SLUG, event_world

pytestmark = pytest.mark.browser

NARROW_PHONE = {"width": 360, "height": 740}
TARGET = 44  # px: a thumb's tap target


@pytest.fixture
def td_phone(browser, live_server, transactional_db):
    world = event_world()
    client = Client()
    client.force_login(world["first"])
    context = browser.new_context(viewport=NARROW_PHONE, is_mobile=True, has_touch=True)
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.errors = []
    page.on("console", lambda m: m.type == "error" and page.errors.append(m.text))
    yield page, world, live_server.url
    context.close()


def test_a_td_logs_a_players_second_misnamed_discard_at_the_upgraded_penalty_on_a_phone(td_phone):
    from playwright.sync_api import expect  # here: without playwright the test skips

    page, world, server = td_phone
    log_new = f"{server}/tournaments/{SLUG}/log/new/"

    def choose(happened):
        page.goto(log_new)
        page.fill("#id_what_happened", happened)
        page.fill("#id_outcome", "Penalty.")
        page.select_option("#id_event-offender", str(world["ann"].pk))
        page.select_option("#id_event-infraction", str(world["misnamed"].pk))

    choose("Ann named 3 Bam and threw :5B:.")
    expect(page.locator("#penalty-suggestion")).to_have_text(
        "First misnamed discard at this event: −25, as your schedule says."
    )
    expect(page.locator("#id_event-points")).to_have_value("25")
    # On a 360 px phone: nothing wider than the screen, and thumb-sized controls.
    assert page.evaluate("document.documentElement.scrollWidth") <= NARROW_PHONE["width"]
    for control in (
        "#id_event-offender",
        "#id_event-infraction",
        "#id_event-points",
        ".log-form button",
    ):
        assert page.locator(control).bounding_box()["height"] >= TARGET, control
    page.locator(".log-form button[type=submit]").tap()
    expect(page.locator("h1")).to_have_text("Rulings log")

    choose("Ann named 4 Crak and threw :6C:.")
    expect(page.locator("#penalty-suggestion")).to_have_text(
        "Second misnamed discard at this event: −50, as your schedule says."
    )
    expect(page.locator("#id_event-points")).to_have_value("50")
    page.fill("#id_event-points", "25")
    page.locator(".log-form button[type=submit]").tap()
    expect(page.get_by_text("You gave −25: say why")).to_be_visible()
    expect(page.locator("#id_what_happened")).to_have_value("Ann named 4 Crak and threw :6C:.")
    page.fill("#id_event-reason", "She corrected it before anyone acted.")
    page.locator(".log-form button[type=submit]").tap()
    expect(page.get_by_text("−25 instead of the schedule's −50")).to_be_visible()

    page.context.set_offline(True)
    expect(page.locator("#log-offline")).to_be_visible()
    page.context.set_offline(False)
    expect(page.locator("#log-offline")).to_be_hidden()

    page.goto(f"{server}/tournaments/{SLUG}/summary/")
    with page.expect_download() as downloading:
        page.get_by_text("Download as CSV").tap()
    lines = Path(downloading.value.path()).read_text(encoding="utf-8").splitlines()
    assert lines[0] == "Player,Player number,Penalties,Points off,Left to the head TD"
    assert lines[1] == "Ann Lee,101,2,50,0"
    # The refused form came back as a 400, as every form with errors does; nothing else failed.
    assert [error for error in page.errors if "400 (Bad Request)" not in error] == []
