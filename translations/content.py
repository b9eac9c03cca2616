"""Translations in the content files: `fixtures/translations/<language>/<kind>s.json`, one
list per translated kind ("articles", "rulings", "terms", "choices"), each entry naming its
object by the key the content files use, its field, the English it was translated from and
the translation. An import matches a unit by that English text (so an edited paragraph's
old translation is not put on its new text): a translation whose English is no longer in
the object is reported and skipped. Registered for import_content/export_content after
every translated app's part (`hooks.TRANSLATIONS`)."""

from __future__ import annotations

import json
from contextlib import nullcontext
from pathlib import Path

from django.contrib.contenttypes.models import ContentType
from django.core.management.base import CommandError

from .models import SourceUnit, Translation
from .registry import registered
from .units import sync

SUBFOLDER = "translations"
LANGUAGES = ("nl",)
FIELDS = ("key", "field", "english", "text")


def _file(folder, language, kind) -> Path:
    return Path(folder) / SUBFOLDER / language / f"{kind}s.json"


def import_content(folder: Path, stdout, imports=None):
    part = imports.part("Translations", stdout) if imports is not None else nullcontext()
    with part:
        for language in LANGUAGES:
            for entry in registered():
                path = _file(folder, language, entry.kind)
                if path.exists():
                    _import_kind(path, entry, language, stdout)


def _read(path) -> list[dict]:
    try:
        rows = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise CommandError(f"{path}: not readable JSON ({error}).") from error
    if not isinstance(rows, list):
        raise CommandError(f"{path}: a list of translations is expected.")
    for number, row in enumerate(rows, start=1):
        if not isinstance(row, dict) or not all(isinstance(row.get(n), str) for n in FIELDS):
            raise CommandError(f"{path}: entry {number} needs key, field, english and text.")
    return rows


def _import_kind(path, entry, language, stdout):
    rows = _read(path)
    content_type = ContentType.objects.get_for_model(entry.model)
    objects = entry.model.objects.in_bulk({row["key"] for row in rows}, field_name=entry.key)
    for obj in objects.values():
        sync(obj, entry)  # the units follow the text as imported, however it was written
    for number, row in enumerate(rows, start=1):
        obj = objects.get(row["key"])
        if obj is None or row["field"] not in entry.fields:
            raise CommandError(f"{path}: entry {number} names no {entry.kind} field we know.")
        unit = SourceUnit.objects.filter(
            content_type=content_type,
            object_id=obj.pk,
            field=row["field"],
            position__isnull=False,
            text=row["english"],
        ).first()
        if unit is None:
            stdout.write(
                f"{path}: {row['key']} {row['field']}: its English is no longer there; skipped."
            )
            continue
        found = Translation.objects.filter(unit=unit, language=language).first()
        if found is not None and (found.text, found.source_text) == (row["text"], unit.text):
            continue
        found = found or Translation(unit=unit, language=language)
        found.text, found.source_text = row["text"], unit.text
        found._change_reason = "Imported"
        found.save()


def export_content(folder: Path, stdout):
    for language in LANGUAGES:
        for entry in registered():
            rows = _exported(entry, language)
            if not rows:
                continue
            path = _file(folder, language, entry.kind)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(rows, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
            stdout.write(f"Wrote {len(rows)} {language} translations of {entry.kind}s.")


def _exported(entry, language) -> list[dict]:
    """The live units' translations of one kind, in the order the objects were made (the
    content files' order), by field and place in the text."""
    content_type = ContentType.objects.get_for_model(entry.model)
    rows = list(
        Translation.objects.filter(
            language=language, unit__content_type=content_type, unit__position__isnull=False
        ).select_related("unit")
    )
    keys = dict(
        entry.model.objects.filter(pk__in=[r.unit.object_id for r in rows]).values_list(
            "pk", entry.key
        )
    )
    found = [
        (
            (row.unit.object_id, entry.fields.index(row.unit.field), row.unit.position),
            {
                "key": keys[row.unit.object_id],
                "field": row.unit.field,
                "english": row.source_text,
                "text": row.text,
            },
        )
        for row in rows
        if row.unit.object_id in keys and row.unit.field in entry.fields
    ]
    return [item for _, item in sorted(found, key=lambda pair: pair[0])]
