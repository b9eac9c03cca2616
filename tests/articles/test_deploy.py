"""Production settings pass Django's deployment checklist (README: Running in production)."""

import os
import secrets
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_manage(*args, **env):
    environment = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith("DJANGO_") and key != "PYTEST_XDIST_WORKER"
    }
    environment.update(env)
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_check_deploy_passes_with_debug_off_and_a_real_secret_key():
    result = run_manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
        DJANGO_ALLOWED_HOSTS="rulings.example.org",
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_check_deploy_fails_with_a_weak_secret_key():
    result = run_manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DJANGO_SECRET_KEY="too-short",
        DJANGO_ALLOWED_HOSTS="rulings.example.org",
    )
    assert result.returncode != 0
    assert "security.W009" in result.stderr + result.stdout


def test_without_a_secret_key_production_refuses_to_start():
    result = run_manage("check", DJANGO_ALLOWED_HOSTS="rulings.example.org")
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY must be set" in result.stderr
