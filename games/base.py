"""What every game offers: the Game protocol, errors, flags and standings."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, Protocol, TypeGuard, cast

from games import rules
from games.text import T, Text


def gettext_noop(text: str) -> str:
    """Mark a string for the web app's translations without importing Django (xgettext knows the name)."""
    return text


def shown(value: object, limit: int = 40) -> str | Text:
    """repr() of a value from a file, cut short for an error line: a file may hold a 4,300-digit number."""
    try:
        text = repr(value)
    except ValueError:  # an int too long for str(): only Python code can build one
        return T("a number far too long")
    return text if len(text) <= limit else text[: limit - 1] + "…"


def whole_number_in(value: object, low: int, high: int) -> TypeGuard[int]:
    """A JSON whole number (not a bool) from `low` to `high`; compared, never added or printed."""
    return type(value) is int and low <= value <= high


class GameError(ValueError):
    """An error a player reads: `message` is a Text (or a plain str), rendered in the reader's language by the
    web app; str() is the English line the commands print."""

    def __init__(self, message: str | Text) -> None:
        super().__init__(message)
        self.message = message

    @property
    def text(self) -> str | Text:
        """The whole message as people read it (InvalidEvent adds the event's index)."""
        return self.message

    def __str__(self) -> str:
        return str(self.text)


class InvalidEvent(GameError):
    """An event that cannot be read, or cannot follow the ones before it.

    `index` is the 0-based position in the table's event list (None when the
    problem is not tied to one event, e.g. the options).
    """

    def __init__(self, index: int | None, message: str | Text) -> None:
        super().__init__(message)
        self.index = index

    def at(self, index: int) -> InvalidEvent:
        """The same error, tied to the event at `index`."""
        return InvalidEvent(index, self.message)

    @property
    def text(self) -> str | Text:
        if self.index is None:
            return self.message
        return T("event %(index)d: %(message)s", index=self.index, message=self.message)


class InvalidOptions(GameError):
    """Options that are unknown, of the wrong kind, or impossible together."""


@dataclass(frozen=True)
class Flag:
    """One illegal play found by the referee. `rule` is an anchor on the rules page."""

    event: int
    player: str
    rule: str
    message: str | Text  # what broke the rule, in the reader's language on the page (str() is English)

    def as_dict(self) -> dict[str, Any]:
        return {"event": self.event, "player": self.player, "rule": self.rule, "message": str(self.message)}


@dataclass(frozen=True)
class Round:
    """The points each player gained in one completed hand or round."""

    points: Mapping[str, int]
    explain: str | Text = ""  # for people: a moon shot, bonus cards, penalties

    def as_dict(self, players: Sequence[str]) -> dict[str, Any]:
        out: dict[str, Any] = {p: self.points.get(p, 0) for p in players}
        if self.explain:
            out["explain"] = str(self.explain)
        return out


@dataclass(frozen=True)
class Standings:
    """Everything `score` prints, derived from a replayed state."""

    game: str
    players: tuple[str, ...]
    rounds: tuple[Round, ...]
    finished: bool
    winners: tuple[str, ...] = ()
    pending: Mapping[str, Any] | None = None
    teams: tuple[tuple[str, ...], ...] | None = None

    @property
    def totals(self) -> dict[str, int]:
        totals = dict.fromkeys(self.players, 0)
        for rnd in self.rounds:
            for player, points in rnd.points.items():
                totals[player] += points
        return totals

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "game": self.game,
            "players": list(self.players),
            "rounds": [r.as_dict(self.players) for r in self.rounds],
            "totals": self.totals,
            "finished": self.finished,
            "winners": list(self.winners),
            "pending": dict(self.pending) if self.pending is not None else None,
        }
        if self.teams is not None:
            totals = self.totals
            out["teams"] = [list(t) for t in self.teams]
            out["team_totals"] = [sum(totals[p] for p in t) for t in self.teams]
        return out


@dataclass(frozen=True)
class OptionInfo:
    """One option as the new-table form and the rules page show it. Every option a table file can carry has
    one, so nothing is impossible to set; `kind` says which field the form builds (the game checks the value):
    - "bool", "choice" (one of `choices`), "int" (from `low` to `high`);
    - "list": values written one after another ("2S 2C"); `default` None means the game picks by player count;
    - "numbers": whole numbers written one after another ("1 2 3"), read as a list of int;
    - "mapping": a whole number for each of `keys` (a value per card, say);
    - "json": a structured value (a board), edited on the game's own page (its web adapter's before_new_table):
      the new-table form carries it unseen and says whether it is set, never shows JSON.
    An empty kind is read off the default: bool, choice when there are choices, else int."""

    name: str
    label: str
    help: str
    default: Any
    choices: tuple[tuple[Any, str], ...] = ()
    rule: str = ""  # anchor of the rule it changes
    advanced: bool = False  # shown behind "More house rules"
    kind: str = ""
    low: int | None = None
    high: int | None = None
    keys: tuple[str, ...] = ()

    @property
    def field_kind(self) -> str:
        if self.kind:
            return self.kind
        if isinstance(self.default, bool):
            return "bool"
        return "choice" if self.choices else "int"


