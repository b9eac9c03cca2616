"""The articles app's part of import_content / export_content: readable, diffable JSON.

Layout under the content folder (``fixtures/`` by default)::

    content/rulesets.json          rule sets
    content/sources.json           every source, one per publication issue and locator
    content/terms.json             the glossary
    content/articles/<key>.json    one article with its commentary, questions and citations

    rulings/<key>.json             the article's rulings, in order, with their sources (the
                                   checks that show each, ``shown_by``, are the scenarios'
                                   part: rulings.content reads and writes them)

Markdown is written as a list of lines so a diff shows the line that changed. A citation
that is only a source is written as the source key; otherwise as an object. Fields at
their default are left out. A short ruling (``ruling``, on an article or a question) has its
own ``ruling_citations``, apart from the ``citations`` of the rest of the text.

Import is idempotent: rows are matched by stable keys (rule set, source and article keys,
term slugs; commentary, questions and citations by their position under their statement)
and saved only when a field really changed, so importing twice writes no history rows.
It never overwrites the site's edits (articles.imports): a row changed, added or deleted on
the site since the last import is kept and listed, unless ``--overwrite``. Import never
deletes articles, sources or terms missing from the folder; an article's own commentary,
questions and citations past the end of its file's lists go only if still as imported.
"""

import json
from datetime import date
from pathlib import Path

from django.core.management.base import CommandError

from .imports import ContentImport
from .models import Article, Citation, Commentary, Question, RuleSet, Ruling, Source, Term
from .wiki.forms import is_reserved_key

SUBFOLDER = "content"
RULINGS = "rulings"  # beside SUBFOLDER: one file of rulings per article

ARTICLE_FIELDS = [
    "number",
    "title",
    "summary",
    "kind",
    "origin",
    "answered_by",
    "last_reviewed_on",
    "last_reviewed_by",
    "ruling_reviewed_on",
    "ruling_reviewed_by",
    "is_published",
    "position",
]
SOURCE_FIELDS = ["publication", "title", "year", "month", "edition", "locator", "url", "note"]
CITATION_FIELDS = ["locator", "quote", "note", "relation"]
COMMENTARY_FIELDS = ["body", "author", "reviewed_on"]
QUESTION_FIELDS = ["question", "asked_by", "ruling", "answer", "answered_by", "answered_on"]
RULING_FIELDS = ["position", "question", "answer", "verdict", "reason", "summarises"]
DATE_FIELDS = {"last_reviewed_on", "ruling_reviewed_on", "reviewed_on", "answered_on"}
# Defaults left out of the files, so a file says only what is particular to it.
DEFAULTS = {
    "kind": Article.Kind.LEAGUE_ARTICLE,
    "is_published": True,
    "position": 0,
    "relation": Citation.Relation.SUPPORTS,
}

ABOUT = {
    "rulesets": "Rule sets. Keys are stable: articles and tournaments refer to them.",
    "sources": (
        "Every source, one per publication issue and locator (a bulletin year with its page). "
        "Citations in content/articles/*.json refer to these keys."
    ),
    "terms": (
        "Glossary terms, defined from the seed documents; each definition says which text "
        "it comes from, and related_articles lists the articles that use the term."
    ),
}


# --- reading and writing values ----------------------------------------------------------


def _text_in(value):
    """Markdown in a file is a string or a list of lines."""
    if isinstance(value, list):
        return "\n".join(value)
    return value or ""


def _text_out(value):
    return value.split("\n") if "\n" in value else value


def _value_in(field, value):
    if field in DATE_FIELDS:
        return date.fromisoformat(value) if value else None
    if value is None:
        return DEFAULTS.get(field, "" if field not in {"year", "month"} else None)
    return value


def _value_out(field, value):
    if field in DATE_FIELDS and value is not None:
        return value.isoformat()
    return value


def _compact(data):
    """Leave out empty values and defaults, keeping the order of the keys."""
    return {
        name: value
        for name, value in data.items()
        if value not in ("", None, []) and DEFAULTS.get(name, object()) != value
    }


def read_json(path: Path):
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as error:
        raise CommandError(f"{path}: not valid JSON ({error}).") from error


def write_json(path: Path, data):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


# --- import ------------------------------------------------------------------------------


