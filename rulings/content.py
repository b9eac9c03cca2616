"""The scenarios' part of import_content / export_content: one `.feature` file per scenario.

Layout under the content folder: ``scenarios/<slug>.feature``, the text readers see, exactly
as stored, and for a scenario whose writers have a draft on top of it,
``scenarios/drafts/<slug>.feature``: the draft, exactly as stored. The folder is content, so
what readers see is what a fresh import publishes, and nothing typed is lost: importing both
files gives the scenario back as it was, a draft with its last clean version still published.
(A scenario that never ran clean has only its draft, in ``scenarios/<slug>.feature``, and is
imported as a draft, as before.)

The slug is the file name, the title the Feature's name, and the article links follow the
text's ``@article:`` tags (see scenario_store). Import saves only what really changed, so
importing twice writes no history; a scenario changed on the site since the last import is
kept (articles.imports), and one missing from the folder is never deleted. What marks a row
as changed is its saved text (the draft, when there is one); the clean file is published with
it whenever the import writes the row.
"""

from pathlib import Path

from django.core.management.base import CommandError

from articles.content import RULINGS, read_json, write_json
from articles.imports import ContentImport
from articles.models import Ruling
from rulings import drafts
from rulings.models import RulingCheck, Scenario
from rulings.scenario_store import article_keys, articles_for_keys, linked_text, parsed

SUBFOLDER = "scenarios"
DRAFTS = "drafts"  # under SUBFOLDER: not matched by its *.feature, so never a scenario itself


def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def _linked_articles(scenario):
    """The links a save would give it: those of the version readers see (a draft's last
    clean version), so re-importing an unchanged draft writes nothing."""
    return articles_for_keys(article_keys(linked_text(scenario)))[0]


def import_content(folder: Path, stdout, imports: ContentImport | None = None) -> None:
    imports = imports or ContentImport(str(folder))
    files = sorted((Path(folder) / SUBFOLDER).glob("*.feature"))
    existing = {s.slug: s for s in Scenario.objects.prefetch_related("articles")}
    with imports.part("Scenarios", stdout):
        for path in files:
            _import_scenario(path, existing.get(path.stem), imports, stdout)
    rulings = Path(folder) / RULINGS
    if rulings.is_dir():
        with imports.part("Rulings' checks", stdout):
            for path in sorted(rulings.glob("*.json")):
                _import_ruling_checks(path, imports)


CHECK_FIELDS = ["ruling_id", "scenario_id", "check_name", "row", "position"]


def _import_ruling_checks(path, imports):
    """The checks that show each ruling of one file (its `shown_by`), after the scenarios
    and the rulings themselves are in."""
    entries = read_json(path)
    slugs = [entry.get("slug") for entry in entries]
    rulings = {ruling.slug: ruling for ruling in Ruling.objects.filter(slug__in=slugs)}
    scenarios = dict(Scenario.objects.values_list("slug", "pk"))
    for entry in entries:
        ruling = rulings.get(entry.get("slug"))
        if ruling is None:
            continue  # deleted on the site, and it stays so
        existing = list(RulingCheck.objects.filter(ruling=ruling).order_by("position", "pk"))
        for position, link in enumerate(entry.get("shown_by", [])):
            if link.get("scenario") not in scenarios:
                raise CommandError(
                    f"{path}: {ruling.slug}: no scenario {link.get('scenario')!r} shows it."
                )
            values = {
                "ruling_id": ruling.pk,
                "scenario_id": scenarios[link["scenario"]],
                "check_name": link.get("check", ""),
                "row": link.get("row"),
                "position": position,
            }
            found = next((row for row in existing if row.position == position), None)
            if found is not None:
                existing.remove(found)
            key, label = f"{ruling.slug}/check/{position}", f"check {position + 1} of {ruling}"
            imports.save(found or RulingCheck(), key, values, label)
        for row in existing:  # past the end of the file's list
            key, label = f"{ruling.slug}/check/{row.position}", f"check of {ruling}"
            imports.remove(row, key, CHECK_FIELDS, label)


