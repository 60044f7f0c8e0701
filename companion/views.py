"""Thin views: read a form into events, hand them to the services, render the parts that changed.

Anyone with a table's link may watch it; only phones holding its scorer token may change it (access.py).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from functools import partial
from typing import cast

from django.conf import settings
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotModified, JsonResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from companion import (
    access,
    cardpicker,
    entries,
    groups,
    history,
    historyviews,
    i18n,
    parts,
    rendered,
    services,
    throttle,
    waits,
)
from companion import findings as checkpages
from companion.board import board, log_line
from companion.board import change as what_changed
from companion.board import noted as what_was_noted
from companion.htmx import HtmxHttpRequest
from companion.middleware import too_large
from companion.models import Group, Table, normalize_join_code
from companion.newtable import NewTableForm
from companion.qr import qr_svg
from games import registry, tablefile
from games.base import Game

SEEN_KEY = "kibitz_seen"  # the tables this phone has opened, newest first
HOME_TABLES = 30  # the current group's newest tables the home page lists
LOG_PAGE = 40  # log entries a page shows, newest first
CONFLICT_LINES = 6  # the newest entries a stale write's answer lists of what the other phones did
RESENT = ("csrfmiddlewaretoken", "version", "key")  # what "Record mine as well" sets itself; the rest as sent

Change = Callable[[Table, int | None, str], services.Snapshot]


@never_cache  # the group picker carries the group tokens: no cache may keep the page (never compressed: BREACH)
@require_GET
def home(request: HttpRequest) -> HttpResponse:
    """The current group's tables, newest first, then the tables this phone only opened (by link, join code
    or scorer link: it watches them, or scores there, without belonging to their group)."""
    group = groups.current(request)
    own = list(group.tables.prefetch_related("seats__player")[:HOME_TABLES]) if group else []
    codes = request.session.get(SEEN_KEY, [])
    seen = Table.objects.filter(code__in=codes).exclude(group__in=groups.mine(request))
    seen = seen.prefetch_related("seats__player")
    found = {t.code: t for t in seen}
    context = {
        "group": group,
        "memberships": groups.memberships(request),
        "tables": groups.lines(request, own),
        "all_tables": group.tables.count() if group and len(own) == HOME_TABLES else len(own),
        "watched": groups.lines(request, [found[c] for c in codes if c in found]),
        "games": registry.GAMES.values(),
    }
    return render(request, "home.html", context)


def new_table(request: HttpRequest, slug: str) -> HttpResponse:
    game = _game(slug)
    group = groups.current(request)  # None: the table starts a new group, and this phone joins it
    chosen = request.GET.get("preset")  # "none": the rulebook, chosen; left out: the game's default preset
    preset = groups.preset(group, game.slug, chosen) if chosen is not None else entries.default_preset(slug, group)
    usual = groups.usual_seating(group, game.slug)
    seating = usual if request.GET.get("seating") == "usual" else []
    form = NewTableForm(game, request.POST or None, preset=preset.options if preset else None, seating=seating)
    refused = throttle.attempt(throttle.CREATE, request) if request.method == "POST" else None
    if refused:
        form.add_error(None, waits.too_many_tables(refused))
    elif request.method == "POST" and form.is_valid():
        try:
            with transaction.atomic():  # the table and the preset it names, or neither
                table = services.create_table(
                    game.slug, form.players(), form.options(), group=group, title=form.cleaned_data["title"]
                )
                if form.cleaned_data["save_preset"]:
                    services.save_preset(table.group, game.slug, form.cleaned_data["save_preset"], form.options())
        except services.Refused as exc:
            form.add_error(None, i18n.tr(exc.message))
        else:
            groups.add(request, table.group)
            _grant(request, table)
            return redirect("table", code=table.code)
    context = {
        "form": form,
        "game": game,
        "recent": groups.names(group),  # this group's names only: no group sees another's
        "presets": groups.presets(group, game.slug),
        "usual": usual if len(usual) <= game.max_players else [],  # the group's usual seating: one chip
        "preset": preset,
        "setup": entries.before_new_table(game.slug, group, preset),  # a step the game asks for first, or None
    }
    response = render(request, "new_table.html", context, status=429 if refused else 400 if form.errors else 200)
    return waits.retry_after(response, refused.wait if refused else None)


@require_GET
def join(request: HttpRequest) -> HttpResponse:
    """Watch a table by its join code. Failed lookups are limited per client, per network and overall
    (throttle.JOIN); a network that has failed only a few times is never held back by the others."""
    code = normalize_join_code(request.GET.get("code", ""))[:16]
    if not code:
        return render(request, "join.html", {"error": "", "code": ""})
    if refused := throttle.attempt(throttle.JOIN, request):  # before the lookup: a refusal tells no code apart
        response = render(request, "join.html", {"error": waits.too_many_join_codes(refused), "code": code}, status=429)
        return waits.retry_after(response, refused.wait)
    table, expired = Table.objects.joinable(code)
    if table is not None:
        throttle.uncount(throttle.JOIN, request)  # only wrong codes use up the limit
        return redirect("table", code=table.code)
    if expired:
        error = _("The code %(code)s belonged to a table that finished more than a day ago. Ask for its link.")
    else:
        error = _("No table has the code %(code)s.")
    return render(request, "join.html", {"error": error % {"code": code}, "code": code}, status=404)


@never_cache
@require_GET
def claim(request: HttpRequest, token: str) -> HttpResponse:
    """The scorer link: this phone may record at the table from now on."""
    table = get_object_or_404(Table, scorer_token=token)
    _grant(request, table)
    return redirect("table", code=table.code)


@require_GET
def table(request: HtmxHttpRequest, code: str) -> HttpResponse:
    snap = _snapshot(code)
    _remember(request, snap.table)
    return _render_board(request, snap)


@require_GET
def live(request: HtmxHttpRequest, code: str) -> HttpResponse:
    """What the table page polls: 304 while the table's version (its ETag) is unchanged."""
    return polled(request, code, lambda snap: _render_board(request, snap, template="table.html#live"))


