"""Where the rulings' content lives, read as plain files (no database)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RULINGS = ROOT / "fixtures" / "rulings"
ARTICLES = ROOT / "fixtures" / "content" / "articles"
SOURCES = ROOT / "fixtures" / "content" / "sources.json"
SCENARIOS = ROOT / "fixtures" / "scenarios"
SEEDS = ROOT / "docs" / "sources" / "seeds"
INVENTORY = SEEDS / "inventory.json"
README = RULINGS / "README.md"


@cache
def rulings_by_article() -> dict[str, list[dict]]:
    """{article key: its rulings in order}, one file per article."""
    return {
        path.stem: json.loads(path.read_text(encoding="utf-8"))
        for path in sorted(RULINGS.glob("*.json"))
    }


def every_ruling() -> list[tuple[str, dict]]:
    return [(key, ruling) for key, rulings in rulings_by_article().items() for ruling in rulings]


@cache
def article(key: str) -> dict:
    return json.loads((ARTICLES / f"{key}.json").read_text(encoding="utf-8"))


@cache
def sources() -> dict[str, dict]:
    return {s["key"]: s for s in json.loads(SOURCES.read_text(encoding="utf-8"))["sources"]}


@cache
def inventory() -> dict:
    return json.loads(INVENTORY.read_text(encoding="utf-8"))
