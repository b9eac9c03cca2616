"""Three-way paragraph merge and the word-level diff."""

import html as html_module
import random
import re
from difflib import SequenceMatcher

import pytest
from django.urls import reverse

from versions import diff
from versions.diff import WORD_DIFF_CAP, word_diff
from versions.merge import merge_text, merge_value

BASE = "First paragraph.\n\nSecond paragraph.\n\nThird paragraph."


def test_edits_to_different_paragraphs_merge_keeping_both():
    theirs = "First paragraph, revised by them.\n\nSecond paragraph.\n\nThird paragraph."
    mine = "First paragraph.\n\nSecond paragraph.\n\nThird paragraph, revised by me."
    merged = merge_text(BASE, theirs, mine)
    assert merged.clean
    assert merged.value == (
        "First paragraph, revised by them.\n\nSecond paragraph.\n\nThird paragraph, revised by me."
    )


def test_edits_to_neighbouring_paragraphs_merge():
    theirs = "First paragraph, theirs.\n\nSecond paragraph.\n\nThird paragraph."
    mine = "First paragraph.\n\nSecond paragraph, mine.\n\nThird paragraph."
    merged = merge_text(BASE, theirs, mine)
    assert merged.clean
    assert "First paragraph, theirs." in merged.value
    assert "Second paragraph, mine." in merged.value


def test_a_paragraph_added_by_one_and_another_changed_by_the_other_both_survive():
    theirs = BASE + "\n\nA fourth paragraph they added."
    mine = "First paragraph, mine.\n\nSecond paragraph.\n\nThird paragraph."
    merged = merge_text(BASE, theirs, mine)
    assert merged.clean
    assert merged.value.startswith("First paragraph, mine.")
    assert merged.value.endswith("A fourth paragraph they added.")


def test_a_paragraph_deleted_by_one_side_stays_deleted_when_the_other_edits_elsewhere():
    theirs = "First paragraph.\n\nThird paragraph."
    mine = "First paragraph.\n\nSecond paragraph.\n\nThird paragraph, mine."
    merged = merge_text(BASE, theirs, mine)
    assert merged.clean
    assert merged.value == "First paragraph.\n\nThird paragraph, mine."


def test_the_same_paragraph_changed_differently_is_a_conflict_and_keeps_mine_untouched():
    theirs = "First paragraph.\n\nSecond paragraph, their way.\n\nThird paragraph."
    mine = "First paragraph.\n\nSecond paragraph, my way.\n\nThird paragraph."
    merged = merge_text(BASE, theirs, mine)
    assert not merged.clean
    assert merged.value == mine


def test_identical_changes_on_both_sides_merge():
    same = "First paragraph.\n\nSecond, changed alike.\n\nThird paragraph."
    assert merge_text(BASE, same, same).value == same


def test_windows_line_endings_from_a_browser_do_not_make_a_conflict():
    theirs = "First paragraph, theirs.\n\nSecond paragraph.\n\nThird paragraph."
    mine = "First paragraph.\r\n\r\nSecond paragraph.\r\n\r\nThird paragraph, mine."
    merged = merge_text(BASE, theirs, mine)
    assert merged.clean
    assert merged.value == "First paragraph, theirs.\n\nSecond paragraph.\n\nThird paragraph, mine."


def test_plain_values_take_the_one_side_that_changed_and_conflict_when_both_did():
    assert merge_value("Old", "Theirs", "Old") == merge_value("Old", "Theirs", "Old")
    assert merge_value("Old", "Theirs", "Old").value == "Theirs"
    assert merge_value("Old", "Old", "Mine").value == "Mine"
    assert not merge_value("Old", "Theirs", "Mine").clean


def test_word_diff_marks_removed_and_added_words():
    html = word_diff("the exposure is locked", "the exposure is fixed")
    assert html == "the exposure is <del>locked</del><ins>fixed</ins>"


def test_word_diff_escapes_the_text_it_shows():
    html = word_diff("a", "a <script>alert(1)</script>")
    assert "<script>" not in html
    assert "&lt;script&gt;" in html


