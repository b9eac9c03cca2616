"""The rule sets are listed (RULE_SETS), each listing its rules: nothing registers by import."""

import importlib
import inspect
import pkgutil

import pytest
from mahjong_rules.engine import RULE_SET, RULE_SETS, RULES, Table
from mahjong_rules.engine.tiles import TILE_SETS


def _modules_of(package):
    yield package
    for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        yield importlib.import_module(info.name)


@pytest.mark.parametrize("rule_set", RULE_SETS, ids=lambda rule_set: rule_set.key)
def test_every_rule_written_in_a_rule_sets_package_is_in_its_list(rule_set):
    package = importlib.import_module(rule_set.judge.__module__.rsplit(".", 1)[0])
    written = {
        func
        for module in _modules_of(package)
        for _name, func in inspect.getmembers(module, inspect.isfunction)
        if func.__module__ == module.__name__ and hasattr(func, "article")
    }
    assert written - set(rule_set.rules) == set()
    assert set(rule_set.rules) - written == set()


def test_the_rules_by_name_are_every_rule_sets_rules_and_nothing_else():
    listed = [rule for rule_set in RULE_SETS for rule in rule_set.rules]
    assert len(RULES) == len(listed)
    assert set(RULES.values()) == set(listed)


def test_each_rule_set_has_its_tiles_and_a_table_that_names_it():
    for rule_set in RULE_SETS:
        assert RULE_SET[rule_set.key] is rule_set
        assert rule_set.key in TILE_SETS
        assert Table.new(rule_set.key).ruleset_name == rule_set.name


def test_only_the_rule_sets_options_are_read_under_it():
    nmjl, matjok = RULE_SET["nmjl"], RULE_SET["matjok"]
    assert "touched-tile-is-taken" in nmjl.options
    assert matjok.options == ()