def polled(request: HttpRequest, code: str, answer: Callable[[services.Snapshot], HttpResponse]) -> HttpResponse:
    """A poll of table `code`: 304 while the version the phone names (If-None-Match) is the table's, read without
    a snapshot; else `answer` for the table's snapshot, tagged with its version."""
    version = services.version_of(code)
    if version is None:
        raise Http404(_("No such table."))
    if f'"{version}"' in request.headers.get("If-None-Match", ""):
        response: HttpResponse = HttpResponseNotModified()
    else:
        snap = _snapshot(code)
        response = answer(snap)
        version = snap.table.version
    response["ETag"] = f'"{version}"'
    patch_cache_control(response, no_cache=True)
    return response


@require_POST
def record(request: HtmxHttpRequest, code: str, action: str) -> HttpResponse:
    snap = _snapshot(code)
    if denied := _deny(request, snap):
        return denied
    try:
        events = entries.build(snap.table.game, action, request.POST, snap)
        after = services.append(snap.table, events, _version(request), _key(request))
    except services.Stale as exc:
        return _stale(request, code, exc, action=action)
    except entries.Question:  # one more answer before it is saved: the entry asks it, nothing went wrong
        return _render_board(request, snap, form=request.POST, action=action)
    except (entries.FormError, services.Refused) as exc:
        return _render_board(
            request, snap, error=getattr(exc, "message", str(exc)), status=400, form=request.POST, action=action
        )
    return _after_write(request, after, flash=True, before=snap)


@require_POST
def correct(request: HtmxHttpRequest, code: str, seq: int, action: str) -> HttpResponse:
    """A recorded entry corrected from its form (filled in as the table stood before it), as new events."""
    snap = _snapshot(code)
    if denied := _deny(request, snap):
        return denied
    try:
        events = entries.build(snap.table.game, action, request.POST, services.as_of(snap, seq))
        if len(events) != 1:
            raise entries.FormError(_("A correction replaces one entry with one entry."))
        after = services.correct(snap.table, seq, events[0], _version(request), _key(request))
    except services.Stale as exc:
        return _stale(request, code, exc, action=action, fix=seq)
    except entries.Question:
        return _render_board(request, snap, form=request.POST, action=action, fix=seq)
    except (entries.FormError, services.Refused) as exc:
        error = getattr(exc, "message", str(exc))
        return _render_board(request, snap, error=error, status=400, form=request.POST, action=action, fix=seq)
    return _after_write(request, after, flash=True, before=snap)


