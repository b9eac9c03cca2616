"""Without Chromium the browser tests skip, unless CI requires them (REQUIRE_BROWSER=1)."""

import pytest

from . import conftest


def test_without_chromium_browser_tests_skip_with_the_reason(monkeypatch):
    monkeypatch.delenv("REQUIRE_BROWSER", raising=False)
    with pytest.raises(pytest.skip.Exception, match="/usr/bin/chromium is not installed"):
        conftest._no_browser("/usr/bin/chromium is not installed")


def test_when_ci_requires_the_browser_its_absence_is_a_failure(monkeypatch):
    monkeypatch.setenv("REQUIRE_BROWSER", "1")
    with pytest.raises(pytest.fail.Exception, match="REQUIRE_BROWSER=1"):
        conftest._no_browser("/usr/bin/chromium is not installed")
