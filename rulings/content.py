"""The scenarios' part of import_content / export_content: one `.feature` file per scenario.

Layout under the content folder: ``scenarios/<slug>.feature``, the text exactly as stored.
The slug is the file name, the title the Feature's name, and the article links follow the
text's ``@article:`` tags (see scenario_store). Import saves only what really changed, so
importing twice writes no history; it never deletes a scenario missing from the folder (an
editor may have written it on the site).
"""

from pathlib import Path

from rulings.models import Scenario
from rulings.scenario_store import article_keys, articles_for_keys, linked_text, parsed

SUBFOLDER = "scenarios"


def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def _linked_articles(scenario):
    """The links a save would give it: those of the version readers see (a draft's last
    clean version), so re-importing an unchanged draft writes nothing."""
    return articles_for_keys(article_keys(linked_text(scenario)))[0]


def import_content(folder: Path, stdout) -> None:
    files = sorted((Path(folder) / SUBFOLDER).glob("*.feature"))
    existing = {s.slug: s for s in Scenario.objects.prefetch_related("articles")}
    created = changed = 0
    for path in files:
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
        scenario = existing.get(path.stem)
        if scenario is None:
            scenario = Scenario(slug=path.stem, **fields)
            created += 1
        elif all(getattr(scenario, k) == v for k, v in fields.items()) and {
            a.pk for a in scenario.articles.all()
        } == {a.pk for a in _linked_articles(scenario)}:
            continue
        else:
            for name, value in fields.items():
                setattr(scenario, name, value)
            changed += 1
        scenario._change_reason = f"Imported from {fields['source_file']}"
        scenario.save()  # the Scenario signals link it to the articles its tags name
        if scenario.is_draft:
            stdout.write(
                f"  {path.name}: does not run clean; saved as a draft (see /scenarios/drafts/)"
            )
    stdout.write(
        f"Scenarios: {len(files)} files, {created} new, {changed} changed, "
        f"{len(files) - created - changed} unchanged"
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