@require_POST
def play_again(request: HtmxHttpRequest, code: str) -> HttpResponse:
    """A finished table's next game, one tap: the same players and options, the deal one seat on. A second tap,
    or another scorer's phone, goes to the same new table (and may score there)."""
    snap = _snapshot(code)
    if denied := _deny(request, snap):
        return denied
    starts = snap.standings.finished and snap.table.next_table is None  # only a new table counts toward the limit
    if starts and (refused := throttle.attempt(throttle.CREATE, request)):
        response = _render_board(request, snap, error=waits.too_many_tables(refused), status=429)
        return waits.retry_after(response, refused.wait)
    try:
        table = services.play_again(snap)
    except services.Refused as exc:
        return _render_board(request, snap, error=exc.message, status=400)
    _grant(request, table)
    return redirect("table", code=table.code)


@require_POST
def undo(request: HtmxHttpRequest, code: str) -> HttpResponse:
    return _change(request, code, services.undo, "undone")


@require_POST
def redo(request: HtmxHttpRequest, code: str) -> HttpResponse:
    return _change(request, code, services.redo, "redone")


def _change(request: HtmxHttpRequest, code: str, change: Change, verb: str) -> HttpResponse:
    snap = _snapshot(code)
    if denied := _deny(request, snap):
        return denied
    try:
        after = change(snap.table, _version(request), _key(request))
    except services.Stale as exc:
        return _stale(request, code, exc, verb=verb)
    except services.Refused as exc:
        return _render_board(request, snap, error=exc.message, status=400)
    return _after_write(request, after, before=snap, verb=verb)


@never_cache
def share(request: HttpRequest, code: str) -> HttpResponse:
    """Links and QR codes to watch the table and, for the scorer, to hand scoring to another phone.

    The scorer may also replace the join code: the old one opens nothing from then on."""
    snap = _snapshot(code)
    scorer = access.is_scorer(request, snap.table)
    if request.method == "POST":
        renew_join = request.POST.get("renew") == "join"
        if not scorer:
            if renew_join:
                error = _("Only the scorer can make a new join code.")
            else:
                error = _("Only the scorer can hand scoring over.")
            return _render_share(request, snap, scorer, error=error, status=403)
        if renew_join:
            snap.table.rotate_join_code()
        elif request.POST.get("confirm") != "yes":  # it cuts off every other scoring phone: ask first
            return _render_share(request, snap, scorer, confirming=True)
        else:
            access.grant(request, services.hand_over(snap.table))
        return redirect("share", code=code)
    return _render_share(request, snap, scorer)


@require_GET
def check(request: HtmxHttpRequest, code: str) -> HttpResponse:
    """The referee's findings: a count per rule and one page of them (?rule=ID&page=N), never the whole list."""
    snap = _snapshot(code)
    titles = {s["anchor"]: s["title"] for s in snap.game.rules(request.LANGUAGE_CODE)}
    findings = checkpages.page(snap, titles, request.GET.get("rule", "")[:80], request.GET.get("page", ""))
    if request.htmx:  # the findings, and their count on the button
        scorer = access.is_scorer(request, snap.table)
        context = {"snap": snap, "findings": findings, "checked": True, "scorer": scorer}
        return render(request, "table.html#checked", context)
    return _render_board(request, snap, findings=findings)


@require_GET
def export(request: HttpRequest, code: str) -> HttpResponse:
    table = get_object_or_404(Table, code=code)
    response = JsonResponse(services.export_table(table), json_dumps_params={"ensure_ascii": False, "indent": 2})
    response["Content-Disposition"] = f'attachment; filename="kibitz-{table.game}-{table.code}.json"'
    return response


