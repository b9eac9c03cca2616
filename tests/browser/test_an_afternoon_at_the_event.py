"""An afternoon at the event, on two phones at the tables (360 px): three rounds, two TDs
logging infractions. Round 1's ruling (Bo's peek at a blind pass) was logged before lunch and
the round ended two hours ago. In round 2 the head TD logs Ann's first misnamed discard at
the schedule's −25; in round 3 the floor TD logs her second, suggested at the upgraded −50,
gives −25, is refused without a reason and saves it with one. Ann appeals that ruling in time,
chosen from the ruling's players, and the head TD decides it; an appeal of round 1's ruling
is refused, the form saying by when it had to be made. The head TD records that round 3
ended, and the event summary downloads as CSV. Every control tapped is a 44 px target."""

from datetime import timedelta
from pathlib import Path

import pytest
from django.test import Client
from django.utils import timezone

from appeals.models import Appeal, AppealRules, Round
from event.models import InvolvedPlayer, Seat
from tests.event.helpers import SLUG, event_world
from toolkit.models import LoggedRuling

pytestmark = pytest.mark.browser

NARROW_PHONE = {"width": 360, "height": 740}
TARGET = 44  # px: a thumb's tap target


def phone_of(browser, user, server):
    client = Client()
    client.force_login(user)
    context = browser.new_context(viewport=NARROW_PHONE, is_mobile=True, has_touch=True)
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": server}]
    )
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.errors = []
    page.on("console", lambda m: m.type == "error" and page.errors.append(m.text))
    return page


@pytest.fixture
def afternoon(browser, live_server, transactional_db):
    world = event_world()
    made, server = world["tournament"], live_server.url
    AppealRules.objects.create(tournament=made, head_td=world["first"], deadline_minutes=30)
    for number in (1, 2, 3):
        Seat.objects.create(player=world["ann"], round=number, table="1", seat="East")
        Seat.objects.create(player=world["bo"], round=number, table="1", seat="South")
    before_lunch = LoggedRuling.objects.create(
        tournament=made,
        ruled_at=timezone.now() - timedelta(hours=3),
        round=1,
        table="1",
        what_happened="Bo looked at a tile of the blind pass.",
        outcome="Penalty.",
        recorded_by=world["second"],
    )
    InvolvedPlayer.objects.create(
        entry=before_lunch, player=world["bo"], infraction=world["peek"], offence=1,
        suggested_points=10, points=10,
    )  # fmt: skip
    Round.objects.create(tournament=made, number=1, ended_at=timezone.now() - timedelta(hours=2))
    head, floor = (
        phone_of(browser, world["first"], server),
        phone_of(browser, world["second"], server),
    )
    yield world | {"head": head, "floor": floor, "server": server, "round_1": before_lunch}
    head.context.close()
    floor.context.close()


def tall_enough(locator):
    return locator.bounding_box()["height"] >= TARGET


