"""Light pages (issue 12): Article 6's HTML costs at most 60 KB over the wire for a reader,
compressed, with every drawing of its scenario checks still in the page (print and the page
without JavaScript show them), whatever tournament the reader chose."""

import gzip
import re

import pytest

from tournaments.chosen import COOKIE_NAME

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("real_results", "no_cached_pages")]

MAX_TRANSFERRED = 60 * 1024


def drawings_in(page: bytes):
    """What the scenario checks draw: tile pictures and steps."""
    text = page.decode()
    return len(re.findall(r'class="tile"', text)), len(re.findall(r'class="step"', text))


@pytest.mark.parametrize("chosen", ["", "harbour-lights-open-2027"])
def test_article_6_goes_over_the_wire_compressed_under_60_kb_with_every_drawing(
    client, content, chosen
):
    if chosen:
        client.cookies[COOKIE_NAME] = chosen
    plain = client.get("/articles/nmjl-6/", HTTP_ACCEPT_ENCODING="identity")
    compressed = client.get("/articles/nmjl-6/", HTTP_ACCEPT_ENCODING="gzip, deflate, br")
    sent = b"".join(compressed.streaming_content) if compressed.streaming else compressed.content
    assert compressed["Content-Encoding"] == "gzip"
    assert len(sent) <= MAX_TRANSFERRED, f"{len(sent)} bytes"
    page = gzip.decompress(sent)
    tiles, steps = drawings_in(page)
    assert tiles >= 100 and steps >= 100, "the drawings are in the page"
    assert (tiles, steps) == drawings_in(plain.content)
