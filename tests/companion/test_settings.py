"""Settings come from the environment; production refuses to start without a secret key."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_check(**env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("KIBITZ_")}
    return subprocess.run(
        [sys.executable, "manage.py", "check"], cwd=ROOT, env=clean | env, capture_output=True, text=True, timeout=60
    )


def test_debug_off_without_secret_key_refuses_to_start() -> None:
    result = run_check(KIBITZ_DEBUG="0", KIBITZ_ALLOWED_HOSTS="kibitz.example")
    assert result.returncode != 0
    assert "KIBITZ_SECRET_KEY must be set" in result.stderr


def test_development_defaults_need_no_configuration() -> None:
    assert run_check().returncode == 0


def test_production_mode_passes_the_deploy_checks() -> None:
    import secrets

    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        # Not the browser tests' DJANGO_ALLOW_ASYNC_UNSAFE either (tests/e2e/conftest.py): production never sets it.
        env={k: v for k, v in os.environ.items() if not k.startswith("KIBITZ_") and k != "DJANGO_ALLOW_ASYNC_UNSAFE"}
        | {
            "KIBITZ_DEBUG": "0",
            "KIBITZ_SECRET_KEY": secrets.token_urlsafe(50),
            "KIBITZ_ALLOWED_HOSTS": "kibitz.example",
        },
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert "System check identified no issues" in result.stdout
