"""The scenario fixtures in fixtures/scenarios: enough of them, linked to the seed articles,
quoting the seeds they check, and every one passing against the rules engine.

The last test is the evidence that the engine enforces every rule on both sides: each rule
function that decides verdicts is shown allowing and refusing by some passing fixture scenario.

Pure Python: these tests need no database.
"""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from functools import cache
from pathlib import Path

import pytest
from gherkin.parser import Parser
from gherkin.pickles.compiler import Compiler
from gherkin.token_scanner import TokenScanner

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "fixtures" / "scenarios"
ENGINE = ROOT / "mahjong_rules" / "src" / "mahjong_rules" / "engine"
# The seed documents the scenarios quote: the project's primary sources, kept in the tree.
SEEDS = ROOT / "docs" / "sources" / "seeds"

# The five articles written from the seeds, with the seed each comes from.
ARTICLE_KEYS = {
    "nmjl-exposure-answer",  # seed 000: adding to an exposure
    "nmjl-calling",  # seed 001: when can you call a tile
    "matjok-claiming",  # seed 002: Matjok claiming tiles
    "nmjl-6",  # seed 003: changing an exposure (Article 6)
    "nmjl-205",  # seed 004: wrong number of tiles (Article 205)
    # Part two of the scenario language: stubs written from the rules reference, their
    # scenarios quoting the seed sentences they check all the same.
    "nmjl-card",
    "nmjl-mah-jongg",
    "nmjl-charleston",
    "nmjl-wall",
}
MINIMUM_SCENARIOS = 60
SEED_COMMENT = re.compile(r'^\s*#\s*Seed (\d{3}): "(.+)"\s*$')


def feature_files() -> list[Path]:
    return sorted(FIXTURES.glob("*.feature"))


@cache
def gherkin_document(path: Path) -> dict:
    document = Parser().parse(TokenScanner(path.read_text(encoding="utf-8")))
    document["uri"] = str(path.relative_to(ROOT))
    return document


def pickles(path: Path) -> list[dict]:
    """The scenarios of a file as Gherkin runs them: one per Examples row of an outline."""
    return Compiler().compile(gherkin_document(path))


def scenario_definitions(path: Path) -> list[dict]:
    """Every Scenario / Scenario Outline written in the file (inside Rules too)."""
    found = []
    for child in gherkin_document(path)["feature"]["children"]:
        if "scenario" in child:
            found.append(child["scenario"])
        for grandchild in child.get("rule", {}).get("children", []):
            if "scenario" in grandchild:
                found.append(grandchild["scenario"])
    return found


def article_keys(tags: list[dict] | list[str]) -> set[str]:
    names = [tag["name"] if isinstance(tag, dict) else tag for tag in tags]
    return {name.split(":", 1)[1] for name in names if name.startswith("@article:")}


def every_pickle() -> list[tuple[Path, dict]]:
    return [(path, pickle) for path in feature_files() for pickle in pickles(path)]


def test_the_fixture_folder_holds_at_least_sixty_scenario_checks():
    count = len(every_pickle())
    assert count >= MINIMUM_SCENARIOS, f"{count} scenarios in {FIXTURES}; want {MINIMUM_SCENARIOS}"


@pytest.mark.parametrize("path", feature_files(), ids=lambda p: p.name)
def test_each_fixture_file_is_one_feature_with_scenarios(path):
    document = gherkin_document(path)
    assert document.get("feature"), f"{path.name} has no Feature"
    assert scenario_definitions(path), f"{path.name} has no scenarios"


@pytest.mark.parametrize("path", feature_files(), ids=lambda p: p.name)
def test_each_fixture_file_parses_without_the_traps_the_parser_lets_through(path):
    # The runner's own parser reports what gherkin-official silently accepts: misspelt
    # keywords read as description, scenarios with no steps, empty Examples, unknown
    # <placeholders>. With the real phrases loaded it also knows what reads like a step.
    parsing = pytest.importorskip("mahjong_rules.scenarios.parsing")
    try:
        from mahjong_rules.scenarios.phrasebook import REGISTRY
    except ImportError:
        REGISTRY = None
    parsed = parsing.parse_text(path.read_text(encoding="utf-8"), path.name, REGISTRY)
    problems = [f"{path.name}:{p.line}: {p.message}" for p in parsed.problems]
    assert not problems, "\n".join(problems)


def test_every_scenario_links_to_an_article_written_from_the_seeds():
    unlinked, unknown = [], []
    for path, pickle in every_pickle():
        keys = article_keys(pickle["tags"])
        where = f"{path.name}: {pickle['name']}"
        if not keys:
            unlinked.append(where)
        if keys - ARTICLE_KEYS:
            unknown.append(f"{where} links to {sorted(keys - ARTICLE_KEYS)}")
    assert not unlinked, "scenarios with no @article: tag:\n" + "\n".join(unlinked)
    assert not unknown, "unknown article keys:\n" + "\n".join(unknown)


