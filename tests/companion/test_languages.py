"""French and Spanish beside English and German: every word of the frame and of each game that has French and
Spanish words is translated with the same placeholders, and a phone picks the language the way it picks German
(its Accept-Language, or Django's language cookie), for the frame, a game's words and its rules page."""

from __future__ import annotations

import ast
import json
import re
import runpy
from collections.abc import Iterator
from html import unescape
from io import StringIO
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import Client
from django.utils import translation
from django.utils.translation import trans_real

from companion import checks as game_checks
from companion.models import Table
from games import registry
from games.rules import folder_of, read
from tests.companion.conftest import PLAYERS, hand, msgids_in
from tests.companion.test_views import HTMX, new_table_form, quick

REPO = Path(__file__).resolve().parents[2]
GAMES = REPO / "games"
WORDS = REPO / "companion" / "locale" / "words"
NEW = ("fr", "es")
# %(name)s / %(n)+d / %(x)r, {name} (kibitz.js fills those) and HTML tags must come through a translation unchanged
TOKEN = re.compile(r"%\(\w+\)[-+ #0-9.]*[a-zA-Z]|\{\w+\}|</?[a-zA-Z][^>]*>")
IN_CORE = ("rickety_kate",)  # games whose words live in words/<lang>/core.py, not in a file of their own


@pytest.fixture(autouse=True)
def _english_afterwards() -> Iterator[None]:
    yield
    translation.deactivate()  # a French request leaves its language active in this thread


def text(response) -> str:
    """The page as a reader sees it: entities undone, no-break spaces as spaces."""
    return unescape(response.content.decode()).replace("\u00a0", " ").replace("\u202f", " ")


def tokens(message: str) -> list[str]:
    return sorted(set(TOKEN.findall(message)))  # a name said twice in English may be said once


def _translated_games(lang: str) -> list[Path]:
    """games/'s own modules, and each game package whose words exist in `lang` (another helper's game joins once
    its words/<lang>/<module>.py is there)."""
    packages = [p for p in sorted(GAMES.iterdir()) if p.is_dir() and (p / "__init__.py").is_file()]
    return [GAMES] + [p for p in packages if p.name in IN_CORE or (WORDS / lang / f"{p.name}.py").is_file()]


def game_msgids(lang: str) -> dict[str, str]:
    """msgid -> its plural ("" for none), of every game `lang` has words for."""
    found: dict[str, str] = {}
    for root in _translated_games(lang):
        for path in root.glob("*.py") if root == GAMES else root.rglob("*.py"):
            found |= msgids_in(path)
    return found


def german_areas(lang: str) -> dict[str, dict[str, str]]:
    """The German words of each area (core, a game) that also has a `lang` file: what `lang` must cover too."""
    return {
        path.stem: runpy.run_path(str(path))["WORDS"]
        for path in sorted((WORDS / "de").glob("*.py"))
        if (WORDS / lang / path.name).is_file()
    }


def catalogue(lang: str) -> dict[str, str]:
    return trans_real.translation(lang)._catalog


def po_msgids(lang: str) -> set[str]:
    """The msgids makemessages found in the code for `lang`'s .po (its #~ entries, gone from the code, aside)."""
    found: set[str] = set()
    current: list[str] | None = None
    for line in (REPO / "companion" / "locale" / lang / "LC_MESSAGES" / "django.po").read_text("utf-8").splitlines():
        if line.startswith("msgid "):
            current = [ast.literal_eval(line[6:])]
        elif line.startswith('"') and current is not None:
            current.append(ast.literal_eval(line))
        else:
            if current is not None and line.startswith("msgstr"):
                found.add("".join(current))
            current = None
    return found - {""}


@pytest.mark.parametrize("lang", NEW)
def test_the_new_languages_are_offered(lang: str) -> None:
    assert lang in dict(settings.LANGUAGES)
    assert (REPO / "companion" / "locale" / lang / "LC_MESSAGES" / "django.mo").is_file()


@pytest.mark.parametrize("lang", NEW)
def test_every_game_word_is_translated_with_the_same_placeholders(lang: str) -> None:
    words = catalogue(lang)
    msgids = game_msgids(lang)
    assert len(msgids) > 100  # the walk really finds them
    forms = {m: game_checks.translations(words, m, plural) for m, plural in msgids.items()}
    missing = sorted(m for m, found in forms.items() if found is None)
    assert missing == [], f"add them to companion/locale/words/{lang}/ and run bin/translations {lang}"
    wrong = [m for m, found in forms.items() if any(tokens(f) != tokens(msgids[m] or m) for f in found or ())]
    assert wrong == []