def import_content(folder: Path, stdout, imports: ContentImport | None = None):
    """Load rule sets, sources, articles and the glossary from folder/content/.

    Rows go through `imports` (articles.imports): one changed on the site since the last
    import is kept, not overwritten."""
    imports = imports or ContentImport(str(folder))
    root = Path(folder) / SUBFOLDER
    if root.is_dir():
        with imports.part("Articles content", stdout):
            _import_all(root, imports)
    else:
        stdout.write(f"No article content in {root}; skipped.")
    rulings = Path(folder) / RULINGS
    if rulings.is_dir():
        with imports.part("Rulings", stdout):
            _import_rulings(rulings, imports)


def _import_all(root, imports):
    rulesets = _import_rulesets(root / "rulesets.json", imports)
    sources = _import_sources(root / "sources.json", imports)
    # Terms before articles, so each article is rendered once with its glossary links.
    terms = _import_terms(root / "terms.json", imports)
    article_files = sorted((root / "articles").glob("*.json"))
    documents = [(path, read_json(path)) for path in article_files]
    articles = {
        document.get("key"): _import_article(path, document, rulesets, imports)
        for path, document in documents
    }
    articles_by_key = dict(Article.objects.values_list("key", "pk"))
    for path, document in documents:
        article = articles[document["key"]]
        if article is None:
            continue  # deleted on the site, and it stays so
        related = _keys_to_ids(document.get("related_articles", []), articles_by_key, path)
        imports.set_related(
            article, "related_articles", article.key, related, f"{article.label}'s related articles"
        )
        _import_statements(path, article, document, sources, imports)
    for term, data in terms:
        if term is None:
            continue
        related = _keys_to_ids(
            data.get("related_articles", []), articles_by_key, root / "terms.json"
        )
        imports.set_related(
            term, "related_articles", term.slug, related, f"glossary term {term.term}'s articles"
        )


def _upsert(imports, model, lookup, key, values, label):
    obj = model.objects.filter(**lookup).first() or model(**lookup)
    return imports.save(obj, key, values, label)


def _sync_list(imports, existing, wanted, names, make, key_of, label_of):
    """Match rows to entries by position: update, create the missing; rows past the end of
    the file's list go, unless someone added or changed them on the site."""
    by_position, extra = {}, []
    for row in existing:  # two rows at one position (set on the site): the second is extra
        if row.position in by_position:
            extra.append(row)
        else:
            by_position[row.position] = row
    rows = []
    for position, values in enumerate(wanted):
        obj = by_position.pop(position, None) or make()
        values = {**values, "position": position}
        rows.append(imports.save(obj, key_of(position), values, label_of(position)))
    for row in sorted([*by_position.values(), *extra], key=lambda r: (r.position, r.pk)):
        imports.remove(row, key_of(row.position), [*names, "position"], label_of(row.position))
    return rows


def _import_rulesets(path, imports):
    rulesets = {}
    for position, data in enumerate(read_json(path)["rulesets"] if path.exists() else []):
        values = {
            "name": data["name"],
            "description": _text_in(data.get("description")),
            "position": position,
        }
        key = data["key"]
        label = f"rule set {data['name']}"
        rulesets[key] = _upsert(imports, RuleSet, {"key": key}, key, values, label)
    for ruleset in RuleSet.objects.exclude(key__in=[k for k, r in rulesets.items() if r]):
        rulesets[ruleset.key] = ruleset
    return {key: ruleset for key, ruleset in rulesets.items() if ruleset is not None}


def _import_sources(path, imports):
    for data in read_json(path)["sources"] if path.exists() else []:
        # Pages group sources by publication; one they do not know could not be shown.
        if data.get("publication") not in Source.Publication.values:
            raise CommandError(
                f"{path}: source {data.get('key')!r} has an unknown publication "
                f"{data.get('publication')!r}."
            )
        values = {field: _value_in(field, data.get(field)) for field in SOURCE_FIELDS}
        values["note"] = _text_in(data.get("note"))
        key = data["key"]
        _upsert(imports, Source, {"key": key}, key, values, f"source {key}")
    return dict(Source.objects.values_list("key", "pk"))


