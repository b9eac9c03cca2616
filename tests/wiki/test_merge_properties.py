"""Properties of the paragraph merge: a clean merge never drops anyone's paragraph."""

from hypothesis import given, settings
from hypothesis import strategies as st

from versions.merge import join_paragraphs, merge_text, paragraphs

BASE = [f"Paragraph {n} of the commentary." for n in range(6)]


@st.composite
def edited(draw, tag):
    """The base with some paragraphs rewritten, deleted or added by one editor."""
    result = []
    for index, paragraph in enumerate(BASE):
        action = draw(st.sampled_from(["keep", "keep", "rewrite", "delete", "add"]))
        if action == "keep":
            result.append(paragraph)
        elif action == "rewrite":
            result.append(f"{paragraph} Rewritten by {tag}.")
        elif action == "add":
            result += [paragraph, f"New paragraph {index} by {tag}."]
    return result


@settings(max_examples=300, deadline=None)
@given(theirs=edited("them"), mine=edited("me"))
def test_a_clean_merge_keeps_every_paragraph_either_editor_wrote(theirs, mine):
    merged = merge_text(join_paragraphs(BASE), join_paragraphs(theirs), join_paragraphs(mine))
    if not merged.clean:
        assert merged.value == join_paragraphs(mine)  # a conflict hands back mine untouched
        return
    result = paragraphs(merged.value)
    for paragraph in theirs + mine:
        if paragraph not in BASE:
            assert paragraph in result
    # A paragraph either editor deleted, and the other left alone, stays deleted.
    for paragraph in BASE:
        if (paragraph not in theirs and paragraph in mine) or (
            paragraph not in mine and paragraph in theirs
        ):
            assert paragraph not in result


@settings(max_examples=200, deadline=None)
@given(
    theirs_rewrites=st.sets(st.integers(0, len(BASE) - 1)),
    mine_rewrites=st.sets(st.integers(0, len(BASE) - 1)),
)
def test_rewrites_of_different_paragraphs_always_merge(theirs_rewrites, mine_rewrites):
    mine_rewrites -= theirs_rewrites
    theirs = [p + " (them)" if i in theirs_rewrites else p for i, p in enumerate(BASE)]
    mine = [p + " (me)" if i in mine_rewrites else p for i, p in enumerate(BASE)]
    merged = merge_text(join_paragraphs(BASE), join_paragraphs(theirs), join_paragraphs(mine))
    assert merged.clean
    expected = [
        p + " (them)" if i in theirs_rewrites else p + " (me)" if i in mine_rewrites else p
        for i, p in enumerate(BASE)
    ]
    assert paragraphs(merged.value) == expected