@require_POST
def note(request: HtmxHttpRequest, code: str) -> HttpResponse:
    """The scorer's note on the table (`notes`), or on one round (`round` and `note`): a round's note goes into
    the event that completed it, as a correction (the log keeps the event without it, undone). A note longer
    than a table file may hold (tablefile.MAX_NOTE) is refused, never cut: the form comes back as typed."""
    snap = _snapshot(code)
    if denied := _deny(request, snap):
        return denied
    if "notes" in request.POST:
        text = _typed_note(request.POST["notes"])
        if len(text) > tablefile.MAX_NOTE:
            return _note_refused(request, snap, {"field": "notes", "text": text})
        try:
            services.set_notes(snap.table, text)
        except services.Refused as exc:
            return _render_board(request, snap, error=exc.message, status=400)
        return _noted(request, code, None)
    raw = request.POST.get("round", "")
    ends = history.round_ends(snap)
    number = int(raw) if raw.isascii() and raw.isdigit() and len(raw) < 6 else 0
    if not 1 <= number <= len(ends):
        return _render_board(request, snap, error=_("There is no round %(n)s to note.") % {"n": raw[:6]}, status=400)
    text = _typed_note(request.POST.get("note", ""))
    if len(text) > tablefile.MAX_NOTE:
        return _note_refused(request, snap, {"field": "note", "text": text, "round": number})
    entry = snap.live[ends[number - 1]]
    payload = {k: v for k, v in entry.payload.items() if k != "note"}
    if text:
        payload["note"] = text
    if payload == dict(entry.payload):  # the same note (or none again): nothing to record
        return _noted(request, code, None, recorded=False)
    try:
        services.correct(snap.table, entry.seq, payload, _version(request), _key(request))
    except services.Stale as exc:  # the other phone's entries, and this note as typed (_stale)
        return _stale(request, code, exc, note=True)
    except services.Refused as exc:  # the note stays in its form, as typed, with why
        typed = {"field": "note", "text": text, "round": number, "error": i18n.tr(exc.message)}
        return _render_board(request, _snapshot(code), status=400, note=typed)
    return _noted(request, code, number)


def _noted(request: HtmxHttpRequest, code: str, round_number: int | None, *, recorded: bool = True) -> HttpResponse:
    """After a note: the board with the line that says so (htmx); a plain post goes back to the notes."""
    if not request.htmx:
        return redirect(f"{reverse('table', args=[code])}#past")
    snap = _snapshot(code)
    return _render_board(request, snap, change=what_was_noted(snap, round_number) if recorded else None)


def _typed_note(raw: str) -> str:
    """A note as typed, line breaks as the page counted them (a form sends CRLF; the counter sees LF)."""
    return raw.replace("\r\n", "\n").strip()


def _note_refused(request: HtmxHttpRequest, snap: services.Snapshot, typed: dict[str, object]) -> HttpResponse:
    """The table page with the note form as it was sent and the sentence beside it (the counter said so first)."""
    text = str(typed["text"])
    error = _("This note has %(n)d characters; a note holds at most %(max)d. Shorten it, then save.") % {
        "n": len(text),
        "max": tablefile.MAX_NOTE,
    }
    return _render_board(request, snap, status=400, note=typed | {"error": error})


@require_GET
def table_json(request: HttpRequest, code: str) -> HttpResponse:
    """The standings as `score` prints them (handy for other tools)."""
    snap = _snapshot(code)
    return HttpResponse(json.dumps(snap.standings.as_dict(), ensure_ascii=False), content_type="application/json")


def import_file(request: HttpRequest) -> HttpResponse:
    error = ""
    if request.method == "POST":
        if refused := throttle.attempt(throttle.CREATE, request):
            response = render(request, "import.html", {"error": waits.too_many_tables(refused)}, status=429)
            return waits.retry_after(response, refused.wait)
        upload = request.FILES.get("file")
        if (
            cast(int, upload.size) if upload else len(request.POST.get("text", "").encode())
        ) > settings.KIBITZ_MAX_UPLOAD:
            return too_large(request)
        text = upload.read().decode("utf-8", errors="replace") if upload else request.POST.get("text", "")
        try:
            data = tablefile.decode(text)
            if request.POST.get("step") == "preview":  # the same checks, nothing stored: what it would import
                throttle.uncount(throttle.CREATE, request)
                preview = _preview(data, groups.current(request))
                return render(request, "import.html", {"preview": preview, "text": text})
            table = services.import_table(data, group=groups.current(request))
        except tablefile.TableFileError as exc:
            error = i18n.tr(exc.message)
        except services.Refused as exc:
            error = i18n.tr(exc.message)
        else:
            groups.add(request, table.group)
            _grant(request, table)
            return redirect("table", code=table.code)
    return render(request, "import.html", {"error": error}, status=400 if error else 200)


