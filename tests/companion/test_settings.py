"""Settings come from the environment; production refuses to start without a secret key."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.test import Client, override_settings
from django.urls import clear_url_caches

from companion.settings import env_bool

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


# -- yes-or-no variables ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "meant"),
    [
        ("1", True),
        ("0", False),
        ("TRUE", True),
        ("False", False),
        (" yes ", True),
        ("No", False),
        ("on", True),
        ("OFF", False),
    ],
)
def test_a_yes_or_no_variable_takes_the_documented_words(
    monkeypatch: pytest.MonkeyPatch, value: str, meant: bool
) -> None:
    monkeypatch.setenv("KIBITZ_SOMETHING", value)
    assert env_bool("KIBITZ_SOMETHING", not meant) is meant


def test_an_unset_yes_or_no_variable_is_its_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("KIBITZ_SOMETHING", raising=False)
    assert env_bool("KIBITZ_SOMETHING", True) is True and env_bool("KIBITZ_SOMETHING", False) is False


@pytest.mark.parametrize("value", ["ture", "2", "", "y", "enabled"])
def test_any_other_word_stops_with_the_variable_and_the_value(monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    monkeypatch.setenv("KIBITZ_SSL_REDIRECT", value)
    with pytest.raises(ImproperlyConfigured, match=f"KIBITZ_SSL_REDIRECT={value!r} is not a yes or no"):
        env_bool("KIBITZ_SSL_REDIRECT", True)


def test_a_typo_in_production_stops_the_start() -> None:
    """KIBITZ_SSL_REDIRECT=ture used to switch the HTTPS redirect off; now Kibitz does not start."""
    result = run_check(
        KIBITZ_DEBUG="0",
        KIBITZ_SECRET_KEY="x" * 50,
        KIBITZ_ALLOWED_HOSTS="kibitz.example",
        KIBITZ_SSL_REDIRECT="ture",
    )
    assert result.returncode != 0
    assert "ImproperlyConfigured: KIBITZ_SSL_REDIRECT='ture' is not a yes or no" in result.stderr


# -- the admin site -----------------------------------------------------------------------------------


@pytest.fixture
def urls_with_admin() -> Iterator[Callable[[bool], None]]:
    """Build companion.urls again with KIBITZ_ADMIN on or off; the usual URLs come back afterwards."""
    import companion.urls

    def build(admin: bool) -> None:
        with override_settings(KIBITZ_ADMIN=admin):
            importlib.reload(companion.urls)
        clear_url_caches()

    yield build
    importlib.reload(companion.urls)
    clear_url_caches()


def test_admin_is_not_mounted_by_default(db: None, client: Client) -> None:
    assert settings.KIBITZ_ADMIN is False
    assert client.get("/admin/").status_code == 404
    assert client.get("/admin/login/").status_code == 404


def test_admin_is_mounted_only_when_asked_for(db: None, client: Client, urls_with_admin) -> None:
    urls_with_admin(True)
    assert client.get("/admin/").status_code == 302  # to its login page
    assert client.get("/admin/login/").status_code == 200
    urls_with_admin(False)
    assert client.get("/admin/login/").status_code == 404


def test_the_admin_setting_comes_from_the_environment() -> None:
    script = "import django; django.setup(); from django.conf import settings; print(settings.KIBITZ_ADMIN)"
    clean = {k: v for k, v in os.environ.items() if not k.startswith("KIBITZ_")}
    for value, shown in (("1", "True"), (None, "False")):
        env = clean | {"DJANGO_SETTINGS_MODULE": "companion.settings"} | ({"KIBITZ_ADMIN": value} if value else {})
        result = subprocess.run(
            [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
        )
        assert result.stdout.strip() == shown, result.stderr
