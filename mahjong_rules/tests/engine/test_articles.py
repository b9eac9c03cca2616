"""Every article a verdict can cite is one the content fixtures write."""

from pathlib import Path

from rulings.engine import RULES
from rulings.engine.options import OPTIONS

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
CONTENT = Path(__file__).resolve().parents[2] / "fixtures" / "content"


def test_every_rule_cites_one_of_the_written_articles():
    assert len(RULES) > 50
    for name, rule in RULES.items():
        assert rule.article in ARTICLES, f"{name} cites {rule.article}"
        assert rule.__doc__, f"{name} has no docstring quoting its rule"
    for option in OPTIONS.values():
        assert option.article in ARTICLES


def test_every_cited_article_is_in_the_content_fixtures_when_they_exist():
    if not CONTENT.exists():
        return  # the content helper's fixtures have not landed; the list above stands in
    text = "\n".join(
        path.read_text(errors="replace") for path in CONTENT.rglob("*") if path.is_file()
    )
    for article in {rule.article for rule in RULES.values()}:
        assert article in text, f"{article} is not in fixtures/content"
