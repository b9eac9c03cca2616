"""Lighthouse and pa11y (npm, pinned in package.json; `make checkers` installs them), each run
by its script beside this module over every page in one Node process with Debian's Chromium."""

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
CHROMIUM = "/usr/bin/chromium"
# The oldest Node each pinned package runs on (its package.json "engines"); Debian 12's own
# nodejs is 18, too old for pa11y 9.
NODE_AT_LEAST = {"lighthouse": 18, "pa11y": 20}


def _cannot_run(reason):
    if os.environ.get("REQUIRE_BROWSER") == "1":
        pytest.fail(f"REQUIRE_BROWSER=1 but the outside checkers cannot run: {reason}")
    pytest.skip(f"Outside checker skipped: {reason} (make checkers installs it)")


def node_with(package):
    """The node command, once the npm package and Chromium are there; else a skip saying why."""
    node = shutil.which("node")
    if node is None:
        _cannot_run("node is not installed")
    version = subprocess.run([node, "--version"], capture_output=True, text=True).stdout
    major = int(version.strip().lstrip("v").split(".")[0] or 0)
    if major < NODE_AT_LEAST[package]:
        _cannot_run(
            f"{package} needs Node {NODE_AT_LEAST[package]} or later, not {version.strip()}"
        )
    if not (ROOT / "node_modules" / package / "package.json").is_file():
        _cannot_run(f"node_modules/{package} is missing")
    if not os.access(CHROMIUM, os.X_OK):
        _cannot_run(f"{CHROMIUM} is not installed")
    return node


def run(package, script, *arguments, timeout=240):
    """The JSON the script prints, run with its package's node_modules from the project root."""
    node = node_with(package)
    finished = subprocess.run(
        [node, str(HERE / script), *arguments],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
        env={**os.environ, "CHROME_PATH": CHROMIUM, "PUPPETEER_SKIP_DOWNLOAD": "1"},
    )
    assert finished.returncode == 0, finished.stderr[-3000:]
    return json.loads(finished.stdout)


def lighthouse(categories, urls):
    return run("lighthouse", "lighthouse.mjs", ",".join(categories), *urls)


def pa11y(urls):
    return run("pa11y", "pa11y.mjs", *urls)
