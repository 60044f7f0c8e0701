"""Storage: groups with their players and presets, tables and each table's append-only event log."""

from __future__ import annotations

import secrets
import unicodedata
from collections.abc import Callable
from datetime import timedelta
from typing import Any, TypeVar

from django.db import IntegrityError, models, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

JOIN_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"  # nothing to misread: no 0/O, no 1/I
# 32**8 ≈ 1.1e12 codes: with the failed-lookup limits (throttle.py) guessing one of even a million live codes
# takes years. Tables made when codes had six letters keep theirs until the scorer asks for a new one.
JOIN_CODE_LENGTH = 8
JOIN_CODE_AFTER_FINISH = timedelta(hours=24)  # a finished table's join code stops working after this
CODE_ATTEMPTS = 5  # draws of fresh codes when one is taken (a join code can be; the long tokens in practice not)


def url_token(nbytes: int) -> str:
    """secrets.token_urlsafe, drawn again when it starts with "-": one in 64 would, and a command line reads
    such a token as an option (`backup_group -x…` says "arguments are required"). Each draw is as random as
    before; only a leading "-" is ruled out."""
    while (token := secrets.token_urlsafe(nbytes)).startswith("-"):
        pass
    return token


def new_code() -> str:
    """The viewer link's token: unguessable and URL-safe (never a sequential id)."""
    return url_token(9)


def new_scorer_token() -> str:
    """The scorer link's token: whoever holds it may record at the table."""
    return url_token(18)


def new_group_token() -> str:
    """The group link's token: whoever opens /g/TOKEN/ joins the group on that phone."""
    return url_token(16)


def new_join_code() -> str:
    """A short code to type on another phone to watch the table."""
    return "".join(secrets.choice(JOIN_ALPHABET) for _ in range(JOIN_CODE_LENGTH))


Drawn = TypeVar("Drawn")


def _drawn_until_free(
    draw: Callable[[], Drawn],
    store: Callable[[Drawn], object],
    taken: Callable[[Drawn], bool],
    using: str | None = None,
) -> Drawn:
    """A freshly drawn value, stored with `store` inside a savepoint (so an enclosing transaction goes on), drawn
    again when storing it clashes with a unique value already there (`taken` tells a clash from another
    IntegrityError)."""
    for attempt in range(1, CODE_ATTEMPTS + 1):
        value = draw()
        try:
            with transaction.atomic(using=using):
                store(value)
        except IntegrityError:
            if attempt == CODE_ATTEMPTS or not taken(value):
                raise  # not a clash, or bad luck five times over: let it show
            continue
        return value
    raise AssertionError("unreachable")


def _renewed(row: models.Model, field: str, draw: Callable[[], str]) -> str:
    """A stored row's unique `field` given a freshly drawn value (saved, and set on `row`)."""
    rows = type(row)._default_manager
    value = _drawn_until_free(
        draw,
        lambda drawn: rows.filter(pk=row.pk).update(**{field: drawn}),
        lambda drawn: rows.filter(**{field: drawn}).exists(),
    )
    setattr(row, field, value)
    return value


def normalize_join_code(typed: str) -> str:
    """A join code as typed ("abcd efgh", "ABCD-EFGH", full-width "ＡＢＣＤ　ＥＦＧＨ" from a CJK keyboard) as it is
    stored ("ABCDEFGH"); at most 32 characters. NFKC first: full-width letters, digits, hyphen and space become
    the plain ones."""
    return "".join(unicodedata.normalize("NFKC", typed).upper().replace("-", " ").split())[:32]


