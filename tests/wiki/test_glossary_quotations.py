"""Glossary links stay out of quotations and book titles (issue 12): quoted words are the
source's, and "Mah Jongg Made Easy" is a book, not a mention of mah jongg. Both sides tested."""

from articles.markup import LinkContext, render_markdown

SITE = LinkContext(
    articles={"nmjl-6": "Changing an exposure"},
    numbers={"6": "nmjl-6"},
    terms=[("Exposure", "exposure"), ("Mah Jongg", "mah-jongg"), ("Rack", "rack")],
)


def test_a_term_inside_curly_quotation_marks_is_not_linked():
    html = render_markdown("The League: “change the exposure until you discard.”", SITE)
    assert "glossary" not in html


def test_a_term_after_the_quotation_closes_is_linked():
    html = render_markdown("“Change it until you discard,” says the exposure rule.", SITE)
    assert html.count('href="/glossary/#exposure"') == 1
    assert ">exposure</a> rule" in html


def test_a_term_first_quoted_is_linked_at_its_first_mention_outside_the_quotation():
    html = render_markdown("“The exposure stands.” An exposure is then final.", SITE)
    assert html.count('class="term"') == 1
    assert "An <a" in html


def test_a_quotation_that_spans_emphasis_still_keeps_its_terms_unlinked():
    html = render_markdown("“You *may* change the exposure” and the rack.", SITE)
    assert "#exposure" not in html
    assert 'href="/glossary/#rack"' in html


def test_a_term_inside_straight_double_quotes_is_not_linked_and_after_them_it_is():
    html = render_markdown('He said "exposure is final" about the exposure.', SITE)
    assert html.count('href="/glossary/#exposure"') == 1
    assert ">exposure</a>." in html


def test_a_term_in_a_block_quote_is_not_linked():
    html = render_markdown("> Once exposed, the exposure stays.\n\nAn exposure is final.", SITE)
    quote, after = html.split("</blockquote>")
    assert "glossary" not in quote
    assert 'href="/glossary/#exposure"' in after


def test_the_words_of_a_book_title_are_not_a_glossary_mention():
    html = render_markdown("Per Mah Jongg Made Easy 2024, page 16.", SITE)
    assert "glossary" not in html


def test_the_same_words_outside_a_book_title_are_linked():
    html = render_markdown("Per Mah Jongg Made Easy 2024, a mah jongg is declared aloud.", SITE)
    assert html.count('href="/glossary/#mah-jongg"') == 1
    assert ">mah jongg</a> is declared" in html


def test_an_apostrophe_does_not_open_a_quotation():
    html = render_markdown("The caller’s exposure stands.", SITE)
    assert 'href="/glossary/#exposure"' in html


def test_a_link_to_an_unwritten_article_is_a_link_that_says_not_written_yet():
    html = render_markdown("Compare Article 24.", SITE)
    assert '<a href="/wanted/nmjl-24/" class="wanted" title="not written yet"' in html
    assert 'Article 24 <span class="wanted__note">(not written yet)</span></a>' in html


def test_a_link_to_a_written_article_carries_no_not_written_yet_note():
    html = render_markdown("Compare Article 6.", SITE)
    assert '<a href="/articles/nmjl-6/" rel="noopener noreferrer">Article 6</a>' in html
    assert "not written yet" not in html
