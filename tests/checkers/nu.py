"""The Nu Html Checker (vnu.jar from npm, pinned in package.json; `make checkers` installs it).

One Java start-up costs seconds, so every page goes through one invocation.
"""

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
VNU_JAR = ROOT / "node_modules" / "vnu-jar" / "build" / "dist" / "vnu.jar"


def _cannot_run(reason):
    if os.environ.get("REQUIRE_BROWSER") == "1":
        pytest.fail(f"REQUIRE_BROWSER=1 but the Nu Html Checker cannot run: {reason}")
    pytest.skip(f"Nu Html Checker skipped: {reason} (make checkers installs it)")


def java_and_jar():
    """The java command and the jar, or a skip (a failure when REQUIRE_BROWSER=1) saying why."""
    java = shutil.which("java")
    if java is None:
        _cannot_run("java is not installed")
    if not VNU_JAR.is_file():
        _cannot_run(f"{VNU_JAR.relative_to(ROOT)} is missing")
    return java, VNU_JAR


def errors_in(paths):
    """The checker's errors over these HTML files: a list of (file name, line, message)."""
    java, jar = java_and_jar()
    run = subprocess.run(
        [java, "-jar", str(jar), "--format", "json", "--exit-zero-always", *map(str, paths)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    # The JSON report goes to standard error; anything else there is a broken run.
    report = json.loads(run.stderr)
    return [
        (Path(message.get("url", "")).name, message.get("lastLine"), message["message"])
        for message in report["messages"]
        if message["type"] == "error" or message.get("subType") == "fatal"
    ]
