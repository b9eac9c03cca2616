"""Light pages (issues 12 and 29): an article page's HTML stays within 150 KB and 1,500
elements however many checks it links, since each check comes as its summary line and its
situations in words, its whole drawing fetched when opened; the print view (`?print=1`)
holds every drawing, and Article 6's goes over the wire compressed under 60 KB."""

import gzip
import re
from html.parser import HTMLParser

import pytest

from scripts.bench_article_page import link_scenarios
from tournaments.chosen import COOKIE_NAME

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("real_results", "no_cached_pages")]

MAX_TRANSFERRED = 60 * 1024
MAX_BYTES = 150 * 1024
MAX_ELEMENTS = 1500
TOURNAMENTS = ["", "harbour-lights-open-2027"]


class _Elements(HTMLParser):
    def __init__(self):
        super().__init__()
        self.count = 0

    def handle_starttag(self, tag, attrs):
        self.count += 1


def elements_in(page: bytes) -> int:
    parser = _Elements()
    parser.feed(page.decode())
    return parser.count


def drawings_in(page: bytes):
    """What the scenario checks draw whole: tile pictures and steps."""
    text = page.decode()
    return len(re.findall(r'class="tile"', text)), len(re.findall(r'class="step"', text))


def reader(client, chosen):
    if chosen:
        client.cookies[COOKIE_NAME] = chosen
    return client


@pytest.mark.parametrize("chosen", TOURNAMENTS)
def test_an_article_with_20_linked_scenario_files_stays_within_150_kb_and_1500_elements(
    client, content, chosen
):
    article = link_scenarios("nmjl-calling", 20)  # as scripts/bench_article_page.py does
    page = reader(client, chosen).get(article.get_absolute_url()).content
    assert len(page) <= MAX_BYTES, f"{len(page):,} bytes"
    assert elements_in(page) <= MAX_ELEMENTS, f"{elements_in(page):,} elements"
    text = page.decode()
    # Every check is there, light: its line, its verdicts in words, its drawing's address.
    fetched = re.findall(r'data-drawing="(/scenarios/bench-\d\d/drawing/nmjl-calling/)"', text)
    assert len(fetched) >= 20
    assert text.count('<strong class="verdict-') >= 20
    checks = text[text.index('id="scenario-checks"') :]
    checks = checks[: checks.index("</section>")]
    assert drawings_in(checks.encode()) == (0, 0), "no tile picture or step in the checks"
    # Each drawing is at its address, whole.
    tiles, steps = drawings_in(client.get(fetched[0]).content)
    assert tiles and steps


def test_the_print_view_of_that_article_draws_all_20_checks_whole(client, content):
    article = link_scenarios("nmjl-calling", 20)
    printed = client.get(article.get_absolute_url() + "?print=1").content.decode()
    assert printed.count('class="scenario-body"') >= 20
    assert "data-drawing=" not in printed and "js/drawings.js" not in printed
    for n in range(1, 21):
        assert f'id="scenario-bench-{n:02}"' in printed
    tiles, steps = drawings_in(printed.encode())
    assert tiles >= 200 and steps >= 200


@pytest.mark.parametrize("chosen", TOURNAMENTS)
def test_article_6_and_its_print_view_go_over_the_wire_compressed_under_60_kb(
    client, content, chosen
):
    reader(client, chosen)
    for address in ["/articles/nmjl-6/", "/articles/nmjl-6/?print=1"]:
        plain = client.get(address, HTTP_ACCEPT_ENCODING="identity")
        compressed = client.get(address, HTTP_ACCEPT_ENCODING="gzip, deflate, br")
        sent = (
            b"".join(compressed.streaming_content) if compressed.streaming else compressed.content
        )
        assert compressed["Content-Encoding"] == "gzip"
        assert len(sent) <= MAX_TRANSFERRED, f"{address}: {len(sent)} bytes"
        assert gzip.decompress(sent) == plain.content
    tiles, steps = drawings_in(plain.content)  # the print view
    assert tiles >= 100 and steps >= 100, "the print view has every drawing"


@pytest.mark.parametrize(
    "address",
    ["/", "/search/?q=joker", "/hand/?tiles=2C+2C+2C+5D+5D+5D+N+N+N+WD+WD+WD+J+J"],
)
def test_a_page_never_cached_for_readers_goes_over_the_wire_compressed_too(
    client, content, address
):
    plain = client.get(address, HTTP_ACCEPT_ENCODING="identity")
    compressed = client.get(address, HTTP_ACCEPT_ENCODING="gzip, deflate, br")
    assert "X-Page-Cache" not in compressed  # not a stored page: compressed as it is sent
    assert compressed["Content-Encoding"] == "gzip"
    assert len(compressed.content) < len(plain.content) / 3
    assert gzip.decompress(compressed.content) == plain.content


def test_the_print_view_is_a_page_of_its_own_in_the_page_cache(client, content):
    light = client.get("/articles/nmjl-6/")
    printed = client.get("/articles/nmjl-6/?print=1")
    assert printed["X-Page-Cache"] == "miss"  # not the light page stored a moment ago
    assert client.get("/articles/nmjl-6/?print=1")["X-Page-Cache"] == "hit"
    assert drawings_in(light.content)[1] == 0 < drawings_in(printed.content)[1]
