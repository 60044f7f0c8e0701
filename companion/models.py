"""Storage: players, tables and each table's append-only event log."""

from __future__ import annotations

import secrets

from django.db import models
from django.utils.translation import gettext_lazy as _

JOIN_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"  # nothing to misread: no 0/O, no 1/I


def new_code() -> str:
    """The viewer link's token: unguessable and URL-safe (never a sequential id)."""
    return secrets.token_urlsafe(9)


def new_scorer_token() -> str:
    """The scorer link's token: whoever holds it may record at the table."""
    return secrets.token_urlsafe(18)


def new_join_code() -> str:
    """A short code to type on another phone to watch the table."""
    return "".join(secrets.choice(JOIN_ALPHABET) for _ in range(6))


class Player(models.Model):
    """A person across many tables, for recent names and history."""

    name = models.CharField(_("name"), max_length=40, unique=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Table(models.Model):
    """One game played by named players in seat order, with the options they agreed on."""

    code = models.CharField(max_length=16, unique=True, default=new_code, editable=False)
    scorer_token = models.CharField(max_length=32, unique=True, default=new_scorer_token, editable=False)
    join_code = models.CharField(max_length=8, unique=True, default=new_join_code, editable=False)
    game = models.CharField(_("game"), max_length=40)
    options = models.JSONField(_("options"), default=dict, blank=True)  # as in the table file
    title = models.CharField(_("title"), max_length=100, blank=True)
    played_on = models.DateField(_("played on"), null=True, blank=True)
    notes = models.TextField(_("notes"), blank=True)
    players = models.ManyToManyField(Player, through="Seat", related_name="tables")
    created = models.DateTimeField(auto_now_add=True)
    finished = models.DateTimeField(null=True, blank=True)
    # Bumped by every append, undo and redo: the concurrency guard and the live-refresh ETag.
    version = models.PositiveIntegerField(default=0)
    # The version of the last recorded event: only events undone after it can be redone.
    redo_floor = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return self.title or f"{self.game} {self.code}"


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

    class Meta:
        ordering = ["seq"]
        constraints = [models.UniqueConstraint(fields=["table", "seq"], name="event_seq_unique")]

    def __str__(self) -> str:
        return f"{self.table.code}#{self.seq} {self.payload.get('type', '?')}"


class WriteKey(models.Model):
    """The idempotency key of a write that landed: the same key again changes nothing."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="write_keys")
    key = models.CharField(max_length=64)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["table", "key"], name="write_key_unique")]

    def __str__(self) -> str:
        return f"{self.table.code} {self.key}"
