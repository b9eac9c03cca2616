"""What tournaments put in the index: each published house rule, as players read it, and
each line of its published penalty schedule (a version published before the schedule keeps
its penalties as numbered house rules, indexed as such).

The rules come from the latest published version, never the working copy a director is
still editing; a draft tournament has none in the index.
"""

from __future__ import annotations

from collections.abc import Iterable

from search.index import Document, remove_documents, store, url_of
from tournaments.models import Tournament
from tournaments.versions import Sheet, as_snapshot, sheet_from_snapshot

KIND = "houserule"


def house_rule_documents(sheet: Sheet) -> list[Document]:
    """One document per house rule of the published sheet: tournament, number, text."""
    tournament = sheet.tournament
    documents = []
    for rule in sheet.rules:
        number = rule.number
        text = str(rule.text or "").strip()
        if not number or not text:
            continue
        departs_from = rule.departs_from or ""
        documents.append(
            Document(
                kind=KIND,
                key=f"{tournament.slug}#{number}",
                title=f"{tournament.name}: house rule {number}",
                body=text,
                url=url_of(tournament, f"#house-rule-{number}"),
                ruleset=tournament.ruleset.key,
                keywords=f"{tournament.slug} tournament house rule {departs_from}",
            )
        )
    for position, penalty in enumerate(sheet.schedule, start=1):
        costs = [f"{penalty.points} points"] + list(penalty.upgrade_path)
        documents.append(
            Document(
                kind=KIND,
                key=f"{tournament.slug}#penalty-{position}",
                title=f"{tournament.name}: penalty — {penalty.name}",
                body=f"{(penalty.text or penalty.name).rstrip('. ')}: {'; '.join(costs)}.",
                url=url_of(tournament, f"#penalty-{position}"),
                ruleset=tournament.ruleset.key,
                keywords=f"{tournament.slug} tournament penalty {penalty.departs_from or ''}",
            )
        )
    return documents


def _published():
    return Tournament.objects.published().with_published_rules().select_related("ruleset")


def _sheet(tournament) -> Sheet:
    """The published version's sheet, read from the annotated row (no query)."""
    return sheet_from_snapshot(tournament, as_snapshot(tournament.published_snapshot), articles={})


def all_documents() -> Iterable[Document]:
    """Every published tournament's house rules, in one query."""
    for tournament in _published():
        yield from house_rule_documents(_sheet(tournament))


def index_tournament(slug: str):
    """A tournament's house rules in the index exactly as its latest published version has
    them: none when it is a draft or gone."""
    remove_documents(KIND, _stored_keys(slug))
    tournament = _published().filter(slug=slug).first()
    if tournament is not None:
        for document in house_rule_documents(_sheet(tournament)):
            store(document)


def _stored_keys(slug: str) -> list[str]:
    from search.models import SearchDocument

    return list(
        SearchDocument.objects.filter(kind=KIND, key__startswith=f"{slug}#").values_list(
            "key", flat=True
        )
    )
