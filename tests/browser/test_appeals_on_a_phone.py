"""An afternoon's appeals on a phone at the table (360 px): the head TD records that round 1
ended, an appeal of one of its rulings is recorded inside the deadline and decided by the
head TD, and an appeal of a round-2 ruling made after the 30 minutes is refused, the form
saying by when it had to be made. Every control tapped is a 44 px target."""

from datetime import timedelta

import pytest
from django.contrib.auth.models import Group, User
from django.test import Client
from django.utils import timezone

from appeals.models import Appeal, AppealRules, Round
from toolkit.models import LoggedRuling
from tournaments.models import Tournament

pytestmark = pytest.mark.browser

TOURNAMENT = "harbour-lights-open-2027"
PHONE_360 = {"width": 360, "height": 740}


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport=PHONE_360, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


def head_td_signed_in(page, server):
    head = User.objects.create_user("head-of-harbour", password="pw-for-tests")
    head.groups.add(Group.objects.get_or_create(name="Tournament directors")[0])
    harbour = Tournament.objects.get(slug=TOURNAMENT)
    harbour.directors.add(head)
    AppealRules.objects.create(tournament=harbour, head_td=head, deadline_minutes=30)
    client = Client()
    client.force_login(head)
    page.context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": server}]
    )
    return harbour


def logged(harbour, round, minutes_ago, what):
    return LoggedRuling.objects.create(
        tournament=harbour,
        ruled_at=timezone.now() - timedelta(minutes=minutes_ago),
        round=round,
        what_happened=what,
        outcome="She must use it.",
    )


def tall_enough(locator):
    return locator.bounding_box()["height"] >= 44


def test_the_head_td_ends_a_round_decides_an_appeal_in_time_and_a_late_one_is_refused(
    phone, seeded_server
):
    harbour = head_td_signed_in(phone, seeded_server)
    in_time = logged(harbour, 1, 20, "A called tile racked, then given back.")
    late = logged(harbour, 2, 80, "A misnamed discard.")
    Round.objects.create(tournament=harbour, number=2, ended_at=timezone.now() - timedelta(hours=1))
    log = seeded_server + f"/tournaments/{TOURNAMENT}/log/"

    phone.goto(log)
    ended = phone.get_by_role("button", name="Round ended")
    assert tall_enough(ended) and tall_enough(phone.get_by_label("Round", exact=True))
    phone.get_by_label("Round", exact=True).fill("1")
    ended.click()
    assert phone.get_by_text("Round 1 ended at").first.is_visible()

    record = phone.locator(f"#ruling-{in_time.pk}").get_by_role("link", name="Record an appeal")
    assert tall_enough(record)
    record.click()
    phone.get_by_label("Who appealed").fill("Player 12")
    phone.get_by_label("The appellant's statement").fill("I had not racked it.")
    phone.get_by_role("button", name="Record the appeal").click()
    assert phone.get_by_text("Appeal recorded.").is_visible()

    overturned = phone.get_by_text("The ruling is overturned")
    assert tall_enough(overturned)
    overturned.click()  # the whole line is the target, not only the round button
    phone.get_by_label("Reason").fill("The tile was still in her hand: she may give it back.")
    decide = phone.get_by_role("button", name="Record the decision")
    assert tall_enough(decide)
    decide.click()
    entry = phone.locator(f"#ruling-{in_time.pk}")
    assert entry.get_by_text("First ruling").is_visible()
    assert entry.get_by_text("The ruling is overturned").is_visible()
    assert Appeal.objects.get(logged_ruling=in_time).decided_by.username == "head-of-harbour"

    # Round 2 ended an hour ago: its 30 minutes are over, so the log offers no appeal, and
    # one written all the same is refused with the deadline in words.
    assert phone.locator(f"#ruling-{late.pk}").get_by_text("Record an appeal").count() == 0
    phone.goto(seeded_server + f"/tournaments/{TOURNAMENT}/log/{late.pk}/appeal/")
    phone.get_by_label("Who appealed").fill("Player 30")
    phone.get_by_label("The appellant's statement").fill("The misname was not mine.")
    phone.get_by_role("button", name="Record the appeal").click()
    refusal = phone.get_by_text("Too late to appeal")
    assert refusal.is_visible()
    assert "within 30 minutes of the end of round 2" in refusal.inner_text()
    assert phone.get_by_label("The appellant's statement").input_value() == (
        "The misname was not mine."
    )
    assert not Appeal.objects.filter(logged_ruling=late).exists()
    overflow = phone.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 0