def test_two_paragraphs_appended_at_the_same_place_are_a_conflict_not_a_guess():
    merged = merge_text(BASE, BASE + "\n\nTheirs at the end.", BASE + "\n\nMine at the end.")
    assert not merged.clean


# --- The diff's cost is bounded: the compare page is public. ---

WORDS_A = [f"tile{i}" for i in range(150)]
WORDS_B = [f"seat{i}" for i in range(150)] + WORDS_A[:50]  # unlike, but sharing some words


def _text(vocabulary, words, per_paragraph, seed):
    rng = random.Random(seed)
    chosen = [rng.choice(vocabulary) for _ in range(words)]
    paragraphs = [
        " ".join(chosen[start : start + per_paragraph]) for start in range(0, words, per_paragraph)
    ]
    return "\n\n".join(paragraphs)


def _side(html, keep, drop):
    """The text one side of the diff shows: `keep` marks unwrapped, `drop` marks removed."""
    html = re.sub(rf"<{drop}>.*?</{drop}>", "", str(html), flags=re.DOTALL)
    html = re.sub(rf"</?{keep}>", "", html)
    return html_module.unescape(html)


class _CountingMatcher(SequenceMatcher):
    """difflib's matcher, noting the sizes of the two sequences each word diff compares."""

    word_diffs: list[tuple[int, int]] = []

    def __init__(self, isjunk=None, a="", b="", autojunk=True):
        super().__init__(isjunk, a, b, autojunk)
        if isjunk is str.isspace:  # the word pass; the line pass passes no junk test
            self.word_diffs.append((len(a), len(b)))


@pytest.mark.parametrize("per_paragraph", [30_000, 400, 100, 1])
def test_two_unlike_30000_word_versions_are_diffed_word_by_word_only_in_bounded_stretches(
    per_paragraph, monkeypatch
):
    # difflib costs more than the square of what it compares: the diff stays roughly linear
    # because no word diff ever compares more than WORD_DIFF_CAP tokens a side (the time it
    # takes is measured by hand, not in the suite).
    monkeypatch.setattr(diff, "SequenceMatcher", _CountingMatcher)
    _CountingMatcher.word_diffs = []
    old = _text(WORDS_A, 30_000, per_paragraph, seed=1)
    new = _text(WORDS_B, 30_000, per_paragraph, seed=2)
    html = word_diff(old, new)
    assert all(max(sizes) <= WORD_DIFF_CAP for sizes in _CountingMatcher.word_diffs)
    # Bounded, yet nothing lost: each side reads back exactly from the marks.
    assert _side(html, keep="ins", drop="del") == new
    assert _side(html, keep="del", drop="ins") == old


def test_a_small_edit_in_a_long_text_is_still_marked_word_by_word():
    old = _text(WORDS_A, 30_000, 100, seed=3)
    paragraphs = old.split("\n\n")
    paragraphs[150] = paragraphs[150].replace(" ", " dead hand ", 1)
    new = "\n\n".join(paragraphs)
    html = word_diff(old, new)
    assert "<ins>dead hand </ins>" in html or "<ins>dead hand</ins>" in html
    assert "<del>" not in html


def test_a_changed_paragraph_too_long_to_diff_by_word_shows_as_removed_and_added():
    old = " ".join(["exposure"] * (WORD_DIFF_CAP + 10))
    new = " ".join(["discard"] * (WORD_DIFF_CAP + 10))
    assert word_diff(old, new) == f"<del>{old}</del><ins>{new}</ins>"


def test_a_shared_line_ending_stays_outside_the_marks():
    html = word_diff("one two\n\nthree four\n", "one too\n\nthree four\nfive\n")
    assert html == "one <del>two</del><ins>too</ins>\n\nthree four\n<ins>five\n</ins>"


def test_anyone_comparing_two_unlike_30000_word_commentaries_gets_the_page(client, commentary):
    commentary.body = _text(WORDS_A, 30_000, 200, seed=4)
    commentary.save()
    commentary.body = _text(WORDS_B, 30_000, 200, seed=5)
    commentary.save()
    url = reverse("articles:commentary-compare", args=[commentary.pk])
    response = client.get(url, {"from": 2, "to": 3})
    assert response.status_code == 200
    assert b"<del>" in response.content and b"<ins>" in response.content
