"""The toolkit's part of import_content / export_content: the guided picker.

Layout under the content folder (``fixtures/`` by default)::

    picker/choices.json   {"choices": [{"key", "parent", "label", "next_question",
                                        "ruling", "article", "answer", "position"}, …]}

`parent` and `article` are keys, `ruling` a ruling's slug (its address); `answer` is the
position of an answer on that article. A last choice names a ruling, or for a broad choice
an article.
Parents come before their children in the file. Rows go through the run's `ContentImport`
(articles.imports): a choice edited on the site is kept unless `--overwrite`, and importing
twice writes nothing. The rulings log is not content (it names players) and is never exported.
"""

import json
from pathlib import Path

from django.core.management.base import CommandError

from articles.imports import ContentImport
from articles.models import Article, Question, Ruling

from .models import PickerChoice

SUBFOLDER = "picker"
FILE = "choices.json"
ABOUT = (
    "The guided picker: what happened, then which case. Each choice is one tap; a last "
    "choice leads to the ruling that answers it (a broad one to an article)."
)


def _read(path):
    try:
        entries = json.loads(path.read_text(encoding="utf-8")).get("choices", [])
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, AttributeError) as error:
        raise CommandError(f"{path}: not valid JSON with a list of choices ({error}).") from error
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise CommandError(f"{path}: choices must be a list of objects.")
    return entries


def import_content(folder: Path, stdout, imports: ContentImport | None = None):
    imports = imports or ContentImport(str(folder))
    path = Path(folder) / SUBFOLDER / FILE
    if not path.exists():
        stdout.write(f"No picker in {path}; skipped.")
        return
    entries = _read(path)
    articles = Article.objects.in_bulk(
        {e["article"] for e in entries if e.get("article")}, field_name="key"
    )
    rulings = Ruling.objects.in_bulk(
        {e["ruling"] for e in entries if e.get("ruling")}, field_name="slug"
    )
    with imports.part("Picker", stdout):
        for position, entry in enumerate(entries, start=1):
            key = str(entry.get("key") or "")
            if not key or not entry.get("label"):
                raise CommandError(f"{path}: choice {position} needs a key and a label.")
            parent = None
            if entry.get("parent"):
                parent = PickerChoice.objects.filter(key=entry["parent"]).first()
                if parent is None:
                    raise CommandError(
                        f"{path}: {key} comes after {entry['parent']}, which is not before it."
                    )
            article = articles.get(entry.get("article"))
            if entry.get("article") and article is None:
                raise CommandError(f"{path}: {key} leads to {entry['article']}, no such article.")
            ruling = rulings.get(entry.get("ruling"))
            if entry.get("ruling") and ruling is None:
                raise CommandError(f"{path}: {key} leads to {entry['ruling']}, no such ruling.")
            answer = None
            if entry.get("answer"):
                answer = Question.objects.filter(article=article, position=entry["answer"]).first()
                if answer is None:
                    raise CommandError(
                        f"{path}: {key}: no answer {entry['answer']} on its article."
                    )
            values = {
                "parent_id": parent.pk if parent else None,
                "label": str(entry["label"]),
                "next_question": str(entry.get("next_question") or ""),
                "ruling_id": ruling.pk if ruling else None,
                "article_id": article.pk if article else None,
                "answer_id": answer.pk if answer else None,
                "position": int(entry.get("position") or position),
            }
            choice = PickerChoice.objects.filter(key=key).first() or PickerChoice(key=key)
            imports.save(choice, key, values, f"picker choice {key}")


def _entry(choice) -> dict:
    entry = {"key": choice.key, "label": choice.label}
    if choice.parent_id:
        entry["parent"] = choice.parent.key
    if choice.next_question:
        entry["next_question"] = choice.next_question
    if choice.ruling_id:
        entry["ruling"] = choice.ruling.slug
    if choice.article_id:
        entry["article"] = choice.article.key
    if choice.answer_id:
        entry["answer"] = choice.answer.position
    entry["position"] = choice.position
    return entry


def export_content(folder: Path, stdout):
    root = Path(folder) / SUBFOLDER
    root.mkdir(parents=True, exist_ok=True)
    # Parents before children, each level in its order: the file imports top to bottom.
    choices = list(PickerChoice.objects.select_related("parent", "ruling", "article", "answer"))
    children = {}
    for choice in choices:
        children.setdefault(choice.parent_id, []).append(choice)
    ordered, level = [], sorted(children.get(None, []), key=lambda c: (c.position, c.key))
    while level:
        ordered.extend(level)
        level = [
            child
            for choice in level
            for child in sorted(children.get(choice.pk, []), key=lambda c: (c.position, c.key))
        ]
    data = {"about": ABOUT, "choices": [_entry(choice) for choice in ordered]}
    (root / FILE).write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", "utf-8")
    stdout.write(f"Picker: {len(ordered)} choice(s) written to {root / FILE}.")