@dataclass(frozen=True)
class Prompt:
    """What the entry screen should ask next; templates only display it."""

    kind: str  # e.g. "hand", "trick", "tie", "over"
    headline: str | Text  # the one line above the entry forms
    details: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Place:
    """One line of a ranking: a player, or a team, with its total and its place (shared places repeat)."""

    place: int
    names: tuple[str, ...]
    total: int


@dataclass(frozen=True)
class Panel:
    """Game state the table page shows below the entry panel (a board with pawns, a tea table, a timer):
    `template` names a file of the game's web side, `data` is what it shows. Nothing in it is decided there."""

    template: str
    data: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class StatInfo:
    """One number a player's page shows for a game, added up over the tables they played. `key` names a
    counter of Game.stats(); with `per`, the stat is that counter divided by another one (hearts per hand:
    key "hearts", per "hands"), so every stat is a sum of whole numbers until the page divides."""

    key: str
    label: str  # marked with gettext_noop
    per: str | None = None


class Game(Protocol):
    """Everything the registry, the commands and the web app call on a game. GameBase gives the defaults."""

    slug: str
    name: str
    min_players: int
    max_players: int
    lowest_wins: bool
    row_label: str  # what a scoreboard row is: "Hand", "Round", "Game" (marked with gettext_noop)
    rule_ids: tuple[str, ...]  # every rule id review() can flag; each is an anchor of the rules page
    web: str  # the dotted module of the game's web side: entry forms, and templates in its templates/ folder

    def options(self, raw: Mapping[str, Any], players: Sequence[str]) -> Any:
        """Validated options (a frozen dataclass); raises InvalidOptions."""

    def option_info(self) -> Sequence[OptionInfo]: ...

    def options_dict(self, options: Any) -> dict[str, Any]:
        """The options as they go into a table file (only non-defaults)."""

    def parse(self, raw: Any) -> Any:
        """One typed event from its JSON shape; raises InvalidEvent(None, ...)."""

    def replay(self, players: Sequence[str], options: Any, events: Sequence[Any]) -> Any:
        """Fold the events into a state; raises InvalidEvent at the first bad one."""

    def standings(self, state: Any) -> Standings: ...

    def resume(self, state: Any, events: Sequence[Any], start: int) -> Any:
        """The state after more events, the first at index `start`: replay(all) == resume(replay(head), tail)."""

    def review(self, state: Any) -> list[Flag]:
        """The illegal plays in a replayed state, each flagged with its rule id."""

    def prompt(self, state: Any) -> Prompt: ...

    def describe(self, event: Any, players: Sequence[str], options: Any) -> str | Text:
        """One short line for the log, naming players in seat order (`options`, the table's, for what they name:
        White Hat's board fields)."""

    def rules(self, lang: str) -> list[dict[str, Any]]:
        """The rules page in one language: sections with anchor, lang, title, paragraphs and Kibitz's reading
        (GameBase reads them from the game's rules/ folder, one file per language: games/rules.py)."""

    def ranking(self, standings: Standings) -> tuple[Place, ...]:
        """Who stands where, best first, with the game's own tie-breaks (teams as one line each)."""

    def panel(self, state: Any) -> Panel | None:
        """The state panel below the entry panel, or None."""

    def stat_info(self) -> Sequence[StatInfo]:
        """The game's own stats for a player's page, in the order shown."""

    def stats(self, state: Any) -> Mapping[str, Mapping[str, int]]:
        """Per player, the whole-number counters of one replayed table that stat_info() adds up."""


PARTS = ("options", "events", "engine", "prompt", "describe", "referee", "stats")  # GameBase's modules
# The methods GameBase hands to a module: method -> (the module's part, the name it calls or reads there).
FORWARDED = {
    "options": ("options", "read_options"),
    "option_info": ("options", "OPTION_INFO"),
    "options_dict": ("options", "options_dict"),
    "parse": ("events", "parse_event"),
    "replay": ("engine", "replay"),
    "resume": ("engine", "resume"),
    "review": ("referee", "review"),
    "prompt": ("prompt", "prompt"),
    "describe": ("describe", "describe"),
}


