"""On a phone, every path of the guided picker is walked by tapping, from the home page to
the article's ruling: each seed article's ruling is reached in at most four taps."""

import pytest

from tests.toolkit.test_picker import SEED_ARTICLES

pytestmark = pytest.mark.browser

MAX_TAPS = 4


def labels_on(page):
    return page.locator(".picker-choices .picker-choice").all_inner_texts()


def test_every_path_of_the_picker_lands_on_a_ruling_within_four_taps(phone_page, seeded_server):
    page = phone_page
    reached, paths = {}, 0
    # Depth-first over paths of labels: each path is replayed by tapping from the home page.
    pending = [[label] for label in _first_choices(page, seeded_server)]
    while pending:
        path = pending.pop()
        page.goto(seeded_server + "/")
        for label in path:
            with page.expect_navigation():
                page.locator(".picker-choices .picker-choice", has_text=label).first.tap()
        if "/articles/" in page.url:
            paths += 1
            key = page.url.split("/articles/")[1].split("/")[0]
            ruling = page.locator("#ruling-title")
            assert ruling.is_visible(), page.url
            reached[key] = min(reached.get(key, MAX_TAPS + 1), len(path))
            continue
        assert len(path) < MAX_TAPS, f"{' › '.join(path)} needs more than {MAX_TAPS} taps"
        pending.extend(path + [label] for label in labels_on(page))
    assert paths >= len(SEED_ARTICLES)
    assert set(reached) >= SEED_ARTICLES
    assert all(reached[key] <= MAX_TAPS for key in SEED_ARTICLES)


def _first_choices(page, server):
    page.goto(server + "/")
    found = labels_on(page)
    assert found, "the home page shows the picker's first question"
    return found