def _import_article(path, data, rulesets, imports):
    key = data.get("key")
    if not key or not data.get("title"):
        raise CommandError(f"{path}: an article needs a key and a title.")
    if is_reserved_key(key):
        raise CommandError(f"{path}: {key!r} cannot be an article's key: a fixed page has its URL.")
    if data.get("ruleset") not in rulesets:
        raise CommandError(f"{path}: unknown rule set {data.get('ruleset')!r}.")
    values = {field: _value_in(field, data.get(field)) for field in ARTICLE_FIELDS}
    values["summary"] = _text_in(data.get("summary"))
    values["ruling"] = _text_in(data.get("ruling"))
    values["body"] = _text_in(data.get("body"))
    values["ruleset_id"] = rulesets[data["ruleset"]].pk
    label = Article(key=key, number=values["number"], title=values["title"]).label
    return _upsert(imports, Article, {"key": key}, key, values, label)


def _keys_to_ids(keys, ids_by_key, path):
    missing = [key for key in keys if key not in ids_by_key]
    if missing:
        raise CommandError(f"{path}: unknown article {', '.join(missing)}.")
    return [ids_by_key[key] for key in keys]


def _citation_values(entry, sources, path):
    data = {"source": entry} if isinstance(entry, str) else entry
    if data.get("source") not in sources:
        raise CommandError(f"{path}: unknown source {data.get('source')!r}.")
    values = {field: _value_in(field, data.get(field)) for field in CITATION_FIELDS}
    values["quote"] = _text_in(data.get("quote"))
    values["source_id"] = sources[data["source"]]
    return values


def _import_citations(path, statement, key, label, entries, sources, imports, part=""):
    """The citations of one part of a statement (an article, a commentary or a question):
    its text (the default) or its short ruling."""
    field = statement._meta.model_name
    rows = {field: statement, "part": part}
    existing = list(Citation.objects.filter(**rows).order_by("position", "pk"))
    wanted = [_citation_values(entry, sources, path) for entry in entries]
    kind = "ruling-citation" if part else "citation"
    noun = "ruling citation" if part else "citation"
    _sync_list(
        imports,
        existing,
        wanted,
        [*CITATION_FIELDS, "source_id"],
        lambda: Citation(**rows),
        lambda position: f"{key}/{kind}/{position}",
        lambda position: f"{noun} {position + 1} of {label}",
    )


def _import_ruling_citations(path, statement, key, label, data, sources, imports):
    entries = data.get("ruling_citations", [])
    part = Citation.Part.RULING
    _import_citations(path, statement, key, label, entries, sources, imports, part=part)


def _import_statements(path, article, data, sources, imports):
    _import_citations(
        path, article, article.key, article.label, data.get("citations", []), sources, imports
    )
    _import_ruling_citations(path, article, article.key, article.label, data, sources, imports)
    for kind, model, entries, values_of, names in (
        (
            "commentary",
            Commentary,
            data.get("commentaries", []),
            _commentary_values,
            COMMENTARY_FIELDS,
        ),
        ("question", Question, data.get("questions", []), _question_values, QUESTION_FIELDS),
    ):
        rows = _sync_list(
            imports,
            list(model.objects.filter(article=article).order_by("position", "pk")),
            [values_of(entry) for entry in entries],
            names,
            lambda model=model: model(article=article),
            lambda position, kind=kind: f"{article.key}/{kind}/{position}",
            lambda position, kind=kind: f"{kind.capitalize()} {position + 1} on {article.label}",
        )
        for position, (row, entry) in enumerate(zip(rows, entries, strict=True)):
            if row is None:
                continue  # deleted on the site, and it stays so
            key = f"{article.key}/{kind}/{position}"
            label = f"{kind} {position + 1} on {article.label}"
            citations = entry.get("citations", [])
            _import_citations(path, row, key, label, citations, sources, imports)
            if kind == "question":
                _import_ruling_citations(path, row, key, label, entry, sources, imports)


def _commentary_values(entry):
    return {
        "body": _text_in(entry.get("body")),
        "author": entry.get("author", ""),
        "reviewed_on": _value_in("reviewed_on", entry.get("reviewed_on")),
    }


def _question_values(entry):
    return {
        "question": _text_in(entry.get("question")),
        "asked_by": entry.get("asked_by", ""),
        "ruling": _text_in(entry.get("ruling")),
        "answer": _text_in(entry.get("answer")),
        "answered_by": entry.get("answered_by", ""),
        "answered_on": _value_in("answered_on", entry.get("answered_on")),
    }


