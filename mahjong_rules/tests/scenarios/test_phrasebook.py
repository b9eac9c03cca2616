"""The scenario language's phrases come from an explicit list of step modules."""

import importlib
import pkgutil

import mahjong_rules.scenarios as scenarios
from mahjong_rules.scenarios.phrasebook import PHRASE_MODULES, REGISTRY


def test_every_module_with_phrases_is_in_the_phrasebooks_list():
    with_phrases = {
        module
        for info in pkgutil.iter_modules(scenarios.__path__, scenarios.__name__ + ".")
        if hasattr(module := importlib.import_module(info.name), "PHRASES")
    }
    assert with_phrases == set(PHRASE_MODULES)


def test_the_registry_holds_each_modules_phrases_in_the_listed_order():
    listed = [phrase for module in PHRASE_MODULES for phrase in module.PHRASES.phrases()]
    assert REGISTRY.phrases() == listed
    assert len({(p.keyword, p.text) for p in listed}) == len(listed)
