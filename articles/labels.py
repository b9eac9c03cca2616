"""The models' choices in the reader's language, where a page shows them (issue 31).

The models keep their English labels (the admin, the content files and migrations read
those); a page, form or API message that shows a choice to a reader asks here instead.
"""

from __future__ import annotations

from django.utils.dates import MONTHS
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop, ngettext, pgettext_lazy

from .models import Article, Citation, Ruling, Source

KINDS = {
    Article.Kind.LEAGUE_ARTICLE: _("League article"),
    Article.Kind.GUIDE: _("Guide"),
    Article.Kind.ANSWER: _("Answer page"),
    Article.Kind.RULEBOOK: _("Rulebook page"),
}

VERDICTS = {
    Ruling.Verdict.ALLOWED: pgettext_lazy("verdict", "Allowed"),
    Ruling.Verdict.NOT_ALLOWED: pgettext_lazy("verdict", "Not allowed"),
    Ruling.Verdict.DEAD: pgettext_lazy("verdict", "The hand is dead"),
    Ruling.Verdict.NONE: "—",
}

RELATIONS = {
    Citation.Relation.SUPPORTS: pgettext_lazy("a source … the statement", "supports"),
    Citation.Relation.DIFFERS: pgettext_lazy("a source … the statement", "differs from"),
    Citation.Relation.SUPERSEDES: pgettext_lazy("a source … the statement", "supersedes"),
}

PARTS = {
    Citation.Part.TEXT: _("the text"),
    Citation.Part.RULING: _("the short ruling"),
}

# The League's own titles ("NMJL Bulletin", "Mah Jongg Made Easy") are names and stay.
PUBLICATIONS = {
    Source.Publication.LEAGUE_LETTER: _("League letter"),
    Source.Publication.LEAGUE_CLARIFICATION: _("League clarification"),
    Source.Publication.ANSWERS_PAGE: _("Answers page"),
    Source.Publication.CALLING_GUIDE: _("Calling guide"),
    Source.Publication.WIKI: _("Rulings wiki"),
    Source.Publication.WEB: _("Public web page"),
}


# simple-history's words for what a version did ("created"), which it has no Dutch for:
# read by its own gettext_lazy, so they only need to be in this project's catalogue.
HISTORY_TYPES = (gettext_noop("Created"), gettext_noop("Changed"), gettext_noop("Deleted"))


def kind_label(value) -> str:
    return str(KINDS.get(value, value))


def verdict_words(value) -> str:
    """A verdict in a reader's plain words ("Not allowed"); "" for none."""
    return "" if value == Ruling.Verdict.NONE else str(VERDICTS.get(value, value))


def verdict_tag(ruling) -> str:
    """`Ruling.verdict_tag` in the reader's language: the verdict to put before the answer, or
    "" where there is none or the (English) answer already says it."""
    return verdict_words(ruling.verdict) if ruling.verdict_tag else ""


def relation_label(value) -> str:
    return str(RELATIONS.get(value, value))


def publication_label(value) -> str:
    return str(PUBLICATIONS.get(value) or Source.Publication(value).label)


def choices(mapping) -> list[tuple[str, object]]:
    """A form's choices from a mapping above, in the model's order."""
    return list(mapping.items())


def change_words(what: str, verb: str, count: int) -> str:
    """ "article changed", "3 answers added": a line of the home page's recent changes."""
    phrases = {
        ("article", "added"): ngettext("article added", "%(count)d articles added", count),
        ("article", "changed"): ngettext("article changed", "%(count)d articles changed", count),
        ("article", "deleted"): ngettext("article deleted", "%(count)d articles deleted", count),
        ("commentary", "added"): ngettext(
            "commentary added", "%(count)d commentary parts added", count
        ),
        ("commentary", "changed"): ngettext(
            "commentary changed", "%(count)d commentary parts changed", count
        ),
        ("commentary", "deleted"): ngettext(
            "commentary deleted", "%(count)d commentary parts deleted", count
        ),
        ("answer", "added"): ngettext("answer added", "%(count)d answers added", count),
        ("answer", "changed"): ngettext("answer changed", "%(count)d answers changed", count),
        ("answer", "deleted"): ngettext("answer deleted", "%(count)d answers deleted", count),
    }
    phrase = phrases.get((what, verb))
    if phrase is None:
        return f"{count} {what} {verb}" if count > 1 else f"{what} {verb}"
    return phrase % {"count": count}


def source_name(source) -> str:
    """`str(source)` in the reader's language: its publication's name and the month it is
    dated ("League clarification augustus 2026, item 3"); the model's own stays English for
    the admin and the search index."""
    parts = [publication_label(source.publication)]
    if source.edition:
        parts.append(source.edition)
    if source.year:
        month = str(MONTHS[source.month]) if source.month in MONTHS else ""
        parts.append(f"{month} {source.year}".strip())
    text = " ".join(parts)
    return f"{text}, {source.locator}" if source.locator else text
