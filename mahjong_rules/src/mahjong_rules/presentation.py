"""How a scenario's result is drawn: its parsed form, with a mark and verdict per step.

Plain data (no Django), built from the Gherkin document and the runner's FeatureResult, so
the article section, the scenario page and the editor's live check read a result alike.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Final, NotRequired, TypedDict

from gherkin.parser_types import Background, Scenario, Step, TableRow

from mahjong_rules import plain
from mahjong_rules.engine.tiles import TileNotationError, parse_tile, tile_name
from mahjong_rules.scenarios.document import Child, Document, Feature
from mahjong_rules.scenarios.registry import TILE_PATTERN
from mahjong_rules.scenarios.results import (
    FeatureResult,
    Problem,
    ScenarioResult,
    Status,
    StepResult,
)

# Every status gets a mark and a word: the mark is never the only signal (nor is colour).
MARKS: Final[dict[Status, tuple[str, str]]] = {
    Status.PASSED: ("✓", "passed"),
    Status.DIFFERS: ("≠", "differs"),
    Status.SKIPPED: ("–", "skipped"),
    Status.UNDEFINED: ("?", "undefined"),
    Status.FAILED: ("✗", "failed"),
    Status.PARSE_ERROR: ("✗", "parse error"),
}
PASSING: Final = {Status.PASSED, Status.DIFFERS}

_TILE_TOKEN: Final = re.compile(rf"(?<![\w<])({TILE_PATTERN})(?![\w>])")


def tile_code(token: str) -> str | None:
    """The short code ("7D", "WD") for a tile as written ("7 Dots", "Soap"), or None."""
    try:
        return parse_tile(token).code
    except TileNotationError:
        return None


@dataclass
class Part:
    """A piece of step text: plain words, or a tile drawn as a picture with its name."""

    text: str
    tile: str | None = None  # the short code when this part is a tile

    @property
    def name(self) -> str:
        return tile_name(self.tile) if self.tile else self.text


def split_tiles(text: str) -> list[Part]:
    """Step text cut into words and tiles, so tiles can be drawn as pictures. A tile's name
    inside an option key stays a word of the key (read later as the option's title)."""
    parts: list[Part] = []
    position = 0
    keys = plain.option_key_spans(text)
    for match in _TILE_TOKEN.finditer(text):
        code = tile_code(match.group(1))
        if code is None or any(start <= match.start() < end for start, end in keys):
            continue
        if match.start() > position:
            parts.append(Part(text[position : match.start()]))
        parts.append(Part(match.group(1), code))
        position = match.end()
    if position < len(text):
        parts.append(Part(text[position:]))
    return parts


@dataclass
class Mark:
    status: Status

    @property
    def symbol(self) -> str:
        return MARKS[self.status][0]

    @property
    def label(self) -> str:
        return MARKS[self.status][1]

    @property
    def css(self) -> str:
        return self.status.name.lower().replace("_", "-")

    @property
    def reader(self) -> str:
        """The state in a reader's words ("confirmed"); `label` is the engine's, for authors."""
        return plain.state_word(self.status)


@dataclass
class VerdictView:
    verdict: str  # "allowed" / "refused"
    rule: str | None
    article: str | None
    reason: str | None
    consequence: str | None = None
    title: str = ""  # the cited article as readers name it ("Article 6 Changing an exposure")
    url: str = ""

    @property
    def word(self) -> str:
        """ "Allowed" or "Not allowed"."""
        return plain.verdict_word(self.verdict)


@dataclass
class StepView:
    line: int
    keyword: str
    parts: list[Part]
    mark: Mark | None
    verdicts: list[VerdictView] = field(default_factory=list)  # one, or one per outline row
    message: str | None = None
    suggestions: list[str] = field(default_factory=list)
    data_table: list[list[list[Part]]] | None = None

    @property
    def plain_parts(self) -> list[Part]:
        """The step's words for a reader: an option's key reads as its title."""
        return [Part(plain.with_option_titles(p.text)) if not p.tile else p for p in self.parts]


@dataclass
class RowView:
    line: int
    cells: list[list[Part]]
    mark: Mark
    verdicts: list[VerdictView] = field(default_factory=list)
    message: str | None = None


@dataclass
class ExamplesView:
    keyword: str
    name: str
    header: list[str]
    rows: list[RowView]


@dataclass
class BlockView:
    """A Background, Scenario or Scenario Outline, as written."""

    keyword: str
    name: str
    line: int
    tags: list[str]
    steps: list[StepView]
    mark: Mark | None
    examples: list[ExamplesView] = field(default_factory=list)
    because: list[str] = field(default_factory=list)
    runs: list[ScenarioResult] = field(default_factory=list)  # the runs of this block
    all_tags: set[str] = field(default_factory=set)  # its own, its Rule's and its Examples' tags

    @property
    def ruling(self) -> VerdictView | None:
        """The verdict the situation ends with (its last step's that has one), as a light
        check on an article's page says it; None for an outline, whose rows rule apart."""
        if self.examples:
            return None
        verdicts = [v for step in self.steps for v in step.verdicts]
        return verdicts[-1] if verdicts else None


@dataclass
class FeatureView:
    name: str
    description: str
    tags: list[str]
    blocks: list[BlockView]
    problems: list[Problem]
    mark: Mark
    statuses: list[Status]  # one per check: each scenario, each outline row
    source_lines: list[str] = field(default_factory=list)  # shown when it does not parse
    left_out: int = 0  # scenarios not shown: tagged for other articles only

    @property
    def summary(self) -> str:
        return counted(len(self.statuses), self.statuses)

    @property
    def reader_summary(self) -> str:
        return plain.states_summary(self.statuses)

    @property
    def first_line(self) -> int | None:
        """Where its checks start in the text (its first block that is not a Background):
        a light check on an article's page links to that place on the scenario's page."""
        lines = [block.line for block in self.blocks if block.keyword != "Background"]
        return lines[0] if lines else None

    @property
    def passed(self) -> bool:
        """Every check passed (or differs, as written for League rules): nothing to look into."""
        return self.mark.status in PASSING


def name_articles(view: FeatureView, titles: dict[str, tuple[str, str]]) -> None:
    """Give each verdict its article's title and page, as `checks.article_titles` found them
    (a key with no published article keeps no title: the reader sees the reason alone)."""
    keys = re.compile(
        r"(?<![\w-])(" + "|".join(map(re.escape, titles)) + r")(?![\w-])" if titles else r"(?!)"
    )
    for block in view.blocks:
        for step in block.steps:
            # "the ruling cites nmjl-6" reads "the ruling cites Article 6 Changing an exposure"
            step.parts = [
                Part(keys.sub(lambda m: titles[m.group(1)][0], p.text)) if not p.tile else p
                for p in step.parts
            ]
        verdicts = [v for step in block.steps for v in step.verdicts]
        verdicts += [v for table in block.examples for row in table.rows for v in row.verdicts]
        for verdict in verdicts:
            if verdict.article is not None:
                verdict.title, verdict.url = titles.get(verdict.article, ("", ""))
            else:
                verdict.title, verdict.url = "", ""


def _verdict(step: StepResult) -> VerdictView | None:
    if not step.verdict:
        return None
    return VerdictView(step.verdict, step.rule, step.article, step.reason, step.consequence)


def _table(rows: list[TableRow]) -> list[list[list[Part]]]:
    return [[split_tiles(cell["value"]) for cell in row["cells"]] for row in rows]


def _steps_by_line(
    runs: Iterable[ScenarioResult], background: bool = False
) -> dict[int, list[StepResult]]:
    """line → the results of the steps run there, over these runs: their own steps, or for a
    Background each distinct run of it once (the scenarios that ran it share one list)."""
    by_line: dict[int, list[StepResult]] = {}
    lists: Iterable[list[StepResult]]
    if background:
        lists = {id(run.background): run.background for run in runs}.values()
    else:
        lists = [run.own_steps for run in runs]
    for steps in lists:
        for step in steps:
            by_line.setdefault(step.line, []).append(step)
    return by_line


class _Runs:
    """The runs of a text indexed by where they come from, so each block and row finds its
    own in one look-up (scanning every run for each row cost rows × runs)."""

    def __init__(self, results: Iterable[ScenarioResult]) -> None:
        self.by_example_line: dict[int, list[ScenarioResult]] = {}
        self.by_line: dict[int, list[ScenarioResult]] = {}
        for run in results:
            if run.example_line is not None:
                self.by_example_line.setdefault(run.example_line, []).append(run)
            else:
                self.by_line.setdefault(run.line, []).append(run)

    def of_row(self, line: int) -> list[ScenarioResult]:
        """The runs of one Examples row (the runner marks them with the row's line)."""
        return self.by_example_line.get(line) or self.by_line.get(line, [])

    def of_scenario(self, line: int) -> list[ScenarioResult]:
        return self.by_line.get(line, [])


def _step_view(node: Step, by_line: dict[int, list[StepResult]]) -> StepView:
    """A step drawn once, from every run that passed through its line (outline rows…)."""
    line = node["location"]["line"]
    ran = by_line.get(line, [])
    table = node.get("dataTable")
    view = StepView(
        line=line,
        keyword=node["keyword"].strip(),
        parts=split_tiles(node["text"]),
        mark=Mark(Status.worst(s.status for s in ran)) if ran else None,
        data_table=_table(table["rows"]) if table else None,
    )
    for step in ran:
        verdict = _verdict(step)
        if verdict and verdict not in view.verdicts:
            view.verdicts.append(verdict)
        if step.message and not view.message:
            view.message, view.suggestions = step.message, list(step.suggestions)
    return view


def _row(row: TableRow, runs: _Runs) -> RowView:
    line = row["location"]["line"]
    ran = runs.of_row(line)
    status = Status.worst(s.status for s in ran) if ran else Status.SKIPPED
    # The row's own steps: a Background's verdicts are drawn once, on the Background.
    verdicts = [v for s in ran for step in s.own_steps if (v := _verdict(step))]
    messages = [s.message for s in ran] + [st.message for s in ran for st in s.own_steps]
    cells = [split_tiles(cell["value"]) for cell in row["cells"]]
    return RowView(line, cells, Mark(status), verdicts, next(filter(None, messages), None))


def _background_block(node: Background, runs: list[ScenarioResult]) -> BlockView:
    """A Background (it runs in every scenario), drawn from the runs of the scenarios shown."""
    return _block(node, "Background", runs, background=True)


def _scenario_block(node: Scenario, runs: _Runs) -> BlockView:
    """A Scenario, or an Outline with its rows, drawn from its own runs among the text's."""
    examples = [
        ExamplesView(
            keyword=table["keyword"],
            name=table.get("name", ""),
            header=[c["value"] for c in (table.get("tableHeader") or {}).get("cells", [])],
            rows=[_row(row, runs) for row in table.get("tableBody", [])],
        )
        for table in node.get("examples", [])
    ]
    if examples:
        ran = [s for table in examples for row in table.rows for s in runs.of_row(row.line)]
    else:
        ran = runs.of_scenario(node["location"]["line"])
    tags = [t["name"] for t in node.get("tags", [])]
    return _block(
        node,
        node["keyword"],
        ran,
        examples=examples,
        tags=tags,
        all_tags=set(tags)
        | {t["name"] for table in node.get("examples", []) for t in table.get("tags", [])},
    )


def _block(
    node: Background | Scenario,
    keyword: str,
    ran: list[ScenarioResult],
    *,
    background: bool = False,
    examples: list[ExamplesView] | None = None,
    tags: list[str] | None = None,
    all_tags: set[str] | None = None,
) -> BlockView:
    """A block's steps, each marked by the runs that passed through its line."""
    by_line = _steps_by_line(ran, background)
    return BlockView(
        keyword=keyword,
        name=node.get("name", ""),
        line=node["location"]["line"],
        tags=tags or [],
        steps=[_step_view(step, by_line) for step in node["steps"]],
        mark=Mark(Status.worst(s.status for s in ran)) if ran else None,
        examples=examples or [],
        because=sorted({b for s in ran for b in s.because}),
        runs=ran,
        all_tags=all_tags or set(),
    )


def _children(feature: Feature) -> Iterator[tuple[Child, set[str], str | None]]:
    """Each Background and Scenario, with the tags of the Rule it sits in (its scenarios
    inherit them, as in Gherkin) and that Rule's id; none and None outside a Rule."""
    for child in feature.get("children", []):
        if "rule" in child:
            rule_tags = {t["name"] for t in child["rule"].get("tags", [])}
            for rule_child in child["rule"].get("children", []):
                yield rule_child, rule_tags, child["rule"].get("id")
        else:
            yield child, set(), None


def build(
    text: str, document: Document | None, result: FeatureResult, article_key: str | None = None
) -> FeatureView:
    """The drawing of one scenario text; `document` is its parsed Gherkin (None if broken).

    For an article's page (`article_key`), a feature not tagged for that article as a whole
    shows only its scenarios tagged for it (with the Background they run after).
    """
    scenarios = list(result.scenarios)
    feature = document.get("feature") if document else None
    if not feature:
        # A text that runs nothing (it does not parse) still counts as one check that fails.
        every = [s.status for s in scenarios] or [result.status]
        return FeatureView(
            name=result.name or "",
            description="",
            tags=[],
            blocks=[],
            problems=list(result.problems),
            mark=Mark(result.status),
            statuses=every,
            source_lines=text.splitlines(),
        )
    feature_tags = [t["name"] for t in feature.get("tags", [])]
    children = list(_children(feature))
    indexed = _Runs(scenarios)
    blocks: dict[int, BlockView] = {}
    for child, rule_tags, _rule in children:
        if "scenario" in child:
            blocks[id(child)] = block = _scenario_block(child["scenario"], indexed)
            block.all_tags |= rule_tags
    shown = list(blocks.values())
    tag = f"@article:{article_key}" if article_key else None
    if tag and tag not in feature_tags:
        shown = [block for block in shown if tag in block.all_tags] or shown
    shown_ids = {id(block) for block in shown}
    runs = [run for block in shown for run in block.runs]
    # A Rule's Background is drawn from its own scenarios' runs (reading every run for each
    # of many Rules would cost Rules × runs); the Feature's from all of them.
    runs_in_rule: dict[str | None, list[ScenarioResult]] = {}
    for child, _tags, rule in children:
        if id(child) in blocks and id(blocks[id(child)]) in shown_ids:
            runs_in_rule.setdefault(rule, []).extend(blocks[id(child)].runs)
    drawn: list[BlockView] = []
    for child, _tags, rule in children:
        if "background" in child:
            ran = runs if rule is None else runs_in_rule.get(rule, [])
            drawn.append(_background_block(child["background"], ran))
        elif id(child) in blocks and id(blocks[id(child)]) in shown_ids:
            drawn.append(blocks[id(child)])
    statuses = [run.status for run in runs]
    if not statuses and result.problems:
        statuses = [result.status]
    return FeatureView(
        name=feature.get("name", ""),
        description=(feature.get("description") or "").strip(),
        tags=feature_tags,
        blocks=drawn,
        problems=list(result.problems),
        mark=Mark(Status.worst(statuses)) if statuses else Mark(result.status),
        statuses=statuses,
        left_out=len(blocks) - len(shown),
    )


def counted(checks: int, statuses: Collection[Status]) -> str:
    """ "14 checks, 14 pass", or "14 checks, 12 pass, 1 failed, 1 undefined"."""
    passing = sum(1 for status in statuses if status in PASSING)
    words = [f"{checks} check{'s' if checks != 1 else ''}", f"{passing} pass"]
    for status in Status:
        count = sum(1 for s in statuses if s == status)
        if count and status not in PASSING:
            words.append(f"{count} {MARKS[status][1]}")
    return ", ".join(words)


class _Marks(TypedDict):
    """What one line gathers. Messages, suggestions and verdicts are kept in
    insertion-ordered dicts: an outline's step line may gather a different message from
    each of thousands of rows."""

    statuses: set[Status]
    messages: dict[str, None]
    suggestions: dict[str, None]
    verdicts: dict[tuple[str, str | None, str | None], None]  # (verdict, rule, article)
    table: str | None  # the table the line's step first failed at, in notation


class VerdictEntry(TypedDict):
    verdict: str
    rule: str | None
    article: str | None


class _Shown(TypedDict):
    line: int
    messages: list[str]
    suggestions: NotRequired[list[str]]
    verdicts: NotRequired[list[VerdictEntry]]
    table: NotRequired[str]  # for its author: where the line's step failed, in notation


class LineEntry(_Shown):
    """One line of the editor's report."""

    status: str
    mark: str
    label: str


class LineReport(TypedDict):
    status: str
    summary: str
    lines: list[LineEntry]


def line_report(result: FeatureResult) -> LineReport:
    """For the editor: per line, the worst mark, verdicts and messages found there."""
    lines: dict[int, _Marks] = {}

    def at(line: int) -> _Marks:
        return lines.setdefault(
            line,
            {"statuses": set(), "messages": {}, "suggestions": {}, "verdicts": {}, "table": None},
        )

    for problem in result.problems:
        entry = at(problem.line)
        entry["statuses"].add(Status.PARSE_ERROR)
        entry["messages"][problem.message] = None
    steps: list[StepResult] = []
    backgrounds: dict[int, list[StepResult]] = {}  # each distinct run of a Background once
    for scenario in result.scenarios:
        entry = at(scenario.example_line or scenario.line)
        entry["statuses"].add(scenario.status)
        if scenario.message:
            entry["messages"][scenario.message] = None
        backgrounds.setdefault(id(scenario.background), scenario.background)
        steps.extend(scenario.own_steps)
    for background in backgrounds.values():
        steps.extend(background)
    for step in steps:
        entry = at(step.line)
        entry["statuses"].add(step.status)
        if step.message:
            entry["messages"][step.message] = None
        entry["suggestions"].update(dict.fromkeys(step.suggestions))
        if step.verdict:
            entry["verdicts"][(step.verdict, step.rule, step.article)] = None
        if step.status == Status.FAILED and step.table and entry["table"] is None:
            entry["table"] = step.table  # an outline's line may fail in many rows: the first
    report: list[LineEntry] = []
    for line in sorted(lines):
        entry = lines[line]
        status = Status.worst(entry["statuses"])
        symbol, label = MARKS[status]
        shown: _Shown = {"line": line, "messages": list(entry["messages"])}
        if entry["suggestions"]:
            shown["suggestions"] = list(entry["suggestions"])
        if entry["verdicts"]:
            shown["verdicts"] = [
                {"verdict": verdict, "rule": rule, "article": article}
                for verdict, rule, article in entry["verdicts"]
            ]
        if entry["table"]:
            shown["table"] = entry["table"]
        report.append({**shown, "status": str(status), "mark": symbol, "label": label})
    return {
        "status": str(result.status),
        "summary": summary_for_result(result),
        "lines": report,
    }


def summary_for_result(result: FeatureResult) -> str:
    every = [s.status for s in result.scenarios] or [result.status]
    return counted(len(every), every)
