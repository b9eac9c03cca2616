"""Each ruling's address answers on a phone's first screen (issue 24), in a real browser at
390×844: every seed ruling's page shows its answer line whole above the fold, and the
article's address with a ruling's #slug opens that ruling in place with its answer in view.
One page, reused: a hundred addresses in one go."""

import pytest

from articles.models import Ruling

pytestmark = pytest.mark.browser

SCREEN_HEIGHT = 844  # the phone_page fixture's viewport: 390×844


def fully_on_screen(box) -> bool:
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= SCREEN_HEIGHT


def test_every_seed_rulings_answer_is_on_the_first_screen_and_an_articles_slug_opens_it(
    phone_page, seeded_server
):
    slugs = list(Ruling.objects.filter(article__is_published=True).values_list("slug", flat=True))
    assert len(slugs) >= 106
    below = []
    for slug in slugs:
        phone_page.goto(f"{seeded_server}/rulings/{slug}/", wait_until="domcontentloaded")
        box = phone_page.locator(".ruling__answer").bounding_box()
        if not fully_on_screen(box):
            below.append((slug, box))
    assert below == [], f"{len(below)} answers not whole on the first screen: {below[:10]}"

    phone_page.goto(f"{seeded_server}/articles/nmjl-6/#give-back-a-racked-call")
    ruling = phone_page.locator("details#give-back-a-racked-call")
    assert ruling.evaluate("details => details.open")
    answer = ruling.locator(".ruling-item__answer")
    assert "No. She must use it." in answer.inner_text()
    assert fully_on_screen(answer.bounding_box())