def _preview(data: object, group: Group | None) -> dict[str, object]:
    """What an import of `data` into `group` would store, checked as the import checks it (check_import)."""
    parsed, state = services.check_import(data, group)
    standings = parsed.game.standings(state)
    totals = standings.totals
    return {
        "game": parsed.game.name,
        "meta": parsed.meta,
        "players": [(p, totals[p]) for p in parsed.players],
        "rounds": len(standings.rounds),
        "events": len(parsed.raw_events),
        "undone": len(parsed.retracted),
        "finished": standings.finished,
        "winners": standings.winners,
    }


@require_GET
def rules(request: HttpRequest, slug: str) -> HttpResponse:
    """The game's rules; opened from a table (?table=CODE), with a way back to it."""
    game = _game(slug)
    code = request.GET.get("table", "")[:32]
    back = Table.objects.filter(code=code, game=game.slug).first() if code else None
    context = {"game": game, "sections": game.rules(request.LANGUAGE_CODE), "back": back}
    return render(request, "rules.html", context)


# -- helpers --------------------------------------------------------------------------------------------


def _game(slug: str) -> Game:
    try:
        return registry.get(slug)
    except KeyError:
        raise Http404(_("No such game.")) from None


def _snapshot(code: str) -> services.Snapshot:
    return services.snapshot(_table(code))


def _table(code: str) -> Table:
    table = services.table_by_code(code)
    if table is None:
        raise Http404(_("No such table."))
    return table


def _grant(request: HttpRequest, table: Table) -> None:
    access.grant(request, table)
    _remember(request, table)


def _remember(request: HttpRequest, table: Table) -> None:
    seen = request.session.get(SEEN_KEY, [])
    if not seen or seen[0] != table.code:
        request.session[SEEN_KEY] = [table.code, *(c for c in seen if c != table.code)][:40]


def _deny(request: HtmxHttpRequest, snap: services.Snapshot) -> HttpResponse | None:
    """None for a scorer; for anyone else, the table as it is and a plain 403."""
    if access.is_scorer(request, snap.table):
        return None
    message = _("This phone can watch the table but not change it. To record, open the scorer link.")
    return _render_board(request, snap, error=message, status=403)


def _version(request: HttpRequest) -> int | None:
    raw = request.POST.get("version", "")
    return int(raw) if raw.isascii() and raw.isdigit() and len(raw) < 19 else None  # not "²", nor 5000 digits


def _key(request: HttpRequest) -> str:
    """Whole, never cut: the services refuse an over-long key rather than let two keys collide."""
    return request.POST.get("key") or request.headers.get("Idempotency-Key") or ""


def _stale(
    request: HtmxHttpRequest,
    code: str,
    exc: services.Stale,
    *,
    action: str = "",
    fix: int | None = None,
    verb: str = "saved",
    note: bool = False,
) -> HttpResponse:
    """A write made against an older version, refused (409): the table as it is now, this phone's entry as typed,
    the log lines of what the other phones did since the form's version, and two answers. "That was it — keep
    theirs" sends nothing; "Record mine as well" sends the refused write again as it was (the same fields and
    key, so a double tap lands once) against the new version."""
    fresh = _snapshot(code)
    since = _version(request)
    changed = services.changed_since(fresh, since) if since is not None else ()
    shown = changed[-CONFLICT_LINES:]
    conflict = {
        "verb": verb,  # "saved", "undone" or "redone": what this phone's write would have done
        "lines": _describe(fresh, shown),
        "more": len(changed) - len(shown),
        "url": request.path,
        "fields": [(k, v) for k, values in request.POST.lists() if k not in RESENT for v in values],
        "key": _key(request),  # the refused write's own key: it never landed, and a resend lands once
        "plain": note,  # the notes form is a plain post: so are its answers
        "note": {"round": request.POST.get("round", ""), "text": request.POST.get("note", "")} if note else None,
    }
    form = request.POST if action else None
    return _render_board(
        request, fresh, error=exc.message, status=409, form=form, action=action, fix=fix, conflict=conflict
    )


def _after_write(
    request: HtmxHttpRequest,
    snap: services.Snapshot,
    flash: bool = False,
    *,
    before: services.Snapshot | None = None,
    verb: str = "saved",
) -> HttpResponse:
    """The board after a write, with the line that says what it changed (htmx); a plain post goes back to the
    table page."""
    if request.htmx:
        change = what_changed(before, snap, verb) if before is not None else None
        return _render_board(request, snap, flash=flash, change=change)
    return redirect("table", code=snap.table.code)


