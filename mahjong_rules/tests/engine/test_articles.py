"""Every article a verdict can cite is one of the articles the rules are written in (the site
checks that its content writes each of them: tests/library/test_site_copies.py)."""

from mahjong_rules.engine import RULES
from mahjong_rules.engine.options import OPTIONS

ARTICLES = {
    "nmjl-6",
    "nmjl-205",
    "nmjl-calling",
    "nmjl-exposure-answer",
    "matjok-claiming",
    # part two of the scenario language
    "nmjl-card",
    "nmjl-mah-jongg",
    "nmjl-charleston",
    "nmjl-wall",
}


def test_every_rule_cites_one_of_the_written_articles():
    assert len(RULES) > 50
    for name, rule in RULES.items():
        assert rule.article in ARTICLES, f"{name} cites {rule.article}"
        assert rule.__doc__, f"{name} has no docstring quoting its rule"
    for option in OPTIONS.values():
        assert option.article in ARTICLES
