"""The examples in the package's docstrings run as written (as `--doctest-modules` would run
them, but over the installed package, so they run the same in the site's suite and in a
fresh virtualenv with the package installed from a wheel)."""

import doctest
import importlib
import pkgutil

import pytest

import mahjong_rules

MODULES = sorted(
    found.name for found in pkgutil.walk_packages(mahjong_rules.__path__, "mahjong_rules.")
)
WITH_EXAMPLES = [
    name
    for name in MODULES
    if any(test.examples for test in doctest.DocTestFinder().find(importlib.import_module(name)))
]


def test_the_package_has_docstring_examples_to_run():
    assert {"mahjong_rules.engine", "mahjong_rules.scenarios.runner"} <= set(WITH_EXAMPLES)


@pytest.mark.parametrize("name", WITH_EXAMPLES)
def test_a_modules_docstring_examples_run_as_written(name):
    module = importlib.import_module(name)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in doctest.DocTestFinder().find(module):
        runner.run(test)
    assert runner.failures == 0, f"{runner.failures} of {runner.tries} examples in {name} failed"