def test_an_afternoon_two_tds_log_penalties_that_upgrade_and_the_head_td_decides_appeals(
    afternoon,
):
    from playwright.sync_api import expect  # here: without playwright the test skips

    world, server = afternoon, afternoon["server"]
    head, floor = afternoon["head"], afternoon["floor"]
    log = f"{server}/tournaments/{SLUG}/log/"

    def log_misnamed_discard(page, round_number, happened):
        page.goto(log + "new/")
        page.fill("#id_table", "1")
        page.fill("#id_round", str(round_number))
        page.fill("#id_what_happened", happened)
        page.fill("#id_outcome", "Penalty.")
        page.select_option("#id_event-offender", str(world["ann"].pk))
        page.select_option("#id_event-infraction", str(world["misnamed"].pk))

    # Round 2: the head TD logs Ann's first misnamed discard at the schedule's penalty.
    log_misnamed_discard(head, 2, "Ann named 3 Bam and threw :5B:.")
    expect(head.locator("#penalty-suggestion")).to_have_text(
        "First misnamed discard at this event: −25, as your schedule says."
    )
    expect(head.locator("#id_event-points")).to_have_value("25")
    assert head.evaluate("document.documentElement.scrollWidth") <= NARROW_PHONE["width"]
    controls = ["#id_round", "#id_event-offender", "#id_event-infraction", "#id_event-points"]
    for control in [*controls, ".log-form button"]:
        assert tall_enough(head.locator(control)), control
    head.locator(".log-form button[type=submit]").tap()
    expect(head.locator("h1")).to_have_text("Rulings log")

    # Round 3: the other TD, on another phone, logs her second: the upgraded penalty is
    # suggested; a lighter one is refused without a reason (what was typed kept), then saved.
    log_misnamed_discard(floor, 3, "Ann named 4 Crak and threw :6C:.")
    expect(floor.locator("#penalty-suggestion")).to_have_text(
        "Second misnamed discard at this event: −50, as your schedule says."
    )
    expect(floor.locator("#id_event-points")).to_have_value("50")
    floor.fill("#id_event-points", "25")
    floor.locator(".log-form button[type=submit]").tap()
    expect(floor.get_by_text("You gave −25: say why")).to_be_visible()
    expect(floor.locator("#id_what_happened")).to_have_value("Ann named 4 Crak and threw :6C:.")
    floor.fill("#id_event-reason", "She corrected it before anyone acted.")
    floor.locator(".log-form button[type=submit]").tap()
    expect(floor.get_by_text("−25 instead of the schedule's −50")).to_be_visible()
    second = LoggedRuling.objects.get(round=3)

    # Offline at the table the log form says it cannot be sent.
    floor.goto(log + "new/")
    floor.context.set_offline(True)
    expect(floor.locator("#log-offline")).to_be_visible()
    floor.context.set_offline(False)

    # Ann appeals the round-3 ruling at once: the floor TD records it, choosing her among the
    # ruling's players; the head TD decides it.
    floor.goto(log)
    record = floor.locator(f"#ruling-{second.pk}").get_by_role("link", name="Record an appeal")
    assert tall_enough(record)
    record.tap()
    floor.locator("#id_appellant_player").select_option(label="Ann Lee (#101)")
    floor.get_by_label("The appellant's statement").fill("I named it right; the tile slipped.")
    floor.get_by_role("button", name="Record the appeal").tap()
    expect(floor.get_by_text("Appeal recorded.")).to_be_visible()
    appeal = Appeal.objects.get(logged_ruling=second)
    assert appeal.appellant_player == world["ann"]

    head.goto(f"{server}/tournaments/{SLUG}/appeals/{appeal.pk}/")
    upheld = head.get_by_text("The first ruling stands")
    assert tall_enough(upheld)
    upheld.tap()
    head.get_by_label("Reason").fill("Both opponents saw 4 Crak named and 6 Crak thrown.")
    head.get_by_role("button", name="Record the decision").tap()
    entry = head.locator(f"#ruling-{second.pk}")
    expect(entry.get_by_role("heading", name="First ruling")).to_be_visible()
    expect(entry.get_by_text("The first ruling stands")).to_be_visible()
    appeal.refresh_from_db()
    assert appeal.decided_by == world["first"]

    # Round 1 ended two hours ago: no appeal is offered for its ruling, and one written all
    # the same is refused with the deadline in words, the statement kept.
    round_1 = afternoon["round_1"]
    expect(head.locator(f"#ruling-{round_1.pk}").get_by_text("Record an appeal")).to_have_count(0)
    floor.goto(log + f"{round_1.pk}/appeal/")
    floor.locator("#id_appellant_player").select_option(label="Bo Park (#102)")
    floor.get_by_label("The appellant's statement").fill("I never saw the tile.")
    floor.get_by_role("button", name="Record the appeal").tap()
    refusal = floor.get_by_text("Too late to appeal")
    expect(refusal).to_be_visible()
    assert "within 30 minutes of the end of round 1" in refusal.inner_text()
    expect(floor.get_by_label("The appellant's statement")).to_have_value("I never saw the tile.")
    assert not Appeal.objects.filter(logged_ruling=round_1).exists()

    # The head TD records that round 3 ended: the log says so.
    head.goto(log)
    ended = head.get_by_role("button", name="Round ended")
    assert tall_enough(ended) and tall_enough(head.get_by_label("Round", exact=True))
    head.get_by_label("Round", exact=True).fill("3")
    ended.tap()
    expect(head.get_by_text("Round 3 ended at").first).to_be_visible()

    # The event summary, as CSV: Ann's two penalties (25 + 25), Bo's one.
    head.goto(f"{server}/tournaments/{SLUG}/summary/")
    with head.expect_download() as downloading:
        head.get_by_text("Download as CSV").tap()
    lines = Path(downloading.value.path()).read_text(encoding="utf-8").splitlines()
    assert lines[0] == "Player,Player number,Penalties,Points off,Left to the head TD"
    assert sorted(lines[1:]) == ["Ann Lee,101,2,50,0", "Bo Park,102,1,10,0"]
    for page in (head, floor):
        assert (
            page.evaluate(
                "document.documentElement.scrollWidth - document.documentElement.clientWidth"
            )
            <= 0
        )
        # Refused forms come back as 400s, as every form with errors does; nothing else failed.
        assert [error for error in page.errors if "400 (Bad Request)" not in error] == []
