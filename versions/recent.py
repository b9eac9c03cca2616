"""Recent changes (`/changes/`): the latest versions of every registered model, merged by date.

A declaration's `recent` says, for each of its tables, what the defaults do not (`Recent`):
which rows a user may see (a filter on the queryset, so a table costs the same queries
however many rows it has and whoever reads), how a row is labelled, what it did (three
verbs, or words of its own), and its history page. By default a model lists its own history
table, the rows of things its `may_read` lets the user read, labelled as the declaration
labels the thing, with simple-history's verb
("created", "changed", "deleted") and a link to its history page (none once it is deleted).
A table that is no versioned model's own (a user's watches) is listed with `also_list`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from itertools import islice
from operator import attrgetter

from django.contrib.auth.models import AnonymousUser

from versions import registry
from versions.timeline import person
from versions.words import history_type

_ALSO: list[Recent] = []


@dataclass(frozen=True)
class Change:
    """One row of recent changes, drawn the same for every model."""

    date: datetime
    label: str
    what: str
    who: str
    summary: str = ""
    url: str | None = None  # its history page; None once deleted
    record: object = None  # the row listed (the wiki's home page groups them by article)


@dataclass(frozen=True)
class Recent:
    """One table's rows in recent changes, where the defaults do not say it."""

    # (user, rows) → the rows `user` may see (an anonymous reader: AnonymousUser); default:
    # those the declaration's `may_read` lets them read, each judged as it was saved (declare
    # this filter where `may_read` costs a query)
    visible: Callable | None = None
    table: Callable | None = None  # () → the rows; default: the declared model's history
    label: Callable | None = None  # (row) → the thing it names; default: the declaration's
    verbs: tuple[str, str, str] | None = (
        None  # created, changed, deleted; default: simple-history's
    )
    what: Callable | None = None  # (row) → what it did, where three verbs do not say it
    url: Callable | None = None  # (row) → a page; default: its history page while it exists
    related: tuple[str, ...] = ()  # select_related, so a label costs no query
    date: str = "history_date"
    who: str = "history_user"
    summary: str = "history_change_reason"  # "": none


def also_list(*tables: Recent) -> None:
    """List tables that have no history pages of their own (a user's watches) too."""
    _ALSO.extend(tables)


def did(row, verbs=None) -> str:
    """What a history row did: one of three verbs, or simple-history's word for it."""
    if verbs is not None:
        return str(dict(zip("+~-", verbs, strict=True)).get(row.history_type, verbs[1]))
    return history_type(row)


def recent_changes(limit=50, user=None, models=None) -> list[Change]:
    """The latest changes across the site (or only `models`) that `user` may see, newest
    first: one query for each table (two where a link depends on the thing existing)."""
    user = user or AnonymousUser()
    changes = []
    for entry in registry.registered():
        if models is None or entry.model in models:
            for table in entry.recent or (Recent(),):
                changes.extend(_changes(entry, table, user, limit))
    if models is None:
        for table in _ALSO:
            changes.extend(_changes(None, table, user, limit))
    changes.sort(key=attrgetter("date"), reverse=True)
    return list(islice(changes, limit))


def _changes(entry, table: Recent, user, limit) -> list[Change]:
    rows = table.table() if table.table else entry.model.history.all()
    rows = rows.select_related(table.who, *table.related)
    if table.visible is not None:
        rows = table.visible(user, rows)
    rows = list(rows.order_by(f"-{table.date}", "-pk")[:limit])
    url = table.url or _history_page(entry, rows)
    label = table.label or entry.label
    changes = []
    own = entry is not None and not table.table
    for row in rows:
        if own and table.visible is None and not entry.may_read(user, row):
            continue
        shown = entry.shown(user, row) if own and entry.shown else row
        if shown is None:
            continue
        changes.append(
            Change(
                date=getattr(row, table.date),
                label=label(shown),
                what=table.what(shown) if table.what else did(shown, table.verbs),
                who=person(getattr(row, table.who)),
                summary=(getattr(shown, table.summary) if table.summary else "") or "",
                url=url(row),
                record=row,
            )
        )
    return changes


def _history_page(entry, rows):
    """A row's link: the history page of its thing, or None once the thing is deleted."""
    attname = entry.model._meta.pk.attname
    ids = {getattr(row, attname) for row in rows}
    existing = set(entry.model.objects.filter(pk__in=ids).values_list("pk", flat=True))
    return lambda row: entry.reverse("history", row) if getattr(row, attname) in existing else None
