"""The "Scenario checks" section of an article page: drawing, summary, cache, query count.

Each check is read here drawn whole, as the print view (`?print=1`) draws every one and as
its drawing comes when a reader opens it on the page (tests/rulings/test_light_checks.py)."""

import re

from django.db import connection
from django.template import Context, Template
from django.test.utils import CaptureQueriesContext

from articles.page import ArticlePage
from rulings import checks
from rulings.article_sections import sections
from rulings.models import Scenario
from tests.rulings.conftest import (
    CALLING,
    OUTLINE,
    SCENARIO_CHECKS,
    checks_section,
    forget_everything,
    shown_though_it_fails,
)

SECTION = Template('{% include "rulings/_article_checks.html" %}')

pytestmark = SCENARIO_CHECKS


def section(article):
    """The section as the article view makes it (its data) and the template draws it, in
    the print view: every check's whole drawing."""
    made = checks_section(article, printed=True)
    return SECTION.render(Context({"article": article, "section": made}))


def for_readers(html):
    """What a reader sees: the drawing without its folded "For scenario authors" detail."""
    return re.sub(r'<details class="for-authors">.*?</details>', "", html, flags=re.S)


def words(html):
    """The words of some HTML, without its tags (class names are not read)."""
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def for_authors(html):
    return "".join(re.findall(r'<details class="for-authors">.*?</details>', html, flags=re.S))


def scenario(slug, text):
    return Scenario.objects.create(slug=slug, title=slug, text=text)


def test_each_linked_scenario_is_drawn_with_its_steps_marks_and_plain_verdicts(article):
    scenario("calling", CALLING)
    html = section(article)
    readers = for_readers(html)
    assert "Scenario checks" in html
    assert 'id="scenario-calling"' in html
    assert "A pair lets you call" in html and "A single tile does not" in html
    # every step carries a mark with its word, not colour alone, in a reader's words
    assert readers.count('title="confirmed">✓') >= 6
    assert readers.count('<span class="visually-hidden"> confirmed</span>') == 6
    # the verdict says Allowed / Not allowed with its reason and the article by its title…
    assert "<strong>Allowed</strong>: " in readers and "<strong>Not allowed</strong>: " in readers
    assert '(<a class="verdict-article" href="/articles/nmjl-calling/">Calling</a>)' in readers
    assert "call_needs_a_pair" not in words(readers) and "passed" not in words(readers)
    # …and the rule's name, its article's key and the engine's words are folded for authors
    authors = for_authors(html)
    assert "allowed by <code>call_needs_a_pair</code> (<code>nmjl-calling</code>)" in authors
    assert "refused by <code>call_needs_a_pair</code>" in authors
    assert "<summary>For scenario authors</summary>" in authors and "passed" in authors


def test_a_failing_step_is_marked_with_the_rules_saying_otherwise_and_the_reason_for_authors(
    article,
):
    shown_though_it_fails("wrong", CALLING.replace("Then that is refused", "Then that is allowed"))
    html = section(article)
    assert 'title="the rules say otherwise">✗' in for_readers(html)
    assert "It was refused." in for_authors(html)
    assert "failed" in for_authors(html) and "failed" not in words(for_readers(html))


def test_summary_line_counts_every_check_and_what_was_not_confirmed(article):
    scenario("calling", CALLING)
    assert "2 checks, all confirmed" in section(article)
    shown_though_it_fails("outline", OUTLINE)
    html = section(article)
    assert "5 checks: 4 confirmed, 1 the rules say otherwise" in html
    assert "3 checks, 2 pass, 1 failed" in for_authors(html)


def test_outline_rows_each_get_their_own_state_and_ruling(article):
    shown_though_it_fails("outline", OUTLINE)
    html = section(article)
    rows = re.findall(r'<tr class="row-(\w+)" data-line="(\d+)">', html)
    assert rows == [("passed", "10"), ("passed", "11"), ("failed", "12")]
    assert "Examples" in html
    readers = for_readers(html)
    assert readers.count('<span class="verdict verdict-allowed"><strong>Allowed</strong>') == 1
    assert readers.count('<span class="verdict verdict-refused"><strong>Not allowed</strong>') == 2
    authors = for_authors(html)
    rows = re.findall(r"line (1[012]): (\w+); (\w+) by <code>(\w+)</code>", authors)
    assert rows == [
        ("10", "passed", "allowed", "call_needs_a_pair"),
        ("11", "passed", "refused", "call_needs_a_pair"),
        ("12", "failed", "refused", "call_needs_a_pair"),
    ]


def test_tiles_in_step_text_are_pictures_with_their_names_as_text(article):
    scenario("calling", CALLING)
    html = section(article)
    assert (
        '<img class="tile" src="/static/tiles/7D.svg" alt="7 Dots" width="60" height="80">' in html
    )
    assert "Given</span> West holds 7 Dots" not in html  # the long name became a picture


def test_an_article_without_scenarios_says_so(article):
    assert "No scenario checks link to this article yet." in section(article)


def test_scenario_text_is_escaped_not_run_as_html(article):
    scenario("xss", CALLING.replace("A pair lets you call", "<script>alert(1)</script>"))
    html = section(article)
    assert "<script>alert(1)" not in html
    assert "&lt;script&gt;" in html


