"""The scenarios' part of import_content / export_content: one `.feature` file per scenario.

Layout under the content folder: ``scenarios/<slug>.feature``, the text exactly as stored.
The slug is the file name, the title the Feature's name, and the article links follow the
text's ``@article:`` tags (see scenario_store). Import saves only what really changed, so
importing twice writes no history; a scenario changed on the site since the last import is
kept (articles.imports), and one missing from the folder is never deleted.
"""

from pathlib import Path

from articles.imports import ContentImport
from rulings.models import Scenario
from rulings.scenario_store import articles_for_keys, parsed

SUBFOLDER = "scenarios"


def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def import_content(folder: Path, stdout, imports: ContentImport | None = None) -> None:
    imports = imports or ContentImport(str(folder))
    files = sorted((Path(folder) / SUBFOLDER).glob("*.feature"))
    existing = {s.slug: s for s in Scenario.objects.prefetch_related("articles")}
    with imports.part("Scenarios", stdout):
        for path in files:
            _import_scenario(path, existing.get(path.stem), imports, stdout)


def _import_scenario(path, scenario, imports, stdout):
    text = _read(path)
    parse = parsed(text)  # once: the save's signals read the same parse
    fields = {
        "title": (parse.title or path.stem)[:200],
        "text": text,
        "source_file": f"{SUBFOLDER}/{path.name}",
    }
    articles, unknown = articles_for_keys(parse.article_keys)
    if unknown:
        stdout.write(f"  {path.name}: no article has the key {', '.join(unknown)}; not linked")
    unchanged = scenario is not None and all(getattr(scenario, k) == v for k, v in fields.items())
    if unchanged and {a.pk for a in scenario.articles.all()} != {a.pk for a in articles}:
        # An article its tags name was imported since: the links follow the unchanged text.
        scenario._change_reason = imports.reason
        scenario.save()
        imports.updated += 1
    # Saving links it to the articles its tags name (the Scenario signals).
    imports.save(
        scenario or Scenario(slug=path.stem), path.stem, fields, f"scenario {fields['title']}"
    )


def export_content(folder: Path, stdout) -> None:
    target = Path(folder) / SUBFOLDER
    target.mkdir(parents=True, exist_ok=True)
    scenarios = list(Scenario.objects.all())
    for scenario in scenarios:
        # newline="" writes the text byte for byte, as import read it.
        (target / f"{scenario.slug}.feature").write_text(
            scenario.text, encoding="utf-8", newline=""
        )
    stdout.write(f"Scenarios: {len(scenarios)} written to {target}")
