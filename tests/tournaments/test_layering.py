"""Tournaments sit above rulings: they listen to scenario saves, rulings never calls them."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def imported_modules(path):
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.module


def test_no_module_of_rulings_imports_tournaments():
    offenders = [
        f"{path.relative_to(ROOT)}: {module}"
        for path in sorted((ROOT / "rulings").rglob("*.py"))
        for module in imported_modules(path)
        if module == "tournaments" or module.startswith("tournaments.")
    ]
    assert offenders == []


def test_nothing_named_tournament_is_left_at_the_top_of_rulings():
    assert sorted(p.name for p in (ROOT / "rulings").glob("tournament*")) == []


def test_the_layering_check_would_see_an_import_of_tournaments(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("import os\nfrom tournaments.matrix import published_rules\n")
    assert list(imported_modules(sample)) == ["os", "tournaments.matrix"]
