"""On an article page each scenario check folds to its summary line (mark, title, status
word) unless it did not pass; the scenario's own page shows it open. Opened on the article
page, a check shows its situations and verdicts in words until its whole drawing is fetched
(tests/rulings/test_light_checks.py)."""

import re

from django.template import Context, Template

from rulings.models import Scenario
from tests.rulings.conftest import (
    CALLING,
    MISTYPED,
    SCENARIO_CHECKS,
    checks_section,
    shown_though_it_fails,
)

SECTION = Template('{% include "rulings/_article_checks.html" %}')

pytestmark = SCENARIO_CHECKS


def section(article):
    """The section as the article view makes it (its data) and the template draws it."""
    made = checks_section(article)
    return SECTION.render(Context({"article": article, "section": made}))


def scenario(slug, text):
    return Scenario.objects.create(slug=slug, title=slug.capitalize(), text=text)


def details_tag(html, slug):
    return re.search(rf'<details [^>]*id="scenario-{slug}"[^>]*>', html).group(0)


def summary_text(html, slug):
    start = html.index(f'id="scenario-{slug}"')
    summary = html[html.index("<summary", start) : html.index("</summary>", start)]
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", summary)).strip()


def test_a_passing_check_is_folded_to_its_summary_line_on_the_article_page(article):
    scenario("calling", CALLING)
    html = section(article)
    assert " open" not in details_tag(html, "calling")
    assert summary_text(html, "calling") == "✓ Calling 2 checks, all confirmed"
    # Inside, folded: each situation with its verdict in words; the steps come when opened.
    assert 'A pair lets you call → <strong class="verdict-allowed">Allowed</strong>' in html
    assert "West holds" not in html


def test_a_failing_check_opens_on_the_article_page(article):
    shown_though_it_fails("wrong", CALLING.replace("Then that is refused", "Then that is allowed"))
    html = section(article)
    assert details_tag(html, "wrong").endswith(" open>")
    assert summary_text(html, "wrong").startswith("✗ Wrong 2 checks: 1 confirmed, 1 the rules say")


def test_a_check_with_an_undefined_step_opens_on_the_article_page(article):
    shown_though_it_fails("mistyped", MISTYPED)
    html = section(article)
    assert details_tag(html, "mistyped").endswith(" open>")
    assert "not yet checkable" in summary_text(html, "mistyped")


def test_a_text_that_does_not_parse_opens_on_the_article_page(article):
    shown_though_it_fails(
        "broken", "@article:nmjl-calling\nFeature: Broken\n  Scenario: x\n    Givn oops\n"
    )
    html = section(article)
    assert details_tag(html, "broken").endswith(" open>")
    assert "cannot be read" in summary_text(html, "broken")


def test_the_scenarios_own_page_shows_a_passing_check_open(client, article):
    made = scenario("calling", CALLING)
    page = client.get(made.get_absolute_url()).content.decode()
    assert details_tag(page, "calling").endswith(" open>")


def test_the_folded_section_has_no_inline_script_or_style(article):
    scenario("calling", CALLING)
    html = section(article)
    # Scripts only from the site's files (drawings.js fetches a drawing when opened).
    assert re.findall(r"<script[^>]*>", html) == ['<script src="/static/js/drawings.js" defer>']
    assert "<style" not in html and " style=" not in html
    assert " onclick=" not in html and " ontoggle=" not in html