def _sent_fields(request: HttpRequest) -> str:
    """The names of the fields a refused write sent, by which kibitz.js finds the form it came from. A picker's count
    at 0 carries no card and is left out: that picker may come back as a part fetched on demand, without it."""
    return " ".join(key for key in request.POST if not cardpicker.empty_count(request.POST, key))


# Set by static/kibitz.js on every page it runs on (kibitz.js names it too).
SCRIPT_COOKIE = "kibitz_script"


def _script_runs(request: HtmxHttpRequest) -> bool:
    """Whether the page answered runs kibitz.js: an htmx request, or a phone whose script set SCRIPT_COOKIE."""
    return bool(request.htmx) or request.COOKIES.get(SCRIPT_COOKIE) == "1"


# Sent by the service worker (templates/sw.js) when it fetches a table page for its copy: a part left out of the
# copy could not be fetched without signal, so the copy holds every part (still the page kibitz.js runs on).
WHOLE_HEADER = "X-Kibitz-Whole"


def _whole(request: HttpRequest) -> bool:
    """Whether the page is asked for with every part of its entry panel (WHOLE_HEADER), whatever the cookie says."""
    return request.headers.get(WHOLE_HEADER) == "1"


def _render_board(
    request: HtmxHttpRequest,
    snap: services.Snapshot,
    *,
    error: object = "",  # a plain sentence, or a game's Text
    status: int = 200,
    flash: bool = False,
    form: QueryDict | None = None,
    action: str = "",
    findings: checkpages.Findings | None = None,
    template: str = "",
    fix: int | None = None,
    change: object = None,
    conflict: dict[str, object] | None = None,
    note: dict[str, object] | None = None,
) -> HttpResponse:
    """The table page (or its board, for htmx). `fix` (or ?fix=SEQ) opens that log entry's form to correct it."""
    scorer = access.is_scorer(request, snap.table)
    fixing = fix if fix is not None else request.GET.get("fix")
    part = request.GET.get("part", "")
    all_rows = request.GET.get("rows") == "all"
    shown, log = _log_page(snap, request.GET.get("log", ""))
    plain = not (error or flash or form is not None or action or findings is not None or fix is not None)
    plain = plain and change is None and conflict is None and not note and request.method == "GET"
    # A plain GET's parts are kept per view; one with a form, an error or a confirmation is rendered afresh.
    view = _kept_view(request, snap, scorer, (all_rows, log["log_page"], fixing, part)) if plain else None
    if not template:
        template = "table.html" if not request.htmx else "table.html#entry" if part else "table.html#board"
    kept = view is not None and rendered.RENDERED.get((view, template)) is not None
    # What only the parts read is worked out first, unless this view's parts were all kept (companion/rendered.py).
    # Then each is left to the template, which calls it where it first reads it: only a part dropped from the store
    # since needs it. (Not always so: the same work done deep inside a template costs up to twice the CPU.)
    later = entries.deferred if kept else _now
    context = {
        "snap": snap,
        "broken": services.broken_text(snap) if snap.broken else "",
        "scorer": scorer,
        "error": i18n.tr(error),
        "flash": flash,
        "failed": action,
        "board": later(partial(board, snap, all_rows=all_rows)),
        "change": change,  # what the write just made changed (companion.board.Change), for its confirmation
        "conflict": conflict,  # a stale write's answer (_stale), or None
        # A swap, or a page for a phone whose script ran here before (SCRIPT_COOKIE): a closed part of the entry
        # panel is left out and fetched when opened (?part=NAME answers with the entry panel whole), so the page
        # and the swap after a write stay small. A phone without script never sets the cookie: it gets every part.
        "lazy": _script_runs(request) and not part and not _whole(request),
        "script": _script_runs(request),
        "sent_fields": _sent_fields(request),
        # the parts of the board this phone holds (a swap keeps those unchanged: companion/parts.py)
        "held_parts": parts.held(request.headers.get(parts.HELD_HEADER, "")) if request.htmx else {},
        "checked": findings is not None,
        "findings": findings,  # one page of Check plays (companion/findings.py), or None
        "entry": later(partial(entries.panel, snap, form, action=action, fix=fixing)) if scorer else {},
        "fixable": entries.fixable(snap.game.slug) if scorer else (),
        "past": later(partial(historyviews.table_part, snap, scorer)),  # the chart, the notes and the BG Stats link
        "again": later(partial(_again, snap, scorer)),
        "note": note or NO_NOTE,  # a refused note, as typed, with why (views.note)
        "oob": False,  # set by the partials that swap a part out of band
        "log": later(partial(_describe, snap, shown)),
        rendered.VIEW: view,
    } | log
    response = render(request, template, context, status=status)
    if view is not None and not kept:
        rendered.RENDERED.put((view, template), rendered.RENDERED_VIEW)  # its parts are in the store now
    return response


