"""Search sits above what it indexes: it reads articles and rulings, they never read it."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def imports_of(app: str):
    """(file, module, names) for every import in an app's Python files."""
    for path in sorted((ROOT / app).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    yield path.relative_to(ROOT), alias.name, ()
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                yield path.relative_to(ROOT), node.module, tuple(a.name for a in node.names)


def in_package(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


@pytest.mark.parametrize("app", ["articles", "rulings"])
def test_the_apps_search_indexes_never_import_search(app):
    found = [
        (str(path), module) for path, module, _ in imports_of(app) if in_package(module, "search")
    ]
    assert found == []


def test_articles_imports_only_the_pure_library_of_rulings():
    pure = ("mahjong_rules.engine", "mahjong_rules.scenarios")
    found = [
        (str(path), module)
        for path, module, _ in imports_of("articles")
        if in_package(module, "rulings") and not any(in_package(module, p) for p in pure)
    ]
    assert found == []


def test_search_uses_only_public_names_of_the_apps_it_indexes():
    found = [
        (str(path), module, name)
        for path, module, names in imports_of("search")
        if in_package(module, "articles") or in_package(module, "rulings")
        for name in names
        if name.startswith("_")
    ]
    assert found == []