def test_every_seed_article_has_scenario_checks():
    linked = set()
    for _path, pickle in every_pickle():
        linked |= article_keys(pickle["tags"])
    assert linked >= ARTICLE_KEYS, f"no scenario links to {sorted(ARTICLE_KEYS - linked)}"


def seed_quotes(path: Path) -> dict[int, list[tuple[int, str]]]:
    """For each scenario line: the (seed number, quoted sentence) comments just above it."""
    lines = path.read_text(encoding="utf-8").splitlines()
    quotes = {}
    for scenario in scenario_definitions(path):
        line = min(
            [scenario["location"]["line"]] + [t["location"]["line"] for t in scenario["tags"]]
        )
        found = []
        index = line - 2  # the line above, 0-based
        while index >= 0 and lines[index].strip().startswith("#"):
            match = SEED_COMMENT.match(lines[index])
            if match:
                found.append((int(match.group(1)), match.group(2)))
            index -= 1
        quotes[scenario["location"]["line"]] = found
    return quotes


def test_every_scenario_quotes_the_seed_sentence_it_checks():
    missing = [
        f"{path.name}:{line}"
        for path in feature_files()
        for line, found in seed_quotes(path).items()
        if not found
    ]
    assert not missing, 'scenarios without a # Seed NNN: "..." comment:\n' + "\n".join(missing)


def _letters(text: str) -> str:
    # Seeds were scraped from web pages: compare words only, not spacing, quotes or bullets.
    return re.sub(r"[^a-z0-9]", "", text.lower())


def test_every_seed_quote_is_really_in_that_seed():
    assert SEEDS.is_dir(), f"the seed documents are not at {SEEDS}"
    seeds = {int(p.name[:3]): _letters(p.read_text(encoding="utf-8")) for p in SEEDS.glob("*.txt")}
    wrong = []
    for path in feature_files():
        for line, found in seed_quotes(path).items():
            for number, quote in found:
                # "..." in a quote leaves words out: each part must be in the seed.
                parts = [_letters(part) for part in re.split(r"\.\.\.|…", quote)]
                if number not in seeds or not all(part in seeds[number] for part in parts):
                    wrong.append(f"{path.name}:{line}: seed {number:03d} does not say {quote!r}")
    assert not wrong, "\n".join(wrong)


# --- against the engine -----------------------------------------------------------------


@cache
def fixture_results():
    """Run every fixture file under League rules: {file name: FeatureResult}."""
    runner = pytest.importorskip("mahjong_rules.scenarios.runner")
    pytest.importorskip("mahjong_rules.scenarios.steps")
    return {
        path.name: runner.run_text(path.read_text(encoding="utf-8"), path.name)
        for path in feature_files()
    }


def _why(feature, scenario) -> str:
    bad = [step for step in scenario.steps if step.status not in ("passed", "skipped")]
    if not bad and scenario.message:
        return f"  {feature.uri}:{scenario.line} {scenario.name}: {scenario.message}"
    lines = [f"  {feature.uri}:{scenario.line} {scenario.name} [{scenario.status}]"]
    for step in bad:
        verdict = (
            f" (verdict: {step.verdict} by {step.rule}, {step.article})" if step.verdict else ""
        )
        lines.append(
            f"    line {step.line}: {step.keyword.strip()} {step.text} -> {step.status}: "
            f"{step.message}{verdict}"
        )
    return "\n".join(lines)


def test_every_fixture_scenario_passes_under_league_rules():
    failures = []
    count = 0
    for feature in fixture_results().values():
        for problem in feature.problems:
            failures.append(f"  {feature.uri}:{problem.line}: {problem.message}")
        for scenario in feature.scenarios:
            count += 1
            if scenario.status != "passed":
                failures.append(_why(feature, scenario))
    assert count >= MINIMUM_SCENARIOS
    assert not failures, f"{len(failures)} of {count} scenarios did not pass:\n" + "\n".join(
        failures
    )


def _rule_names(node: ast.AST, rules, aliases) -> set[str]:
    """Rule names an expression can stand for: `rule`, `a or b`, `a if c else b`, and names
    bound to rules (`decided_by = rule`, a dict of rules and its `[key]` or `.get(key)`)."""
    if isinstance(node, ast.Name):
        return ({node.id} & set(rules)) | aliases.get(node.id, set())
    if isinstance(node, ast.BoolOp):
        return set().union(*(_rule_names(value, rules, aliases) for value in node.values))
    if isinstance(node, ast.IfExp):
        return _rule_names(node.body, rules, aliases) | _rule_names(node.orelse, rules, aliases)
    if isinstance(node, ast.Subscript):
        return _rule_names(node.value, rules, aliases)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        names = _rule_names(node.func.value, rules, aliases)
        return names | set().union(*(_rule_names(arg, rules, aliases) for arg in node.args))
    if isinstance(node, ast.Dict):
        return set().union(*(_rule_names(value, rules, aliases) for value in node.values))
    return set()


