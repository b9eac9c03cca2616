"""Search's part of import_content / export_content: the table's vocabulary.

Layout under the content folder (``fixtures/`` by default)::

    search/synonyms.json   {"synonyms": [{"key", "words", "note"}, …]}

Groups are matched by key and saved only when a field really changed, so importing twice
writes nothing; import never deletes a group missing from the file.
"""

import json
from pathlib import Path

from django.core.management.base import CommandError

from search.models import Synonym

SUBFOLDER = "search"
FILE = "synonyms.json"
FIELDS = ("words", "note")
ABOUT = (
    "The table's vocabulary: each group is words or short phrases that mean the same at the "
    "table; a search with any of them finds every one. Matjok words map to NMJL ones and back."
)


def import_content(folder: Path, stdout):
    path = Path(folder) / SUBFOLDER / FILE
    if not path.exists():
        return
    try:
        entries = json.loads(path.read_text(encoding="utf-8")).get("synonyms", [])
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, AttributeError) as error:
        raise CommandError(f"{path}: not valid JSON with a list of synonyms ({error}).") from error
    changed = 0
    for entry in entries:
        if not isinstance(entry, dict) or not entry.get("key") or not entry.get("words"):
            raise CommandError(f"{path}: each synonym group needs a key and its words.")
        values = {field: str(entry.get(field) or "") for field in FIELDS}
        group = Synonym.objects.filter(key=entry["key"]).first()
        if group is None:
            Synonym.objects.create(key=entry["key"], **values)
            changed += 1
        elif any(getattr(group, field) != value for field, value in values.items()):
            for field, value in values.items():
                setattr(group, field, value)
            group.save()
            changed += 1
    stdout.write(f"Synonyms: {len(entries)} group(s), {changed} new or changed.")


def export_content(folder: Path, stdout):
    root = Path(folder) / SUBFOLDER
    root.mkdir(parents=True, exist_ok=True)
    entries = []
    for group in Synonym.objects.order_by("key"):
        entry = {"key": group.key, "words": group.words}
        if group.note:
            entry["note"] = group.note
        entries.append(entry)
    data = {"about": ABOUT, "synonyms": entries}
    (root / FILE).write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", "utf-8")
    stdout.write(f"Synonyms: {len(entries)} group(s) written to {root / FILE}.")