def _import_scenario(path, scenario, imports, stdout):
    text = _read(path)
    draft_file = path.parent / DRAFTS / path.name
    published = None
    if draft_file.exists():
        published, text = text, _read(draft_file)
    parse = parsed(text)  # once: the save's signals read the same parse
    fields = {
        "title": (parse.title or path.stem)[:200],
        "text": text,
        "source_file": f"{SUBFOLDER}/{path.name}",
    }
    scenario = scenario or Scenario(slug=path.stem)
    _, unknown = articles_for_keys(parse.article_keys)
    if unknown:
        stdout.write(f"  {path.name}: no article has the key {', '.join(unknown)}; not linked")
    unchanged = scenario.pk is not None and all(
        getattr(scenario, k) == v for k, v in fields.items()
    )
    if unchanged and {a.pk for a in scenario.articles.all()} != {
        a.pk for a in _linked_articles(scenario)
    }:
        # An article its tags name was imported since: the links follow the unchanged text.
        scenario._change_reason = imports.reason
        scenario.save()
        imports.updated += 1
    # Saving links it to the articles its tags name (the Scenario signals).
    written = imports.created + imports.updated
    if published is not None and not unchanged:
        _publish_with_draft(scenario, path, published, stdout)
    saved = imports.save(scenario, path.stem, fields, f"scenario {fields['title']}")
    if saved is not None and saved.is_draft and imports.created + imports.updated > written:
        stdout.write(
            f"  {path.name}: does not run clean; saved as a draft (see /scenarios/drafts/)"
        )


def _publish_with_draft(scenario, path, published, stdout):
    """Set the version readers keep under a draft: the clean file, if it runs clean (it is
    saved only if the import writes the row; the draft itself decides nothing here)."""
    if drafts.problems(published):
        stdout.write(
            f"  {path.name}: has a draft, but the file itself does not run clean; not published"
        )
        return
    scenario.published_text = published
    scenario.published_title = (parsed(published).title or path.stem)[:200]


def _has_draft_on_top(scenario) -> bool:
    return bool(scenario.is_draft and scenario.published_text)


def export_content(folder: Path, stdout) -> None:
    """Each scenario's text readers see, and its writers' draft beside it (nothing lost)."""
    target = Path(folder) / SUBFOLDER
    target.mkdir(parents=True, exist_ok=True)
    draft_folder = target / DRAFTS
    # A draft published since the last export must not come back from an old file.
    for stale in draft_folder.glob("*.feature"):
        stale.unlink()
    scenarios = list(Scenario.objects.all())
    with_drafts = 0
    for scenario in scenarios:
        readers_text = scenario.text
        if _has_draft_on_top(scenario):
            readers_text = scenario.published_text
            draft_folder.mkdir(exist_ok=True)
            _write(draft_folder / f"{scenario.slug}.feature", scenario.text)
            with_drafts += 1
        _write(target / f"{scenario.slug}.feature", readers_text)
    drafts_said = f" ({with_drafts} with a draft in {draft_folder})" if with_drafts else ""
    stdout.write(f"Scenarios: {len(scenarios)} written to {target}{drafts_said}")
    _export_ruling_checks(Path(folder) / RULINGS)


def _export_ruling_checks(root: Path) -> None:
    """Each ruling's `shown_by`, added to the rulings' files the articles' part wrote."""
    checks = {}
    for check in RulingCheck.objects.select_related("ruling", "scenario").order_by(
        "position", "pk"
    ):
        checks.setdefault(check.ruling.slug, []).append(
            {"scenario": check.scenario.slug, "check": check.check_name, "row": check.row}
        )
    for path in sorted(root.glob("*.json")):
        entries = read_json(path)
        for entry in entries:
            entry["shown_by"] = checks.get(entry["slug"], [])
        write_json(path, entries)


def _write(path: Path, text: str) -> None:
    # newline="" writes the text byte for byte, as import read it.
    path.write_text(text, encoding="utf-8", newline="")
