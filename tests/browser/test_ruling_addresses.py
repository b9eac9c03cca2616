"""Each ruling's address answers on a phone's first screen (issue 24), in a real browser at
390×844: every seed ruling's page shows its answer line whole above the fold, and the
article's address with a ruling's #slug opens that ruling in place with its answer in view.
One page, reused: a hundred addresses in one go."""

import pytest

from articles.models import Ruling
from tournaments.chosen import COOKIE_NAME

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


# The rulings each sample tournament's house rules change, and the start of its answer.
AT_TOURNAMENT = {
    "harbour-lights-open-2027": {
        "touching-the-called-tile-does-not-commit": "At Harbour Lights Mah Jongg Open 2027: No.",
    },
    "prairie-winds-classic-2027": {
        "joker-exchange-ends-the-change-window": "At Prairie Winds",
        "two-joker-exchanges-in-the-same-turn": "At Prairie Winds",
    },
}


@pytest.mark.parametrize("tournament", sorted(AT_TOURNAMENT))
def test_at_a_chosen_tournament_its_rulings_lead_with_its_answer_as_the_api_and_sheet_give_it(
    phone_page, seeded_server, tournament, client
):
    phone_page.context.add_cookies(
        [{"name": COOKIE_NAME, "value": tournament, "url": seeded_server}]
    )
    sheet = client.get(f"/tournaments/{tournament}/").content.decode()
    for slug, lead in AT_TOURNAMENT[tournament].items():
        api = client.get(f"/api/v1/rulings/{slug}/", {"tournament": tournament}).json()
        line = api["tournament_answer"]["line"]
        assert line.startswith(lead)

        phone_page.goto(f"{seeded_server}/rulings/{slug}/", wait_until="domcontentloaded")
        answer = phone_page.locator(".ruling__answer")
        here = answer.locator(".ruling-answer__here").inner_text()
        assert line in here
        assert answer.locator(".ruling-answer__league").inner_text().startswith("League rules: ")
        assert fully_on_screen(answer.locator(".ruling-answer__here").bounding_box())
        assert line in sheet  # the printed sheet lists it under its house rule

        article = Ruling.objects.get(slug=slug).article.key
        phone_page.goto(f"{seeded_server}/articles/{article}/#{slug}")
        item = phone_page.locator(f"details#{slug} .ruling-item__answer")
        assert line in item.inner_text()
