"""The import's size cap: a table file over 1 MB, uploaded or pasted, is refused with a sentence (413), never
read whole and never a 500."""

from __future__ import annotations

import json

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.http import HttpResponse
from django.test import Client

from companion.models import Table
from tests.companion.conftest import PLAYERS

TOO_LARGE = "That is more than Kibitz takes at once: a table file may be at most 1.0"


def table_file(size: int) -> str:
    """A valid table file padded with spaces to exactly `size` bytes."""
    text = json.dumps({"format": "kibitz/1", "game": "rickety-kate", "players": PLAYERS, "events": []})
    return text + " " * (size - len(text))


def assert_refused(response: HttpResponse) -> None:
    assert response.status_code == 413
    page = response.content.decode()
    assert TOO_LARGE in page and 'name="file"' in page  # the import form again, with the reason
    assert not Table.objects.exists()


@pytest.mark.parametrize("size", [settings.KIBITZ_MAX_UPLOAD + 1, 3 * settings.KIBITZ_MAX_UPLOAD])
def test_an_upload_over_the_cap_is_refused(db: None, size: int) -> None:
    upload = SimpleUploadedFile("table.json", table_file(size).encode())
    assert_refused(Client().post("/import/", {"file": upload}))


@pytest.mark.parametrize("size", [settings.KIBITZ_MAX_UPLOAD + 1, 3 * settings.KIBITZ_MAX_UPLOAD])
def test_pasted_text_over_the_cap_is_refused(db: None, size: int) -> None:
    assert_refused(Client().post("/import/", {"text": table_file(size)}))


def test_a_browser_post_over_the_cap_gets_the_sentence_not_a_bare_400(db: None) -> None:
    """With CSRF checked (as for a browser), the body is refused before the CSRF check reads the form."""
    browser = Client(enforce_csrf_checks=True)
    browser.get("/import/")
    token = browser.cookies["csrftoken"].value
    response = browser.post("/import/", {"csrfmiddlewaretoken": token, "text": table_file(2_000_000)})
    assert_refused(response)


def test_a_file_at_the_cap_is_imported(db: None) -> None:
    upload = SimpleUploadedFile("table.json", table_file(settings.KIBITZ_MAX_UPLOAD).encode())
    assert Client().post("/import/", {"file": upload}).status_code == 302
    assert Table.objects.count() == 1


def test_the_django_limits_back_the_cap_up() -> None:
    assert settings.KIBITZ_MAX_UPLOAD == 1024 * 1024
    assert settings.KIBITZ_MAX_UPLOAD < settings.DATA_UPLOAD_MAX_MEMORY_SIZE <= 2 * settings.KIBITZ_MAX_UPLOAD
    assert settings.FILE_UPLOAD_MAX_MEMORY_SIZE == settings.DATA_UPLOAD_MAX_MEMORY_SIZE