def _import_terms(path, imports):
    """[(term or None, its data), …]; the links to articles are set once the articles exist."""
    terms = []
    for data in read_json(path)["terms"] if path.exists() else []:
        values = {
            "term": data["term"],
            "aliases": data.get("aliases", ""),
            "definition": _text_in(data.get("definition")),
        }
        slug = data["slug"]
        label = f"glossary term {data['term']}"
        terms.append((_upsert(imports, Term, {"slug": slug}, slug, values, label), data))
    return terms


def _source_date(source) -> str:
    """A source's date as a ruling's file writes it: "1970", "2026-08", or "" (undated)."""
    return Citation(source=source).date


def _import_rulings(root, imports):
    """Each article's rulings from rulings/<key>.json, matched by slug; a ruling's sources
    are its citations (their dates must be their sources' own)."""
    sources = {source.key: source for source in Source.objects.all()}
    source_ids = {key: source.pk for key, source in sources.items()}
    articles = {article.key: article for article in Article.objects.all()}
    for path in sorted(root.glob("*.json")):
        article = articles.get(path.stem)
        if article is None:
            raise CommandError(f"{path}: no article has the key {path.stem!r}.")
        entries = read_json(path)
        existing = {ruling.slug: ruling for ruling in Ruling.objects.filter(article=article)}
        for entry in entries:
            slug = entry.get("slug")
            if not slug or not entry.get("question") or not entry.get("answer"):
                raise CommandError(f"{path}: a ruling needs a slug, a question and an answer.")
            if entry.get("verdict", "none") not in Ruling.Verdict.values:
                raise CommandError(f"{path}: {slug}: unknown verdict {entry.get('verdict')!r}.")
            citations = [_ruling_source(entry, cited, sources, path) for cited in entry["sources"]]
            values = {
                "article_id": article.pk,
                "position": entry.get("position", 0),
                "question": entry["question"],
                "answer": entry["answer"],
                "verdict": entry.get("verdict", Ruling.Verdict.NONE),
                "reason": entry.get("reason", ""),
                "summarises": entry.get("summarises", []),
            }
            obj = existing.pop(slug, None) or Ruling.objects.filter(slug=slug).first()
            label = f"ruling {slug} on {article.label}"
            ruling = imports.save(obj or Ruling(slug=slug), slug, values, label)
            if ruling is not None:
                key = f"ruling:{slug}"
                _import_citations(path, ruling, key, label, citations, source_ids, imports)
        for slug, ruling in existing.items():  # no longer in the file
            imports.remove(ruling, slug, ["article_id", *RULING_FIELDS], f"ruling {slug}")


def _ruling_source(entry, cited, sources, path):
    """A ruling's source as a citation entry; its date is checked against the source's."""
    source = sources.get(cited.get("source"))
    if source is None:
        raise CommandError(f"{path}: {entry['slug']}: unknown source {cited.get('source')!r}.")
    if cited.get("date", "") != _source_date(source):
        raise CommandError(
            f"{path}: {entry['slug']}: {source.key} is dated {_source_date(source) or 'nothing'}"
            f", not {cited.get('date')!r}: a ruling's source is dated as the source is."
        )
    return {key: value for key, value in cited.items() if key != "date"}


# --- export ------------------------------------------------------------------------------


def export_content(folder: Path, stdout):
    """Write every rule set, source, article and term to folder/content/."""
    root = Path(folder) / SUBFOLDER
    write_json(
        root / "rulesets.json",
        {
            "about": ABOUT["rulesets"],
            "rulesets": [
                _compact(
                    {
                        "key": ruleset.key,
                        "name": ruleset.name,
                        "description": _text_out(ruleset.description),
                    }
                )
                for ruleset in RuleSet.objects.order_by("position", "pk")
            ],
        },
    )
    write_json(
        root / "sources.json",
        {
            "about": ABOUT["sources"],
            "sources": [_source_out(source) for source in Source.objects.order_by("key")],
        },
    )
    written = set()
    articles = Article.objects.select_related("ruleset").prefetch_related(
        "related_articles",
        "citations__source",
        "commentaries__citations__source",
        "questions__citations__source",
    )
    for article in articles:
        path = root / "articles" / f"{article.key}.json"
        write_json(path, _article_out(article))
        written.add(path.name)
    for stale in (root / "articles").glob("*.json"):
        if stale.name not in written:
            stale.unlink()
    _export_rulings(Path(folder) / RULINGS)
    terms = Term.objects.prefetch_related("related_articles").order_by("slug")
    write_json(
        root / "terms.json", {"about": ABOUT["terms"], "terms": [_term_out(t) for t in terms]}
    )
    stdout.write(f"Articles content: {len(written)} articles written to {root}.")


