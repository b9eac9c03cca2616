"""Three-way paragraph merge and the word-level diff."""

from articles.wiki.diff import word_diff
from articles.wiki.merge import merge_text, merge_value

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