@pytest.mark.parametrize("lang", NEW)
def test_every_frame_word_german_has_is_translated_too(lang: str) -> None:
    words, live = catalogue(lang), po_msgids(lang)  # words German still keeps for a msgid gone from the code aside
    areas = german_areas(lang)
    assert "core" in areas and len(areas["core"]) > 300
    for area, every in areas.items():
        german = [m for m in every if m in live]
        missing = sorted(m for m in german if m not in words)
        assert missing == [], f"{area}: run bin/translations {lang}"
        assert [m for m in german if tokens(words[m]) != tokens(m)] == [], area


@pytest.mark.parametrize("lang", NEW)
def test_a_words_file_keeps_placeholders_and_changes_the_text(lang: str) -> None:
    """The source of the catalogue: every entry keeps its placeholders, and the long ones are really translated."""
    for path in sorted((WORDS / lang).glob("*.py")):
        for msgid, msgstr in runpy.run_path(str(path))["WORDS"].items():
            for form in msgstr if isinstance(msgstr, tuple) else (msgstr,):  # a tuple: one per plural form
                assert form.strip(), (path.name, msgid)
                assert tokens(form) == tokens(msgid), (path.name, msgid)
                if len(re.findall(r"[A-Za-z]{3,}", TOKEN.sub("", msgid))) >= 6:
                    assert form != msgid, (path.name, msgid)


# -- the frame and a game at a French or Spanish phone ---------------------------------------------------------

HOME = {"fr": ("Nouvelle table", "Suivre une table"), "es": ("Nueva mesa", "Seguir una mesa")}
TABLE = {
    "fr": ("Défaire", "Partager", "Vérifier les coups", "Historique", "Main 2 : Ben donne."),
    "es": ("Deshacer", "Compartir", "Revisar jugadas", "Historial", "Mano 2: reparte Ben."),
}
ENGLISH = ("Undo", "Share", "Check plays", "Nothing recorded yet", "Ben deals")


@pytest.mark.parametrize("lang", NEW)
def test_the_home_page_follows_accept_language(client: Client, db: None, lang: str) -> None:
    for header in (lang, f"{lang}-{lang.upper()}", f"{lang}-419,{lang};q=0.9,en;q=0.5"):
        page = client.get("/", HTTP_ACCEPT_LANGUAGE=header)
        assert f'<html lang="{lang}">' in page.content.decode()
        assert all(words in text(page) for words in HOME[lang])
        assert "New table" not in text(page)


@pytest.mark.parametrize("lang", NEW)
def test_the_language_cookie_picks_the_language_as_for_german(client: Client, db: None, lang: str) -> None:
    """With no Accept-Language in the language (a phone set to English), Django's language cookie chooses it."""
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = lang
    page = client.get("/", HTTP_ACCEPT_LANGUAGE="en-US,en;q=0.9")
    assert f'<html lang="{lang}">' in page.content.decode() and HOME[lang][0] in text(page)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"
    assert "Neuer Tisch" in text(client.get("/", HTTP_ACCEPT_LANGUAGE="en-US,en;q=0.9"))


@pytest.mark.parametrize("lang", NEW)
def test_the_table_page_is_in_the_language(client: Client, table: Table, lang: str) -> None:
    assert client.post(f"/t/{table.code}/record/hand/", quick(Ana=13)).status_code == 302
    page = text(client.get(f"/t/{table.code}/", HTTP_ACCEPT_LANGUAGE=lang))
    assert all(words in page for words in TABLE[lang]), [w for w in TABLE[lang] if w not in page]
    assert not [words for words in ENGLISH if re.search(rf"\b{words}\b", page)]


REFUSAL = {
    "fr": "les cœurs font 12 au total, mais 13 sont en jeu",
    "es": "los corazones suman 12, pero hay 13 en juego",
}


@pytest.mark.parametrize("lang", NEW)
def test_a_refusal_and_a_flag_read_in_the_language(client: Client, table: Table, lang: str) -> None:
    refused = client.post(f"/t/{table.code}/record/hand/", quick(Ana=4, Ben=8), **HTMX, HTTP_ACCEPT_LANGUAGE=lang)
    assert refused.status_code == 400 and REFUSAL[lang] in text(refused)
    for leader, cards in ((0, ("2C", "3C", "4C", "5H")), (3, ("6C", "2D", "3D", "4D"))):  # Dan revokes
        data = {"leader": str(leader)} | {f"card-{i}": c for i, c in enumerate(cards)}
        assert client.post(f"/t/{table.code}/record/trick/", data, **HTMX).status_code == 200
    checked = text(client.get(f"/t/{table.code}/check/", HTTP_ACCEPT_LANGUAGE=lang))
    flag = {
        "fr": "Pli 1 de la main 1 : Dan a joué 5♥ sur une entame à trèfle en ayant 6♣ en main (joué plus tard).",
        "es": "Baza 1 de la mano 1: Dan jugó 5♥ sobre una salida de tréboles teniendo 6♣ (jugada después).",
    }[lang]
    assert flag in checked
    assert {"fr": "Fournir", "es": "Asistir al palo"}[lang] in checked  # the rule's title, from the rules file