# Every key the templates read of a note, so reading one of a page with no refused note is no failed lookup (each
# costs a template a few exceptions and a dir(): 20 µs).
NO_NOTE = {"field": "", "text": "", "round": "", "error": ""}


def _now(work: Callable[[], object]) -> object:
    return work()


def _kept_view(
    request: HtmxHttpRequest, snap: services.Snapshot, scorer: bool, asked: tuple[object, ...]
) -> tuple[object, ...]:
    """What a plain rendering of the board depends on besides its template: the snapshot (by the token its memo
    holds: a new version, or the same version derived again, is another snapshot), the table's fields that change
    without a new version, the language, the reader's role, whether the page runs kibitz.js (and is asked whole),
    and what was asked for (all rows, the log's page, the entry to fix, the entry's part)."""
    table = snap.table
    mutable = (table.title, table.notes, table.next_table_id, table.finished, table.played_on)
    role = (scorer, _script_runs(request), _whole(request))
    return (rendered.token(snap.memo), snap.version, translation.get_language(), role, asked, mutable)


def _again(snap: services.Snapshot, scorer: bool) -> dict[str, object]:
    """What a finished table offers next: its next game once one was started, else to the scorer "Play again"."""
    if not snap.standings.finished:
        return {}
    following = snap.table.next_table
    if following is not None:
        return {"next": following.code}
    return {"dealer": services.rematch_dealer(snap)} if scorer else {}


def _render_share(
    request: HttpRequest,
    snap: services.Snapshot,
    scorer: bool,
    *,
    error: str = "",
    status: int = 200,
    confirming: bool = False,
) -> HttpResponse:
    watch = request.build_absolute_uri(f"/t/{snap.table.code}/")
    context = {"snap": snap, "scorer": scorer, "error": error, "watch": watch, "watch_qr": qr_svg(watch, _("Watch"))}
    context["confirming"] = confirming
    context["join_code"] = "" if snap.table.join_code_expired else snap.table.join_code_display
    if scorer:
        score = request.build_absolute_uri(f"/s/{snap.table.scorer_token}/")
        context |= {"score": score, "score_qr": qr_svg(score, _("Score"))}
    return render(request, "share.html", context, status=status)


def _log_page(snap: services.Snapshot, raw_page: str) -> tuple[tuple[services.LogEntry, ...], dict[str, object]]:
    """One page of the log, newest entries first (page 1 is the newest): a page costs the same at any length. The
    entries shown come apart from the context: they are described only when the log part is rendered."""
    pages = max(1, -(-len(snap.log) // LOG_PAGE))
    page = min(int(raw_page), pages) if raw_page.isascii() and raw_page.isdigit() and len(raw_page) < 6 else 1
    page = max(page, 1)
    end = len(snap.log) - (page - 1) * LOG_PAGE
    shown = snap.log[max(0, end - LOG_PAGE) : end]
    return shown[::-1], {
        "log_size": len(snap.log),
        "log_page": page,
        "log_newer": page - 1 if page > 1 else None,
        "log_older": page + 1 if page < pages else None,
    }


def _describe(snap: services.Snapshot, entries: Iterable[services.LogEntry]) -> list[tuple[services.LogEntry, object]]:
    """Each entry with its one-line description (live events are parsed once, in the snapshot, maybe only when
    first read: only the entries shown are read)."""
    index = snap.memo.get("live_index")
    if index is None:
        # A broken log has parsed events only up to the break: the entries past it have none.
        index = snap.memo["live_index"] = {e.seq: i for i, e in enumerate(snap.live[: len(snap.events)])}
    return [(e, log_line(snap, e, snap.events[index[e.seq]] if e.seq in index else None)) for e in entries]
