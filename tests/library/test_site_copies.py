"""The rules library's tests read only the library's own data: what they need of the site's
tree is copied into mahjong_rules/, and here each copy must equal the site's original (edit
the original, then copy it over)."""

from pathlib import Path

import pytest
from mahjong_rules.engine import RULES
from mahjong_rules.engine.nmjl.cards.shipped import DATA as SHIPPED_CARDS

ROOT = Path(__file__).resolve().parents[2]
LIBRARY_DATA = ROOT / "mahjong_rules" / "tests" / "data"
# The contract's master copy of the practice card, where this machine has it.
SHARED_CARD = Path("/work/shared/cards/practice-card-2027.json")

COPIES = [
    (copy, ROOT / "docs" / "contract" / copy.name)
    for copy in sorted((LIBRARY_DATA / "contract").glob("*.md"))
] + [
    (copy, ROOT / "fixtures" / copy.relative_to(LIBRARY_DATA))
    for copy in sorted((LIBRARY_DATA / "scenarios").glob("*.feature"))
    + sorted((LIBRARY_DATA / "scenarios").glob("nl/*.feature"))  # the Dutch twins
]


def test_the_library_has_copies_of_the_contract_and_some_scenario_fixtures():
    names = {copy.name for copy, _ in COPIES}
    assert {"scenario-language.md", "scenario-language-hands.md", "house-rules.feature"} <= names
    assert {"scenario-language-nl.md", "matjok-priority.feature"} <= names


def test_the_library_has_a_copy_of_each_dutch_twin_of_a_fixture_scenario():
    twins = sorted(path.name for path in (ROOT / "fixtures" / "scenarios" / "nl").glob("*.feature"))
    copied = [copy.name for copy, original in COPIES if original.parent.name == "nl"]
    assert twins and copied == twins


@pytest.mark.parametrize(
    "copy, original", COPIES, ids=[str(copy.relative_to(LIBRARY_DATA)) for copy, _ in COPIES]
)
def test_a_library_copy_equals_the_sites_original(copy, original):
    assert original.exists(), f"{original.relative_to(ROOT)} is gone: drop or replace its copy"
    assert copy.read_bytes() == original.read_bytes(), (
        f"{copy.relative_to(ROOT)} differs from {original.relative_to(ROOT)}: copy it over"
    )


@pytest.mark.skipif(not SHARED_CARD.exists(), reason="no shared copy of the card here")
def test_the_shipped_practice_card_is_the_contracts_byte_for_byte():
    shipped = SHIPPED_CARDS / "practice-card-2027.json"
    assert shipped.read_bytes() == SHARED_CARD.read_bytes()


def test_every_article_a_rule_cites_is_written_in_the_sites_content():
    content = ROOT / "fixtures" / "content"
    text = "\n".join(
        path.read_text(errors="replace") for path in content.rglob("*") if path.is_file()
    )
    for article in {rule.article for rule in RULES.values()}:
        assert article in text, f"{article} is not in fixtures/content"
