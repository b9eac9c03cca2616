"""The rules library's test helpers that the site's tests use too: the small fake phrase
registry (to run scenarios without the engine) and the contract's worked examples (read
from the library's copy of docs/contract, which tests/library/test_site_copies.py keeps
equal to the site's). They live with the library's tests, outside the installed package."""

import sys
from pathlib import Path

LIBRARY_TESTS = Path(__file__).resolve().parents[2] / "mahjong_rules" / "tests"
for folder in (LIBRARY_TESTS, LIBRARY_TESTS / "scenarios"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

from fake_engine import DEFAULTS, REGISTRY, new_world  # noqa: E402  (needs the path above)
from test_contract_hands import worked_examples  # noqa: E402

__all__ = ["DEFAULTS", "REGISTRY", "new_world", "worked_examples"]
