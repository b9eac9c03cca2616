"""The bookkeeping that keeps `import_content` from overwriting what editors did on the site.

For every row it writes, an import remembers a digest of the values it wrote
(`ImportedRow`). On the next import a row is brought to its file only when its values still
match that digest; a row changed on the site since (or one the import never wrote, or one
deleted on the site) is kept and listed, unless the import runs with ``--overwrite``.
Each app's `content.py` saves its rows through one shared `ContentImport`, so the command's
last line counts what every app really did.
"""

import hashlib
import json
from contextlib import contextmanager

from .models import ImportedRow

EDITED = "edited on the site"
ADDED = "added on the site"
DELETED = "deleted on the site"
REASON_LENGTH = 100  # simple-history's history_change_reason column


def digest(values: dict) -> str:
    """The same values give the same digest on every database (dates as ISO text, JSON keys
    sorted: PostgreSQL's jsonb does not keep their order)."""
    text = json.dumps(values, sort_keys=True, default=str, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def current_values(obj, names) -> dict:
    return {name: getattr(obj, name) for name in names}


class ContentImport:
    """One run of import_content: writes rows from the files and counts what it did."""

    def __init__(self, source: str = "fixtures/", overwrite: bool = False):
        self.source = source
        self.overwrite = overwrite
        self.created = self.updated = self.deleted = 0
        self.kept: list[tuple[str, str]] = []  # (what, why)
        self._records = None
        self._created = set()  # (model label, pk) written anew in this run

    # --- history summaries ---------------------------------------------------------------

    @property
    def reason(self) -> str:
        return f"Imported from {self.source}"[:REASON_LENGTH]

    @property
    def overwrite_reason(self) -> str:
        return f"Imported from {self.source} (--overwrite)"[:REASON_LENGTH]

    # --- the digests ---------------------------------------------------------------------

    def _record(self, model: str, key: str):
        if self._records is None:
            self._records = {(r.model, r.key): r for r in ImportedRow.objects.all()}
        return self._records.get((model, key))

    def _remember(self, model: str, key: str, value: str) -> None:
        record = self._record(model, key)
        if record is None:
            record = ImportedRow.objects.create(model=model, key=key, digest=value)
            self._records[(model, key)] = record
        elif record.digest != value:
            record.digest = value
            record.save(update_fields=["digest"])

    def _forget(self, model: str, key: str) -> None:
        record = self._record(model, key)
        if record is not None:
            record.delete()
            del self._records[(model, key)]

    def _keep(self, label: str, why: str) -> None:
        self.kept.append((label, why))

    # --- rows ----------------------------------------------------------------------------

    def save(self, obj, key: str, values: dict, label: str):
        """Bring obj, the row the files call `key`, to `values`, unless the site changed it.

        Returns the row, or None when it was deleted on the site and stays deleted (so its
        own rows are not imported either).
        """
        model = obj._meta.label_lower
        wanted = digest(values)
        record = self._record(model, key)
        if obj.pk is None:
            if record is not None and not self.overwrite:
                self._keep(label, DELETED)
                return None
            self._write(obj, values, self.reason if record is None else self.overwrite_reason)
            self._created.add((model, obj.pk))
            self.created += 1
        else:
            now = digest(current_values(obj, values))
            if now != wanted:
                edited = record is None or record.digest != now
                if edited and not self.overwrite:
                    self._keep(label, EDITED)
                    return obj
                self._write(obj, values, self.overwrite_reason if edited else self.reason)
                self.updated += 1
        self._remember(model, key, wanted)
        return obj

    def _write(self, obj, values: dict, reason: str) -> None:
        for name, value in values.items():
            setattr(obj, name, value)
        obj._change_reason = reason
        obj.save()

    def remove(self, obj, key: str, names, label: str) -> None:
        """A row the files no longer have: deleted only if it is still as imported."""
        model = obj._meta.label_lower
        record = self._record(model, key)
        untouched = record is not None and record.digest == digest(current_values(obj, names))
        if not untouched and not self.overwrite:
            self._keep(label, ADDED if record is None else EDITED)
            return
        obj._change_reason = self.reason if untouched else self.overwrite_reason
        obj.delete()
        self._forget(model, key)
        self.deleted += 1

    def set_related(self, owner, field: str, key: str, wanted_ids, label: str) -> None:
        """A many-to-many field of owner, by the same rule as its fields."""
        model = f"{owner._meta.label_lower}.{field}"
        manager = getattr(owner, field)
        wanted = digest(sorted(wanted_ids))
        now = digest(sorted(manager.values_list("pk", flat=True)))
        record = self._record(model, key)
        if now != wanted:
            edited = record is None or record.digest != now
            created = (owner._meta.label_lower, owner.pk) in self._created
            if edited and not created and not self.overwrite:
                self._keep(label, EDITED)
                return
            manager.set(wanted_ids)
            if not created:  # part of creating it, not an update
                self.updated += 1
        self._remember(model, key, wanted)

    # --- the report ----------------------------------------------------------------------

    def counts(self) -> tuple[int, int, int, int]:
        return (self.created, self.updated, self.deleted, len(self.kept))

    @staticmethod
    def describe(created, updated, deleted, kept) -> str:
        return f"{created} created, {updated} updated, {deleted} deleted, {kept} kept"

    @contextmanager
    def part(self, name: str, stdout):
        """Report what one app's part of the import did, on its own line."""
        before = self.counts()
        yield
        after = self.counts()
        stdout.write(
            f"{name}: {self.describe(*(a - b for a, b in zip(after, before, strict=True)))}."
        )

    def kept_lines(self) -> list[str]:
        """'kept 1 edited on the site: Commentary 2 on Article 6; `--overwrite` to replace'."""
        lines = []
        for why in (EDITED, ADDED, DELETED):
            labels = [label for label, reason in self.kept if reason == why]
            if labels:
                lines.append(
                    f"kept {len(labels)} {why}: {', '.join(labels)}; `--overwrite` to replace"
                )
        return lines

    def summary(self) -> str:
        return self.describe(*self.counts())
