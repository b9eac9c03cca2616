"""A small, self-contained phrase registry and world, so the runner is tested on its own.

It mimics the real steps just enough: a few scene, action and check phrases, rule options
on top of defaults (a scenario's own `Given the house rule …` wins), and the engine's
Verdict for every action.
"""

from __future__ import annotations

from mahjong_rules.engine.verdicts import Verdict
from mahjong_rules.scenarios.registry import Registry, StepFailed

DEFAULTS = {
    "touched-tile-is-taken": False,
    "loud-calls": False,
    "strict-east": False,
    "strict-west": False,
}


class World:
    def __init__(self, options=None):
        self.options = {**DEFAULTS, **(options or {})}
        self.counts = {"East": 14, "South": 13, "West": 13, "North": 13}
        self.touched = False
        self.last_verdict = None
        self.calls = []


def new_world(options=None):
    unknown = sorted(set(options or {}) - set(DEFAULTS))
    if unknown:
        raise StepFailed(f"Unknown rule option {unknown[0]!r}; known: {', '.join(DEFAULTS)}.")
    return World(options)


def build_registry() -> Registry:
    registry = Registry()

    @registry.given("{seat} has {n} tiles", example="South has 13 tiles")
    def set_count(world, seat, n):
        world.counts[seat] = n

    @registry.given('the house rule "{name}"', example='the house rule "touched-tile-is-taken"')
    def option_on(world, name):
        if name not in DEFAULTS:
            raise StepFailed(f"There is no rule option {name!r}.")
        world.options[name] = True

    @registry.given('the house rule "{name}" is off', example='the house rule "loud-calls" is off')
    def option_off(world, name):
        world.options[name] = False

    @registry.given("{seat} is ready", example="East is ready")
    def ready(world, seat):
        pass

    @registry.given("East is {word}", example="East is first")
    def east_is(world, word):
        pass

    @registry.given("it is {seat}'s turn", example="it is North's turn")
    def set_turn(world, seat):
        world.turn = seat

    @registry.then("it is {seat}'s turn", example="it is North's turn")
    def check_turn(world, seat):
        if getattr(world, "turn", "East") != seat:
            raise StepFailed(f"It is {getattr(world, 'turn', 'East')}'s turn, not {seat}'s.")

    @registry.when("{seat} touches the called tile", example="South touches the called tile")
    def touch(world, seat):
        world.touched = True
        if world.options["touched-tile-is-taken"]:
            verdict = Verdict(True, "touched_tile_is_taken", "nmjl-205", "Touching commits.")
        else:
            verdict = Verdict(True, "touching_is_not_commitment", "nmjl-205", "Only a touch.")
        world.last_verdict = verdict
        return verdict

    @registry.when("{seat} withdraws the call", example="South withdraws the call")
    def withdraw(world, seat):
        if world.touched and world.options["touched-tile-is-taken"]:
            verdict = Verdict(False, "touched_tile_is_taken", "nmjl-205", "It was touched.")
        else:
            verdict = Verdict(True, "call_may_be_withdrawn", "nmjl-205", "Not yet racked.")
        world.last_verdict = verdict
        return verdict

    @registry.when("{seat} declares Mah Jongg", example="East declares Mah Jongg")
    def declare(world, seat):
        if world.options["strict-east"] or world.options["strict-west"]:
            verdict = Verdict(False, "strict_declaration", "nmjl-6", "Strict.", "Dead hand.")
        else:
            verdict = Verdict(True, "declaration_allowed", "nmjl-6", "Fine.")
        world.last_verdict = verdict
        return verdict

    @registry.when("these calls are made:", example="these calls are made:", table=("seat", "call"))
    def calls(world, rows):
        world.calls = rows
        verdict = Verdict(True, "priority", "nmjl-calling", f"{len(rows)} calls.")
        world.last_verdict = verdict
        return verdict

    @registry.then("that is allowed", example="that is allowed")
    def is_allowed(world):
        if world.last_verdict is None or not world.last_verdict.allowed:
            raise StepFailed(f"Expected allowed, but it was {world.last_verdict}.")

    @registry.then("that is refused", example="that is refused")
    def is_refused(world):
        if world.last_verdict is None or world.last_verdict.allowed:
            raise StepFailed(f"Expected refused, but it was {world.last_verdict}.")

    @registry.then("the ruling cites {word}", example="the ruling cites nmjl-205")
    def cites(world, key):
        if world.last_verdict is None or world.last_verdict.article != key:
            raise StepFailed(f"The ruling cites {world.last_verdict.article}, not {key}.")

    @registry.then("{seat} has {n} tiles", example="South has 13 tiles")
    def check_count(world, seat, n):
        if world.counts[seat] != n:
            raise StepFailed(f"{seat} has {world.counts[seat]} tiles, not {n}.")

    @registry.then("{int} calls were made", example="2 calls were made")
    def calls_made(world, n):
        if len(world.calls) != n:
            raise StepFailed(f"{len(world.calls)} calls were made, not {n}.")

    @registry.then("the table collapses", example="the table collapses")
    def collapses(world):
        return 1 / 0

    return registry


REGISTRY = build_registry()


def run(text, uri="test.feature", options=None):
    """run_text with the fake registry and worlds."""
    from mahjong_rules.scenarios.runner import run_text

    return run_text(text, uri, options, registry=REGISTRY, world_factory=new_world)


def run_under(text, options, uri="test.feature"):
    """run_under with the fake registry, worlds and option defaults."""
    from mahjong_rules.scenarios.runner import run_under as real_run_under

    return real_run_under(
        text, uri, options, registry=REGISTRY, world_factory=new_world, defaults=DEFAULTS
    )
