"""Thin views: read a form into events, hand them to the services, render the parts that changed."""

from __future__ import annotations

import json
from collections.abc import Callable

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from companion import entries, services
from companion.board import board
from companion.models import Player, Table
from companion.newtable import NewTableForm
from games import registry, tablefile
from games.base import Game


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    tables = Table.objects.prefetch_related("seats__player")[:30]
    return render(request, "home.html", {"tables": tables, "games": registry.GAMES.values()})


def new_table(request: HttpRequest, slug: str) -> HttpResponse:
    game = _game(slug)
    form = NewTableForm(game, request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            table = services.create_table(game.slug, form.players(), form.options(), title=form.cleaned_data["title"])
        except services.Refused as exc:
            form.add_error(None, exc.message)
        else:
            return redirect("table", code=table.code)
    recent = Player.objects.order_by("-created").values_list("name", flat=True)[:40]
    return render(
        request, "new_table.html", {"form": form, "game": game, "recent": recent}, status=400 if form.errors else 200
    )


@require_GET
def table(request: HttpRequest, code: str) -> HttpResponse:
    return _render_board(request, _snapshot(code))


@require_POST
def record(request: HttpRequest, code: str, action: str) -> HttpResponse:
    snap = _snapshot(code)
    try:
        events = entries.build(snap.table.game, action, request.POST, snap)
        after = services.append(snap.table, events, _version(request))
    except services.Stale as exc:
        return _render_board(request, _snapshot(code), error=exc.message, status=409)
    except (entries.FormError, services.Refused) as exc:
        return _render_board(request, snap, error=str(exc), status=400, form=request.POST, action=action)
    return _after_write(request, after, flash=True)


@require_POST
def undo(request: HttpRequest, code: str) -> HttpResponse:
    return _change(request, code, services.undo)


@require_POST
def redo(request: HttpRequest, code: str) -> HttpResponse:
    return _change(request, code, services.redo)


def _change(request: HttpRequest, code: str, change: Callable[[Table, int | None], services.Snapshot]) -> HttpResponse:
    snap = _snapshot(code)
    try:
        after = change(snap.table, _version(request))
    except services.Stale as exc:
        return _render_board(request, _snapshot(code), error=exc.message, status=409)
    except services.Refused as exc:
        return _render_board(request, snap, error=exc.message, status=400)
    return _after_write(request, after)


@require_GET
def check(request: HttpRequest, code: str) -> HttpResponse:
    snap = _snapshot(code)
    titles = {s["anchor"]: s["title"] for s in snap.game.rules(request.LANGUAGE_CODE)}
    findings = [(flag, event, titles.get(flag.rule, flag.rule)) for flag, event in services.review(snap)]
    if request.htmx:
        return render(request, "table.html#flags", {"snap": snap, "findings": findings, "checked": True})
    return _render_board(request, snap, findings=findings)


@require_GET
def export(request: HttpRequest, code: str) -> HttpResponse:
    table = get_object_or_404(Table, code=code)
    response = JsonResponse(services.export_table(table), json_dumps_params={"ensure_ascii": False, "indent": 2})
    response["Content-Disposition"] = f'attachment; filename="kibitz-{table.game}-{table.code}.json"'
    return response


def import_file(request: HttpRequest) -> HttpResponse:
    error = ""
    if request.method == "POST":
        upload = request.FILES.get("file")
        text = upload.read().decode("utf-8", errors="replace") if upload else request.POST.get("text", "")
        try:
            table = services.import_table(tablefile.decode(text))
        except tablefile.TableFileError as exc:
            error = str(exc)
        except services.Refused as exc:
            error = exc.message
        else:
            return redirect("table", code=table.code)
    return render(request, "import.html", {"error": error}, status=400 if error else 200)


@require_GET
def rules(request: HttpRequest, slug: str) -> HttpResponse:
    game = _game(slug)
    lang = (request.LANGUAGE_CODE or "en")[:2]
    return render(request, "rules.html", {"game": game, "sections": game.rules(lang)})


# -- helpers --------------------------------------------------------------------------------------------


def _game(slug: str) -> Game:
    try:
        return registry.get(slug)
    except KeyError:
        raise Http404(_("No such game.")) from None


def _snapshot(code: str) -> services.Snapshot:
    return services.snapshot(get_object_or_404(Table, code=code))


def _version(request: HttpRequest) -> int | None:
    raw = request.POST.get("version", "")
    return int(raw) if raw.isdigit() else None


def _after_write(request: HttpRequest, snap: services.Snapshot, flash: bool = False) -> HttpResponse:
    if request.htmx:
        return _render_board(request, snap, flash=flash)
    return redirect("table", code=snap.table.code)


def _render_board(
    request: HttpRequest,
    snap: services.Snapshot,
    *,
    error: str = "",
    status: int = 200,
    flash: bool = False,
    form: QueryDict | None = None,
    action: str = "",
    findings: list | None = None,
) -> HttpResponse:
    context = {
        "snap": snap,
        "error": error,
        "flash": flash,
        "failed": action,
        "board": board(snap),
        "checked": findings is not None,
        "findings": findings or [],
        "entry": entries.module(snap.game.slug).context(snap, form),
        "log": _log(snap, everything=request.GET.get("log") == "all"),
        "log_size": len(snap.log),
    }
    template = "table.html#board" if request.htmx else "table.html"
    return render(request, template, context, status=status)


LOG_TAIL = 40


def _log(snap: services.Snapshot, everything: bool) -> list[tuple[services.LogEntry, str]]:
    """The newest entries first, each with its one-line description (live events parsed once, in the snapshot)."""
    parsed = {entry.seq: event for entry, event in zip(snap.live, snap.events, strict=True)}
    shown = snap.log if everything else snap.log[-LOG_TAIL:]
    game = snap.game
    return [(e, game.describe(parsed[e.seq] if e.seq in parsed else game.parse(e.payload))) for e in reversed(shown)]


def table_json(request: HttpRequest, code: str) -> HttpResponse:
    """The standings as `score` prints them (handy for other tools)."""
    snap = _snapshot(code)
    return HttpResponse(json.dumps(snap.standings.as_dict(), ensure_ascii=False), content_type="application/json")
