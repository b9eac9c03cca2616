"""A ruling result's answer, so the list answers the question: its verdict in words and its
one line, or, at the reader's chosen tournament, the answer its house rules give.

The tournament's answers come from `tournaments.ruling_answers.answers_for`, as the ruling's
page and the API have them: one query for the rulings shown, and with a tournament one for
their checks and one round trip for the checks' results, however many rulings are shown.
"""

from __future__ import annotations

from articles.labels import verdict_tag, verdict_words
from articles.models import Ruling
from search.results import Hit
from tournaments.ruling_answers import answers_for
from translations.reading import ENGLISH, reading_language, shown_for


def _translated_answers(rulings) -> dict[int, str]:
    """Each ruling's answer in the reader's language where its translation is current (an
    English reader, or a ruling not translated: none)."""
    language = reading_language()
    if language == ENGLISH or not rulings:
        return {}
    found = {}
    for (_kind, pk, field), shown in shown_for(rulings, language).items():
        if field == "answer" and shown and all(part.is_translated for part in shown):
            found[pk] = "\n\n".join(part.text for part in shown)
    return found


def answer_rulings(hits: dict[str, Hit], tournament=None) -> None:
    """Give each ruling hit ({slug: hit}) its verdict and answer, the tournament's where its
    house rules change it."""
    if not hits:
        return
    rulings = list(
        Ruling.objects.filter(slug__in=list(hits), article__is_published=True).select_related(
            "article"
        )
    )
    there = answers_for(rulings, tournament) if tournament is not None else {}
    translated = _translated_answers(rulings)
    for ruling in rulings:
        hit = hits[ruling.slug]
        changed = there.get(ruling.slug)
        if changed is None:
            hit.verdict = verdict_tag(ruling)
            hit.answer = translated.get(ruling.pk, ruling.answer)
        else:
            hit.verdict, hit.answer = verdict_words(changed.verdict), changed.line
            hit.league_answer = changed.league_line