class GameBase:
    """Defaults for the parts of the Game protocol most games share; a game overrides what differs.

    A game names its modules instead of forwarding to them: `options_module` (read_options, options_dict,
    OPTION_INFO), `events_module` (parse_event), `engine_module` (replay, resume), `prompt_module` (prompt),
    `describe_module` (describe), `referee_module` (review) and `stats_module` (STAT_INFO, stats), or lists them
    in `modules`, each taken by its file name (games/<game>/options.py is the options module). A game that
    defines the method itself (Tally in tests/toygame) needs no module for it."""

    modules: tuple[ModuleType, ...] = ()

    lowest_wins = True
    row_label = gettext_noop("Hand")
    rule_ids: tuple[str, ...] = ()
    options_module: ModuleType | None = None
    events_module: ModuleType | None = None
    engine_module: ModuleType | None = None
    prompt_module: ModuleType | None = None
    describe_module: ModuleType | None = None
    referee_module: ModuleType | None = None
    stats_module: ModuleType | None = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for module in cls.__dict__.get("modules", ()):
            part = module.__name__.rsplit(".", 1)[-1]
            if part not in PARTS:
                raise TypeError(f"{cls.__name__}.modules: {module.__name__} is none of {', '.join(PARTS)}")
            if f"{part}_module" not in cls.__dict__:
                setattr(cls, f"{part}_module", module)
        # parse() runs once per event of every table read: a game that leaves it to its events module has that
        # module's parse_event as the method itself, one Python call an event less than forwarding to it.
        parse_event = getattr(cls.events_module, "parse_event", None)
        if parse_event is not None and "parse" not in cls.__dict__ and _forwards_parse(cls):
            setattr(cls, "parse", staticmethod(parse_event))  # noqa: B010 (mypy refuses assigning a method)

    def _forward(self, method: str) -> Any:
        """What `method` hands its work to: the name FORWARDED gives for it, in the game's module of that part."""
        part, name = FORWARDED[method]
        module = getattr(self, f"{part}_module", None)
        if module is None:
            raise NotImplementedError(f"{type(self).__name__} sets {part}_module or defines {method}()")
        return getattr(module, name)

    def unbacked(self) -> list[str]:
        """The forwarded methods this game neither defines nor gives a module for, each with what to add: every
        GameBase has the methods, so only this tells that one would fail when called."""
        out = []
        for method, (part, name) in FORWARDED.items():
            if getattr(type(self), method) is not getattr(GameBase, method):
                continue  # the game defines it
            if not hasattr(getattr(self, f"{part}_module", None), name):
                out.append(f"{method}() (define it, or give the game a {part} module defining {name})")
        return out

    def options(self, raw: Mapping[str, Any], players: Sequence[str]) -> Any:
        return self._forward("options")(raw, players)

    def option_info(self) -> Sequence[OptionInfo]:
        return cast(Sequence[OptionInfo], self._forward("option_info"))

    def options_dict(self, options: Any) -> dict[str, Any]:
        return cast(dict[str, Any], self._forward("options_dict")(options))

    def parse(self, raw: Any) -> Any:
        # A subclass with an events module has its parse_event instead (__init_subclass__); _forward says what
        # is missing.
        return self._forward("parse")(raw)

    def replay(self, players: Sequence[str], options: Any, events: Sequence[Any]) -> Any:
        return self._forward("replay")(players, options, events)

    def resume(self, state: Any, events: Sequence[Any], start: int) -> Any:
        return self._forward("resume")(state, events, start)

    def review(self, state: Any) -> list[Flag]:
        return cast(list[Flag], self._forward("review")(state))

    def prompt(self, state: Any) -> Prompt:
        return cast(Prompt, self._forward("prompt")(state))

    def describe(self, event: Any, players: Sequence[str], options: Any) -> str | Text:
        return cast("str | Text", self._forward("describe")(event, players, options))

    def ranking(self, standings: Standings) -> tuple[Place, ...]:
        return rank(standings, self.lowest_wins)

    def rules(self, lang: str) -> list[dict[str, Any]]:
        """The page from the rules/ folder beside the game's module: rules/en.txt, rules/de.txt, ..."""
        return rules.page(rules.folder_of(self), lang)

    def panel(self, state: Any) -> Panel | None:
        return None

    def stat_info(self) -> Sequence[StatInfo]:
        return self.stats_module.STAT_INFO if self.stats_module is not None else ()

    def stats(self, state: Any) -> Mapping[str, Mapping[str, int]]:
        return self.stats_module.stats(state) if self.stats_module is not None else {}


def phase_standings(slug: str, state: Any, rounds: tuple[Round, ...]) -> Standings:
    """Standings of a game whose state has `players` and a `phase` ("play", "tie" with the tied players next,
    "over" with the winners): Rickety Kate's and Hood Politix's."""
    phase = state.phase
    return Standings(
        game=slug,
        players=state.players,
        rounds=rounds,
        finished=phase.kind == "over",
        winners=phase.players if phase.kind == "over" else (),
        pending={"reason": "tie", "players": list(phase.players)} if phase.kind == "tie" else None,
    )


def rank(standings: Standings, lowest_wins: bool) -> tuple[Place, ...]:
    """Places by total (by team total where there are teams); equal totals share a place."""
    totals = standings.totals
    groups = standings.teams or tuple((p,) for p in standings.players)
    lines = [(sum(totals[p] for p in names), names) for names in groups]
    lines.sort(key=lambda line: line[0] if lowest_wins else -line[0])
    places: list[Place] = []
    for i, (total, names) in enumerate(lines):
        shared = places and places[-1].total == total
        places.append(Place(places[-1].place if shared else i + 1, names, total))
    return tuple(places)


def _forwards_parse(cls: type[GameBase]) -> bool:
    """Whether the parse() `cls` inherits hands the event to an events module: GameBase's, or a base class's
    module function (a game defining parse itself keeps it, and so do its subclasses)."""
    inherited = cls.parse
    return inherited is GameBase.parse or any(
        inherited is getattr(getattr(base, "events_module", None), "parse_event", None) for base in cls.__mro__[1:]
    )