@pytest.mark.parametrize("lang", NEW)
def test_the_new_table_form_and_its_refusal(client: Client, db: None, lang: str) -> None:
    form = text(client.get("/new/rickety-kate/", HTTP_ACCEPT_LANGUAGE=lang))
    assert {"fr": "Règles maison", "es": "Reglas de la casa"}[lang] in form
    response = client.post("/new/rickety-kate/", new_table_form("Ana", "Ana", "Cleo"), HTTP_ACCEPT_LANGUAGE=lang)
    said = {"fr": "Ana figure deux fois à la table", "es": "Ana aparece dos veces en la mesa"}[lang]
    assert response.status_code == 400 and said in text(response)
    assert not Table.objects.exists()


@pytest.mark.parametrize("lang", NEW)
def test_the_rules_page_is_in_the_language_with_every_anchor(client: Client, db: None, lang: str) -> None:
    page = client.get("/rules/rickety-kate/", HTTP_ACCEPT_LANGUAGE=lang)
    english = client.get("/rules/rickety-kate/", HTTP_ACCEPT_LANGUAGE="en")
    anchors = re.findall(r'<section id="([^"]+)" class="rule">', english.content.decode())
    assert anchors and all(f'id="{a}"' in page.content.decode() for a in anchors)
    title = {"fr": "Rickety Kate en bref", "es": "Rickety Kate de un vistazo"}[lang]
    assert title in text(page) and "at a glance" not in text(page)


def test_the_commands_still_print_english(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    data = {"format": "kibitz/1", "game": "rickety-kate", "players": PLAYERS, "events": [hand(Ana=2)]}
    path.write_text(json.dumps(data), encoding="utf-8")
    for lang in NEW:
        err = StringIO()
        with translation.override(lang), pytest.raises(SystemExit):
            call_command("score", str(path), stderr=err)
        assert err.getvalue().strip() == "event 0: the hearts add up to 2, but 13 are in play"


SEEDS = REPO.parent / "shared" / "seeds"
RUN = 6  # words in a row: more than a shared card-game phrase ("sur le plateau de thé")


def _runs(text: str) -> set[tuple[str, ...]]:
    words = re.findall(r"[\w♣♦♥♠]+", text.lower())
    return {tuple(words[i : i + RUN]) for i in range(len(words) - RUN + 1)}


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the seed texts are not next to the repository")
def test_french_and_spanish_rules_pages_are_our_own_words() -> None:
    """Hats' seeds are French and Spanish: the rules pages carry their facts over, never a sentence of theirs."""
    seeds = set().union(*(_runs(path.read_text(encoding="utf-8")) for path in SEEDS.glob("*.txt")))
    pages = [path for lang in NEW for path in sorted(GAMES.glob(f"*/rules/{lang}.txt"))]
    assert len(pages) >= 2
    for path in pages:
        copied = _runs(path.read_text(encoding="utf-8")) & seeds
        assert not copied, f"{path}: {' '.join(sorted(copied)[0])}"


@pytest.mark.parametrize("lang", NEW)
@pytest.mark.parametrize("slug", sorted(registry.GAMES))
def test_every_rules_section_is_in_the_language(slug: str, lang: str) -> None:
    """A French or Spanish rules page shows no English: every section English has, with its reading where English
    gives one, comes from the language's own file."""
    page = registry.get(slug).rules(lang)
    assert page and [s["anchor"] for s in page if s["lang"] != lang] == []
    english = {s["anchor"]: s for s in registry.get(slug).rules("en")}
    own = {s.anchor: s for s in read(folder_of(registry.get(slug)), lang)}
    assert [a for a, s in english.items() if (s["reading"] is None) != (own[a].reading is None)] == []


@pytest.mark.django_db
def test_the_picker_at_the_foot_of_every_page_switches_the_language(client: Client) -> None:
    """A phone set to English can still show a French table: the footer's picker (Django's set_language)."""
    home = client.get("/").content.decode()
    assert 'action="/i18n/setlang/"' in home and '<option value="fr" lang="fr">Français</option>' in home
    assert client.post("/i18n/setlang/", {"language": "fr", "next": "/"}).status_code == 302
    french = client.get("/").content.decode()
    assert '<html lang="fr">' in french and '<option value="fr" lang="fr" selected>' in french
