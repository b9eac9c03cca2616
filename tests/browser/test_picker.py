"""On a phone, every path of the guided picker is tapped, from its start page to a ruling's
page: each seed ruling is reached in at most three taps.

A tap is one touch on a choice: the first chooses on the start page ("What happened?"), and
the tap that opens a ruling counts: (start page) › moment of play › case › ruling, three taps.
One page walks the whole tree depth first, returning to a screen for its next choice rather
than replaying each path from the start page.
"""

import pytest

from tests.toolkit.test_picker import MAX_CHOICES_ON_A_SCREEN, MAX_TAPS, SEED_RULINGS

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
CHOICE = ".picker-choices .picker-choice"


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


def test_every_path_of_the_picker_is_tapped_and_every_seed_ruling_is_within_three_taps(
    phone, seeded_server
):
    from playwright.sync_api import expect  # here: without playwright the test skips

    page = phone
    page.goto(seeded_server + "/picker/")
    reached, rulings_opened = {}, 0

    def walk(taps):
        nonlocal rulings_opened
        here = page.url
        labels = page.locator(CHOICE).all_inner_texts()
        assert labels, f"{' › '.join(taps) or 'The start page'} offers no choice"
        assert len(labels) <= MAX_CHOICES_ON_A_SCREEN, f"too many choices after {taps}"
        for index, label in enumerate(labels):
            path = [*taps, label]
            assert len(path) <= MAX_TAPS, f"{' › '.join(path)} needs more than {MAX_TAPS} taps"
            if page.url != here:  # back to this screen for its next choice
                page.goto(here, wait_until="domcontentloaded")
            with page.expect_navigation(wait_until="domcontentloaded"):
                page.locator(CHOICE).nth(index).tap()
            if "/rulings/" in page.url:
                slug = page.url.split("/rulings/")[1].split("/")[0]
                expect(page.locator("#ruling-question")).to_be_visible()
                reached[slug] = min(reached.get(slug, MAX_TAPS + 1), len(path))
                rulings_opened += 1
            else:
                assert "/picker/" in page.url, f"{' › '.join(path)} opened {page.url}"
                walk(path)

    walk([])
    assert rulings_opened >= len(SEED_RULINGS)
    missing = SEED_RULINGS - set(reached)
    assert not missing, f"no path of taps reaches {sorted(missing)}"
    assert max(reached.values()) <= MAX_TAPS