class Group(models.Model):
    """The people who play together. No sign-up: a phone joins by the group's link (its token, kept in the
    session). A group owns its players (names unique within it), its tables and its presets; no group sees
    another's."""

    token = models.CharField(max_length=32, unique=True, default=new_group_token, editable=False)
    name = models.CharField(_("name"), max_length=60, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created"]

    def __str__(self) -> str:
        return self.name or f"group {self.pk}"

    def rotate_token(self) -> str:
        """A new link: the old one adds the group to no phone from now on, and phones that joined with it
        lose the group (the session holds the token)."""
        return _renewed(self, "token", new_group_token)


class Player(models.Model):
    """A person of one group, across its tables: for the names offered at a new table and for history."""

    group = models.ForeignKey(Group, on_delete=models.PROTECT, related_name="players")
    name = models.CharField(_("name"), max_length=40)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        constraints = [models.UniqueConstraint(fields=["group", "name"], name="player_name_unique_in_group")]

    def __str__(self) -> str:
        return self.name


class TableManager(models.Manager["Table"]):
    def create_with_codes(self, **fields: Any) -> Table:
        """A new table with fresh random codes, drawn again when one is already taken (a unique-constraint
        clash on a code, retried inside a savepoint so an enclosing transaction goes on)."""
        return _drawn_until_free(
            lambda: self.model(code=new_code(), scorer_token=new_scorer_token(), join_code=new_join_code(), **fields),
            lambda table: table.save(force_insert=True, using=self.db),
            self._taken,
            using=self.db,
        )

    def _taken(self, table: Table) -> bool:
        clash = Q(code=table.code) | Q(scorer_token=table.scorer_token) | Q(join_code=table.join_code)
        return self.filter(clash).exists()

    def joinable(self, typed: str) -> tuple[Table | None, bool]:
        """The table whose join code was typed, and whether that code has stopped working (its table finished
        more than JOIN_CODE_AFTER_FINISH ago): (table, False), (None, True) or (None, False) for no such code."""
        code = normalize_join_code(typed)
        if len(code) not in (6, JOIN_CODE_LENGTH) or not set(code) <= set(JOIN_ALPHABET):
            return None, False  # cannot be anyone's code: no query
        table = self.filter(join_code=code).first()
        if table is not None and table.join_code_expired:
            return None, True
        return table, False


class Table(models.Model):
    """One game played by named players in seat order, with the options they agreed on."""

    code = models.CharField(max_length=16, unique=True, default=new_code, editable=False)
    scorer_token = models.CharField(max_length=32, unique=True, default=new_scorer_token, editable=False)
    join_code = models.CharField(max_length=8, unique=True, default=new_join_code, editable=False)
    group = models.ForeignKey(Group, on_delete=models.PROTECT, related_name="tables")
    game = models.CharField(_("game"), max_length=40)
    options = models.JSONField(_("options"), default=dict, blank=True)  # as in the table file
    title = models.CharField(_("title"), max_length=100, blank=True)
    played_on = models.DateField(_("played on"), null=True, blank=True)
    notes = models.TextField(_("notes"), blank=True)
    players: models.ManyToManyField[Player, Seat]
    players = models.ManyToManyField(Player, through="Seat", related_name="tables")
    created = models.DateTimeField(auto_now_add=True)
    finished = models.DateTimeField(null=True, blank=True)
    # Bumped by every append, undo and redo: the concurrency guard and the live-refresh ETag.
    version = models.PositiveIntegerField(default=0)
    # The version of the last recorded event: only events undone after it can be redone.
    redo_floor = models.PositiveIntegerField(default=0)
    # The table "Play again" started from this one: a second tap, or another phone's, goes there too.
    next_table = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="previous_table", editable=False
    )

    objects = TableManager()

    class Meta:
        ordering = ["-created"]
        indexes = [models.Index(fields=["group", "-created"], name="table_group_newest")]

    def __str__(self) -> str:
        return self.title or f"{self.game} {self.code}"

    @property
    def join_code_display(self) -> str:
        """The join code as the share page shows it: in groups of four ("ABCD EFGH")."""
        return " ".join(self.join_code[i : i + 4] for i in range(0, len(self.join_code), 4))

    @property
    def join_code_expired(self) -> bool:
        return self.finished is not None and timezone.now() - self.finished >= JOIN_CODE_AFTER_FINISH

    def rotate_join_code(self) -> str:
        """A new join code: the old one opens nothing from now on (the table's link keeps working)."""
        return _renewed(self, "join_code", new_join_code)


