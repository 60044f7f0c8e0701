"""Your box: the group's White Hat cards and board, entered once on the phone and kept as a preset.

The pursuit values of 3 to 13 are an assumption until the group confirms them against its own cards, and no board
is shipped (RULES-NOTES §1.2, §1.6), so the first White Hat table of a group asks for both here. A table copies the
options it starts with, so editing the box later never changes a game already played.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from companion import groups, i18n, services, throttle, waits
from companion.models import Group, Preset
from games.base import InvalidOptions
from games.white_hat import GAME
from games.white_hat.board import ABILITIES, MAX_FIELDS
from games.white_hat.notation import DEFAULT_PURSUIT, WHITE_HAT_FACES

ASSUMED = tuple(str(n) for n in range(3, 14))  # the ranks no public source confirms
BLANK_ROWS = 3
MORE_ROWS = 5


def before_new_table(group: Group | None, preset: Preset | None) -> tuple[str, str] | None:
    """The step above the new-table form (companion.entries.before_new_table): confirm the box, later edit it."""
    url = reverse("white_hat_box")
    if preset is not None:
        return f"{url}?preset={preset.pk}", _("Edit your box: pursuit values and board")
    if group is not None and group.presets.filter(game=GAME.slug).exists():
        return None
    return url, _("First White Hat table here? Confirm your cards' pursuit values and enter your board once.")


def default_preset(group: Group | None) -> Preset | None:
    """What a new White Hat table starts from (companion.entries.default_preset): the group's box, newest first,
    since its cards and board are the group's own; "Rulebook" on the form still starts without it."""
    return group.presets.filter(game=GAME.slug).order_by("-pk").first() if group is not None else None


def box(request: HttpRequest) -> HttpResponse:
    group = groups.current(request)
    preset = groups.preset(group, GAME.slug, request.GET.get("preset", ""))
    options: dict[str, Any] = dict(preset.options) if preset else {}
    if request.method != "POST":
        return _page(request, preset, _form_from(options), rows=len(options.get("board") or []) + BLANK_ROWS)
    form = request.POST
    rows = _row_count(form)
    if "more" in form:
        return _page(request, preset, form, rows=rows + MORE_ROWS)
    try:
        chosen = options | _read(form, rows)
        if not chosen.get("board"):
            chosen.pop("board", None)
        GAME.options(chosen, ["A", "B"])
    except (InvalidOptions, ValueError) as exc:
        message = i18n.tr(exc.message) if isinstance(exc, InvalidOptions) else str(exc)
        return _page(request, preset, form, rows=rows, error=message, status=400)
    if group is None:
        if refused := throttle.attempt(throttle.CREATE, request):
            here = _("Too many new groups and tables from here for now. Try again in %(wait)s.")
            response = _page(request, preset, form, rows=rows, error=waits.too_many_tables(refused, here), status=429)
            return waits.retry_after(response, refused.wait)
        group = Group.objects.create()
        groups.add(request, group)
    saved = services.save_preset(group, GAME.slug, preset.name if preset else _("Our box"), chosen)
    return redirect(f"{reverse('new_table', args=[GAME.slug])}?preset={saved.pk}")


def _form_from(options: dict[str, Any]) -> QueryDict:
    form = QueryDict(mutable=True)
    pursuit = DEFAULT_PURSUIT | dict(options.get("pursuit") or {})
    for face in WHITE_HAT_FACES:
        form[f"pursuit-{face}"] = str(pursuit[face])
    if "pursuit" in options:
        form["confirmed"] = "1"
    for i, field in enumerate(options.get("board") or []):
        form[f"name-{i}"] = field.get("name", "")
        form[f"value-{i}"] = str(field.get("value", 0))
        form[f"ability-{i}"] = field.get("ability") or ""
        if "next" in field:
            form[f"next-{i}"] = " ".join(str(n) for n in field["next"])
    form["rows"] = str(len(options.get("board") or []) + BLANK_ROWS)
    return form


def _row_count(form: QueryDict) -> int:
    raw = form.get("rows", "")
    return min(int(raw), MAX_FIELDS + MORE_ROWS) if raw.isascii() and raw.isdigit() and len(raw) < 4 else BLANK_ROWS


def _number(text: str, what: str) -> int:
    text = text.strip().replace("−", "-")
    try:
        return int(text)
    except ValueError:
        raise ValueError(_("%(what)s must be a whole number.") % {"what": what}) from None


def _read(form: QueryDict, rows: int) -> dict[str, Any]:
    """The pursuit table and the board as a table file writes them; rows without a name are left out."""
    if not form.get("confirmed"):
        raise ValueError(_("Check the pursuit values against your cards, then tick that you did."))
    pursuit = {face: _number(form.get(f"pursuit-{face}", ""), face) for face in WHITE_HAT_FACES}
    board: list[dict[str, Any]] = []
    for i in range(rows):
        name = form.get(f"name-{i}", "").strip()
        if not name:
            continue
        field: dict[str, Any] = {"name": name, "value": _number(form.get(f"value-{i}", "0") or "0", name)}
        field["ability"] = form.get(f"ability-{i}", "")
        arrows = form.get(f"next-{i}", "").replace(",", " ").split()
        if arrows:
            field["next"] = [_number(a, name) for a in arrows]
        board.append(field)
    return {"pursuit": pursuit, "board": board}


def _page(
    request: HttpRequest,
    preset: Preset | None,
    form: QueryDict,
    *,
    rows: int,
    error: str = "",
    status: int = 200,
) -> HttpResponse:
    words = {
        "": _("no ability"),
        "start": _("start (pawns begin here)"),
        "sticky": _("sticky (a pawn stays)"),
        "exploit": _("Exploit (change a field by one)"),
        "randomizer": _("Randomizer (cover four fields)"),
        "backflip": _("Backflip (move a pawn back)"),
        "goal": _("goal (ends the game)"),
    }
    context = {
        "preset": preset,
        "error": error,
        "confirmed": bool(form.get("confirmed")),
        "pursuit": [
            (face, form.get(f"pursuit-{face}", str(DEFAULT_PURSUIT[face])), face in ASSUMED) for face in WHITE_HAT_FACES
        ],
        "rows": [
            {
                "i": i,
                "name": form.get(f"name-{i}", ""),
                "value": form.get(f"value-{i}", ""),
                "ability": form.get(f"ability-{i}", ""),
                "next": form.get(f"next-{i}", ""),
            }
            for i in range(rows)
        ],
        "row_count": rows,
        "abilities": [(a, words[a]) for a in ABILITIES],
    }
    return render(request, "game/white-hat/box.html", context, status=status)
