"""Search's part of import_content / export_content: the table's vocabulary.

Layout under the content folder (``fixtures/`` by default)::

    search/synonyms.json   {"synonyms": [{"key", "words", "note", "language"}, …]}

Groups are matched by key and written through the run's `ContentImport` (articles.imports):
saved only when a field really changed, so importing twice writes nothing, and a group
edited on the site is kept unless `--overwrite`. Import never deletes a group missing from
the file.
"""

import json
from pathlib import Path

from django.core.management.base import CommandError

from articles.imports import ContentImport
from search.models import Synonym

SUBFOLDER = "search"
FILE = "synonyms.json"
FIELDS = ("words", "note", "language")  # language: "en" unless said ("nl")
ABOUT = (
    "The table's vocabulary: each group is words or short phrases that mean the same at the "
    "table; a search with any of them finds every one. Matjok words map to NMJL ones and back."
)


def import_content(folder: Path, stdout, imports: ContentImport | None = None):
    imports = imports or ContentImport(str(folder))
    path = Path(folder) / SUBFOLDER / FILE
    if not path.exists():
        stdout.write(f"No synonyms in {path}; skipped.")
        return
    try:
        entries = json.loads(path.read_text(encoding="utf-8")).get("synonyms", [])
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, AttributeError) as error:
        raise CommandError(f"{path}: not valid JSON with a list of synonyms ({error}).") from error
    with imports.part("Synonyms", stdout):
        for entry in entries:
            if not isinstance(entry, dict) or not entry.get("key") or not entry.get("words"):
                raise CommandError(f"{path}: each synonym group needs a key and its words.")
            key = str(entry["key"])
            values = {field: str(entry.get(field) or "") for field in FIELDS}
            values["language"] = "nl" if values["language"] == "nl" else "en"
            group = Synonym.objects.filter(key=key).first() or Synonym(key=key)
            imports.save(group, key, values, f"synonyms {key}")


def export_content(folder: Path, stdout):
    root = Path(folder) / SUBFOLDER
    root.mkdir(parents=True, exist_ok=True)
    entries = []
    for group in Synonym.objects.order_by("key"):
        entry = {"key": group.key, "words": group.words}
        if group.note:
            entry["note"] = group.note
        if group.language != "en":
            entry["language"] = group.language
        entries.append(entry)
    data = {"about": ABOUT, "synonyms": entries}
    (root / FILE).write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", "utf-8")
    stdout.write(f"Synonyms: {len(entries)} group(s) written to {root / FILE}.")