class Seat(models.Model):
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    player = models.ForeignKey(Player, on_delete=models.PROTECT)
    position = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="seat_position_unique"),
            models.UniqueConstraint(fields=["table", "player"], name="seat_player_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.player} at seat {self.position + 1}"


class Event(models.Model):
    """One thing that happened at a table. Never deleted: undo sets `retracted`."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="events")
    seq = models.PositiveIntegerField()
    payload = models.JSONField()  # exactly the table file's event object
    created = models.DateTimeField(auto_now_add=True)
    retracted = models.BooleanField(default=False)
    # The table version its undo made: redo takes back the latest undone event above the table's redo_floor.
    undone_at = models.PositiveIntegerField(null=True, blank=True)
    # The table version that wrote or last flipped this row: a process holding an older snapshot reads only
    # the rows changed since (companion/snapshots.py).
    changed = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["seq"]
        constraints = [models.UniqueConstraint(fields=["table", "seq"], name="event_seq_unique")]
        indexes = [models.Index(fields=["table", "changed"], name="event_changed")]

    def __str__(self) -> str:
        return f"{self.table.code}#{self.seq} {self.payload.get('type', '?')}"


class Preset(models.Model):
    """A group's named set of options for one game (its house rules, a board entered once). A table copies
    the options it plays with, so editing or deleting a preset never changes an old table."""

    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="presets")
    game = models.CharField(_("game"), max_length=40)  # a registry slug: every game keeps its own presets
    name = models.CharField(_("name"), max_length=60)
    options = models.JSONField(_("options"), default=dict, blank=True)  # as in the table file
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["name"]
        constraints = [models.UniqueConstraint(fields=["group", "game", "name"], name="preset_name_unique")]

    def __str__(self) -> str:
        return f"{self.game}: {self.name}"


class WriteKey(models.Model):
    """The idempotency key of a write that landed: the same key again changes nothing."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="write_keys")
    key = models.CharField(max_length=64)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["table", "key"], name="write_key_unique")]

    def __str__(self) -> str:
        return f"{self.table.code} {self.key}"


class Throttle(models.Model):
    """How often one client (or everyone, client "*") did something in the current window (throttle.py)."""

    scope = models.CharField(max_length=32)
    client = models.CharField(max_length=64)  # a keyed hash of the address, never the address itself
    window_start = models.DateTimeField()
    count = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["scope", "client"], name="throttle_scope_client_unique")]
        indexes = [models.Index(fields=["scope", "window_start"], name="throttle_scope_window")]

    def __str__(self) -> str:
        return f"{self.scope} {self.client[:8]} {self.count}"


class TableSummary(models.Model):
    """A cache, never a truth: what the history pages need of one table (standings, places, the game's stats,
    the score line per round), derived from its log at `version` by companion/history.py. A summary whose
    version or format differs from the table's is stale and derived again; deleting every row loses nothing."""

    table = models.OneToOneField(Table, on_delete=models.CASCADE, primary_key=True, related_name="summary")
    version = models.PositiveIntegerField()
    format = models.PositiveSmallIntegerField()
    # A fingerprint of the games' code it was derived with: after an upgrade that changes a rule or a stat, every
    # summary is derived again (lazily), so no page shows a number the new code would not give.
    rules = models.CharField(max_length=16, default="")
    data = models.JSONField()

    def __str__(self) -> str:
        return f"summary of {self.table_id} at {self.version}"


class TableCheckpoint(models.Model):
    """A cache, never a truth: a table's replayed game state after its first `events` live events, so a process
    that holds no snapshot of the table replays only the events after them (companion/checkpoints.py). It is
    used only when its format, the games' code (`rules`), its signature and a digest of the stored log entries
    it covers all still match; otherwise the log is replayed as if it were not there. Deleting every row loses
    nothing."""

    table = models.OneToOneField(Table, on_delete=models.CASCADE, primary_key=True, related_name="checkpoint")
    version = models.PositiveIntegerField()  # the table version it was derived at
    format = models.PositiveSmallIntegerField()
    rules = models.CharField(max_length=16)  # companion/fingerprint.py
    events = models.PositiveIntegerField()  # the live events folded into the state
    seq = models.PositiveIntegerField()  # the log entry of the last of them
    digest = models.CharField(max_length=32)  # of the log entries up to `seq` as stored: a change to any shows
    signature = models.CharField(max_length=64)  # an HMAC of all the above and `state`, keyed by the secret key
    state = models.BinaryField()  # the state, pickled and compressed

    def __str__(self) -> str:
        return f"checkpoint of {self.table_id} at {self.version}"
