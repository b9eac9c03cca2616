"""Markup: cross-links, wanted links, tile pictures, glossary links and sanitising.

These run without a database: the renderer gets its knowledge of the site as a LinkContext.
"""

from html.parser import HTMLParser

import pytest

from articles.markup import LinkContext, render, render_markdown

SITE = LinkContext(
    articles={"nmjl-6": "Changing an exposure", "nmjl-205": "Wrong number of tiles"},
    numbers={"6": "nmjl-6", "205": "nmjl-205"},
    terms=[("Exposure", "exposure"), ("exposed", "exposure"), ("Joker exchange", "joker-exchange")],
)


def test_double_bracket_key_links_to_the_written_article_with_its_title():
    html = render_markdown("See [[nmjl-6]].", SITE)
    assert '<a href="/articles/nmjl-6/"' in html
    assert ">Changing an exposure</a>" in html
    assert "wanted" not in html


def test_double_bracket_key_may_carry_its_own_label():
    html = render_markdown("See [[nmjl-6|the exposure rule]].", SITE)
    assert ">the exposure rule</a>" in html


def test_plain_article_mention_links_by_nmjl_number():
    html = render_markdown("As Article 205 says.", SITE)
    assert '<a href="/articles/nmjl-205/"' in html
    assert ">Article 205</a>" in html


def test_mention_of_an_unwritten_article_links_to_its_wanted_page():
    rendered = render("Compare Article 24 and [[matjok-scoring]].", SITE)
    assert '<a href="/wanted/nmjl-24/" class="wanted" title="not written yet"' in rendered.html
    assert '<a href="/wanted/matjok-scoring/" class="wanted"' in rendered.html
    assert rendered.linked_keys == {"nmjl-24", "matjok-scoring"}


def test_article_number_is_matched_whole_not_as_a_prefix():
    html = render_markdown("Article 2050 is not Article 205.", SITE)
    assert '<a href="/wanted/nmjl-2050/"' in html
    assert '<a href="/articles/nmjl-205/"' in html


def test_mentions_inside_inline_code_and_existing_links_are_left_alone():
    rendered = render("`Article 6` and [Article 205](https://example.com/) and `[[nmjl-6]]`", SITE)
    assert "<code>Article 6</code>" in rendered.html
    assert '<a href="https://example.com/"' in rendered.html
    assert "/articles/nmjl-205/" not in rendered.html
    assert rendered.linked_keys == set()


def test_tile_code_between_colons_shows_the_tile_picture():
    html = render_markdown("Expose :7D: :7D: :J:", SITE)
    assert (
        '<img class="tile" src="/static/tiles/7D.svg" alt="7 Dots" width="60" height="80">' in html
    )
    assert 'src="/static/tiles/J.svg" alt="Joker"' in html


def test_unknown_tile_code_stays_text():
    assert "<img" not in render_markdown("ratio :0D: and :XYZ:", SITE)


def test_first_mention_of_a_glossary_term_links_to_the_glossary_and_later_ones_do_not():
    html = render_markdown("An exposure is locked. The exposure stays.", SITE)
    assert html.count('href="/glossary/#exposure"') == 1
    assert '<a href="/glossary/#exposure" class="term"' in html
    assert ">exposure</a> is locked" in html


def test_glossary_alias_links_to_its_term_and_multiword_terms_match():
    html = render_markdown("Tiles exposed before a joker exchange.", SITE)
    assert '<a href="/glossary/#exposure" class="term"' in html
    assert '<a href="/glossary/#joker-exchange" class="term"' in html


def test_glossary_terms_match_whole_words_only():
    assert "glossary" not in render_markdown("Overexposure and exposures-list.", SITE)


def test_glossary_terms_inside_code_or_links_are_not_linked():
    html = render_markdown("`exposure` [exposure](https://example.com/)", SITE)
    assert "glossary" not in html


def test_without_a_known_site_links_are_made_but_never_marked_wanted():
    html = render_markdown("Article 24", LinkContext.unresolved())
    assert '<a href="/articles/nmjl-24/"' in html
    assert "wanted" not in html


XSS_PAYLOADS = [
    "<script>alert(1)</script>",
    '<img src=x onerror="alert(1)">',
    "[x](javascript:alert(1))",
    "[x](JaVaScRiPt:alert(1))",
    "[x](java&#x73;cript:alert(1))",
    '<a href="javascript:alert(1)">x</a>',
    "<svg onload=alert(1)>",
    "[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
    "![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)",
    '<iframe src="https://evil.example/"></iframe>',
    '<div style="background:url(javascript:alert(1))">x</div>',
    "[[nmjl-6|<script>alert(1)</script>]]",
    '[x](https://example.com/ "a\\" onmouseover=\\"alert(1)")',
    "<a href='vbscript:msgbox(1)'>x</a>",
]


class _Elements(HTMLParser):
    """Collects every element and attribute the browser would build from the HTML."""

    def __init__(self):
        super().__init__()
        self.elements = []

    def handle_starttag(self, tag, attrs):
        self.elements.append((tag, dict(attrs)))


def elements_of(html):
    parser = _Elements()
    parser.feed(html)
    return parser.elements


@pytest.mark.parametrize("payload", XSS_PAYLOADS)
def test_script_event_handlers_and_dangerous_urls_never_survive(payload):
    for tag, attributes in elements_of(render_markdown(payload, SITE)):
        assert tag not in {"script", "svg", "iframe", "object", "embed", "style", "div"}
        for name, value in attributes.items():
            assert not name.startswith("on"), (tag, name)
            assert name != "style"
            if name in {"href", "src"}:
                scheme = value.split(":", 1)[0].strip().lower() if ":" in value else ""
                assert scheme in {"", "http", "https", "mailto"}, (tag, value)


def test_raw_html_is_shown_as_text_not_run():
    html = render_markdown("<script>alert(1)</script>", SITE)
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