def test_query_count_does_not_grow_with_the_number_of_scenarios(article, django_assert_num_queries):
    scenario("only-one", CALLING)
    with CaptureQueriesContext(connection) as one:
        section(article)
    for n in range(49):
        scenario(f"more-{n:02}", CALLING.replace("Calling a discard", f"Calling {n}"))
    with CaptureQueriesContext(connection) as fifty:
        html = section(article)
    assert html.count('class="scenario scenario-passed"') == 50
    assert len(fifty) == len(one)
    with django_assert_num_queries(1):  # the section itself: one query for the scenarios
        sections(ArticlePage(article))


def test_results_are_computed_on_save_and_read_from_the_cache_after(article, runs):
    scenario("calling", CALLING)
    assert len(runs) == 1  # warmed on save
    section(article)
    section(article)
    assert len(runs) == 1


def test_a_cold_cache_runs_each_scenario_once_then_serves_it(article, runs):
    scenario("calling", CALLING)
    forget_everything()
    runs.clear()
    section(article)
    section(article)
    assert len(runs) == 1


def test_saving_a_changed_text_that_runs_clean_shows_the_new_result(article):
    calling = scenario("calling", CALLING)
    assert "2 checks, 2 pass" in section(article)
    calling.text = CALLING.replace("Then that is refused", "Then that is refused\n" + PAIR)
    calling.save()
    assert "3 checks, 3 pass" in section(article)


def test_saving_a_failing_text_keeps_the_last_clean_result_for_readers(article):
    calling = scenario("calling", CALLING)
    calling.text = CALLING.replace("Then that is refused", "Then that is allowed")
    calling.save()
    assert calling.is_draft
    html = section(article)
    assert "2 checks, 2 pass" in html
    assert "It was refused." not in html


PAIR = """
  Scenario: Another pair
    Given West holds 7D 7D
    When West calls 7D
    Then that is allowed
"""


def test_result_key_depends_on_text_engine_version_and_options(monkeypatch):
    key = checks.result_key(CALLING, {"b": True, "a": False})
    assert key == checks.result_key(CALLING, {"a": False, "b": True})
    assert key != checks.result_key(CALLING, {"a": True, "b": True})
    assert key != checks.result_key(CALLING + " ", {"a": False, "b": True})
    monkeypatch.setattr(checks, "ENGINE_VERSION", "next")
    assert key != checks.result_key(CALLING, {"b": True, "a": False})


def test_results_under_options_are_cached_apart_from_league_results(runs):
    checks.results_for(CALLING)
    checks.results_for(CALLING, {"touched-tile-is-taken": True})
    checks.results_for(CALLING, {"touched-tile-is-taken": True})
    assert len(runs) == 2


def test_another_process_finds_results_in_the_shared_cache(article, runs):
    scenario("calling", CALLING)
    checks.remembered.clear()  # a second worker: nothing in its memory, Redis has it all
    section(article)
    assert len(runs) == 1


MIXED = """@article:nmjl-6
Feature: Calls seen from two articles
  Background:
    Given West holds 7D 7D

  Scenario: Exposures in general
    When West calls 7D
    Then that is allowed

  @article:nmjl-calling
  Scenario: Calling with a pair
    When West calls 7D
    Then that is allowed
"""


def test_an_article_shows_only_the_scenarios_tagged_for_it_with_their_background(
    article, other_article
):
    scenario("mixed", MIXED)
    calling = section(article)
    assert "Calling with a pair" in calling
    assert "Exposures in general" not in calling
    assert "Background:" in calling
    assert "1 check, 1 pass" in calling
    assert "has 1 more" in calling
    whole = section(other_article)  # tagged on the feature: every scenario
    assert "Calling with a pair" in whole and "Exposures in general" in whole
    assert "2 checks, 2 pass" in whole


RULED = """Feature: Calls grouped under Rules
  @article:nmjl-6
  Rule: Exposures in general
    Scenario: Any pair
      Given West holds 7D 7D
      When West calls 7D
      Then that is allowed

  Rule: Calling
    Scenario Outline: Calling with <held>
      Given West holds <held>
      When West calls 7D
      Then that is <ruling>

      @article:nmjl-calling
      Examples:
        | held  | ruling  |
        | 7D 7D | allowed |
"""


def test_a_rule_tag_links_its_scenarios_and_shows_only_them_on_that_article(article, other_article):
    ruled = scenario("ruled", RULED)
    assert sorted(a.key for a in ruled.articles.all()) == ["nmjl-6", "nmjl-calling"]
    exposures = section(other_article)
    assert "Any pair" in exposures and "Calling with" not in exposures
    assert "1 check, 1 pass" in exposures
    calling = section(article)
    assert "Calling with" in calling and "Any pair" not in calling


def test_a_step_naming_an_article_by_key_reads_its_title_for_readers(article):
    cites = "Then that is allowed\n    And the ruling cites nmjl-calling"
    shown_though_it_fails("cites", CALLING.replace("Then that is allowed", cites, 1))
    readers = words(for_readers(section(article)))
    assert "the ruling cites Calling" in readers
    assert "cites nmjl-calling" not in readers