def _source_out(source):
    data = {"key": source.key}
    data.update({field: getattr(source, field) for field in SOURCE_FIELDS})
    data["note"] = _text_out(source.note)
    return _compact(data)


def _citations_out(citations):
    entries = []
    for citation in sorted(citations, key=lambda c: (c.position, c.pk)):
        data = _compact(
            {
                "source": citation.source.key,
                "locator": citation.locator,
                "quote": _text_out(citation.quote),
                "note": citation.note,
                "relation": citation.relation,
            }
        )
        entries.append(data["source"] if len(data) == 1 else data)
    return entries


def _article_out(article):
    data = {"key": article.key, "ruleset": article.ruleset.key}
    data.update({f: _value_out(f, getattr(article, f)) for f in ARTICLE_FIELDS})
    data["summary"] = _text_out(article.summary)
    data["ruling"] = _text_out(article.ruling)
    data["ruling_citations"] = _citations_out(article.ruling_citations())
    data["related_articles"] = sorted(a.key for a in article.related_articles.all())
    data["body"] = _text_out(article.body)
    data["citations"] = _citations_out(article.text_citations())
    data["commentaries"] = [
        _compact(
            {
                "body": _text_out(commentary.body),
                "author": commentary.author,
                "reviewed_on": _value_out("reviewed_on", commentary.reviewed_on),
                "citations": _citations_out(commentary.citations.all()),
            }
        )
        for commentary in sorted(article.commentaries.all(), key=lambda c: (c.position, c.pk))
    ]
    data["questions"] = [
        _compact(
            {
                "question": _text_out(question.question),
                "asked_by": question.asked_by,
                "ruling": _text_out(question.ruling),
                "ruling_citations": _citations_out(question.ruling_citations()),
                "answer": _text_out(question.answer),
                "answered_by": question.answered_by,
                "answered_on": _value_out("answered_on", question.answered_on),
                "citations": _citations_out(question.text_citations()),
            }
        )
        for question in sorted(article.questions.all(), key=lambda q: (q.position, q.pk))
    ]
    return _compact(data)


def _term_out(term):
    return _compact(
        {
            "slug": term.slug,
            "term": term.term,
            "aliases": term.aliases,
            "definition": _text_out(term.definition),
            "related_articles": sorted(a.key for a in term.related_articles.all()),
        }
    )


def _export_rulings(root):
    """rulings/<key>.json for each article with rulings, every field written (the
    scenarios' part adds each ruling's `shown_by`)."""
    written = set()
    rulings = Ruling.objects.select_related("article").prefetch_related("citations__source")
    by_article = {}
    for ruling in rulings.order_by("article__key", "position", "pk"):
        by_article.setdefault(ruling.article.key, []).append(ruling)
    for key, article_rulings in by_article.items():
        write_json(root / f"{key}.json", [_ruling_out(ruling) for ruling in article_rulings])
        written.add(f"{key}.json")
    for stale in root.glob("*.json"):
        if stale.name not in written:
            stale.unlink()


def _ruling_out(ruling):
    data = {"slug": ruling.slug, **{field: getattr(ruling, field) for field in RULING_FIELDS}}
    citations = sorted(ruling.citations.all(), key=lambda c: (c.position, c.pk))
    data["sources"] = [
        _compact(
            {
                "source": citation.source.key,
                "locator": citation.locator,
                "date": citation.date,
                "quote": _text_out(citation.quote),
                "note": citation.note,
                "relation": citation.relation,
            }
        )
        for citation in citations
    ]
    data["summarises"] = data.pop("summarises")  # after its sources, as the files have it
    return data