def _aliases(tree: ast.Module, rules) -> dict[str, set[str]]:
    """Variables a module binds to rules, by name (over-approximate: any binding counts)."""
    aliases: dict[str, set[str]] = defaultdict(set)
    for _ in range(2):  # twice, so an alias of an alias resolves
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign):
                names = _rule_names(node.value, rules, aliases)
                for target in node.targets:
                    if isinstance(target, ast.Name) and names:
                        aliases[target.id] |= names
    return aliases


def rule_sides() -> dict[str, set[str]]:
    """Every rule of the engine, with the verdicts ("allowed", "refused") it can decide.

    Rules are the functions registered with ``@rule(article)`` (``rulebook.RULES``). The
    sides come from the engine's source: a rule refuses where it is passed to ``require``
    (or ``require_present``),
    ``Refused`` or ``_mistake``, and allows where it is passed to ``allow`` or names an
    allowed verdict by its ``__name__`` (the grounds for declaring a hand dead). A rule found
    in neither way is held to both sides.
    """
    pytest.importorskip("mahjong_rules.engine.nmjl")
    from mahjong_rules.engine import RULES

    sides: dict[str, set[str]] = {name: set() for name in RULES}
    for path in sorted(ENGINE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        aliases = _aliases(tree, RULES)
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr == "__name__":
                for name in _rule_names(node.value, RULES, aliases):
                    sides[name].add("allowed")
            if not isinstance(node, ast.Call) or not node.args:
                continue
            callee = node.func.id if isinstance(node.func, ast.Name) else ""
            if callee == "allow":
                for name in _rule_names(node.args[0], RULES, aliases):
                    sides[name].add("allowed")
            elif callee in ("require", "require_present", "Refused"):
                for name in _rule_names(node.args[0], RULES, aliases):
                    sides[name].add("refused")
            elif callee == "_mistake":
                for arg in node.args:
                    for name in _rule_names(arg, RULES, aliases):
                        sides[name].add("refused")
    for found in sides.values():
        if not found:  # reached some other way: hold it to both sides
            found |= {"allowed", "refused"}
    return sides


def test_every_engine_rule_is_shown_on_each_side_by_a_passing_fixture_scenario():
    rules = rule_sides()
    assert rules, "found no rules in mahjong_rules/src/mahjong_rules/engine"
    shown = defaultdict(set)
    for feature in fixture_results().values():
        for scenario in feature.scenarios:
            if scenario.status != "passed":
                continue
            for step in scenario.steps:
                if step.rule and step.verdict:
                    shown[step.rule].add(step.verdict)
    unshown = [name for name, sides in sorted(rules.items()) if not shown[name]]
    missing = [
        f"  {name}: no passing scenario shows it {side}"
        for name, sides in sorted(rules.items())
        for side in sorted(sides - shown[name])
    ]
    assert not unshown, f"rules no passing fixture scenario shows deciding: {unshown}"
    assert not missing, "rule sides not shown by the fixtures:\n" + "\n".join(missing)


def league_options() -> dict[str, bool]:
    pytest.importorskip("mahjong_rules.engine.options")
    from mahjong_rules.engine.options import default_options

    return default_options()


@pytest.mark.parametrize(
    "option",
    [
        "touched-tile-is-taken",
        "joker-exchange-locks-exposure",
        "one-joker-exchange-at-a-time",
        "courtesy-pass",
    ],
)
def test_each_house_rule_makes_some_league_scenario_rule_differently(option):
    # The tournament pages show which League scenario checks a house rule changes; the
    # fixtures must give every option at least one, and name that option as the cause.
    runner = pytest.importorskip("mahjong_rules.scenarios.runner")
    pytest.importorskip("mahjong_rules.scenarios.steps")
    flipped = {option: not league_options()[option]}
    differing = []
    for path in feature_files():
        feature = runner.run_under(path.read_text(encoding="utf-8"), path.name, flipped)
        for scenario in feature.scenarios:
            assert scenario.status in ("passed", "differs"), _why(feature, scenario)
            if scenario.status == "differs":
                assert scenario.because == [option], (scenario.name, scenario.because)
                differing.append(scenario.name)
    assert differing, f'no League fixture scenario rules differently under "{option}" flipped'
