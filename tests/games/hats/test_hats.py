"""Hats rules, each test named after the rule it checks (FORMAT.md "hats"); engines called directly."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.base import InvalidEvent, InvalidOptions
from games.hats import GAME
from games.hats.engine import State, black_hats_beside
from games.hats.notation import HatsNotation, hats_notation
from games.hats.prompt import legal, notation_for

ABC = ["Ana", "Ben", "Cleo"]
ABCD = ["Ana", "Ben", "Cleo", "Dan"]
TABLE = ["red-1", "blue-2", "green-3", "yellow-4", "orange-5", "purple-6"]


def play(players: list[str], events: list[dict[str, Any]], **options: Any) -> State:
    return GAME.replay(players, GAME.options(options, players), [GAME.parse(e) for e in events])


def setup(first: str | None = None) -> dict[str, Any]:
    return {"type": "setup", "table": TABLE} | ({"first": first} if first else {})


def ex(player: str, card: str, position: int) -> dict[str, Any]:
    return {"type": "exchange", "player": player, "card": card, "position": position}


def bh(player: str) -> dict[str, Any]:
    return {"type": "black_hat", "player": player}


def rules(state: State) -> list[tuple[int, str, str]]:
    return [(f.event, f.player, f.rule) for f in GAME.review(state)]


def test_exchange_same_type_or_lower_card_is_legal() -> None:
    state = play(ABC, [setup(), ex("Ana", "red-9", 1), ex("Ben", "green-3", 2), ex("Cleo", "grey-5", 4)])
    assert rules(state) == []
    assert [str(c) for c in state.table or ()] == ["red-9", "green-3", "green-3", "grey-5", "orange-5", "purple-6"]
    assert [str(c) for c in state.collections["Ben"]] == ["blue-2"]


def test_hats_exchange_flags_a_higher_or_equal_card_of_another_type() -> None:
    state = play(ABC, [setup(), ex("Ana", "grey-4", 4), ex("Ben", "grey-2", 2)])
    assert rules(state) == [(1, "Ana", "hats.exchange"), (2, "Ben", "hats.exchange")]
    assert [str(c) for c in state.collections["Ana"]] == ["yellow-4"]  # scored as recorded


def test_hats_turn_order_flags_the_wrong_player_and_counts_the_turn_as_theirs() -> None:
    state = play(ABC, [setup("Ben"), bh("Ben"), bh("Ana"), bh("Ben")])
    assert rules(state) == [(2, "Ana", "hats.turn-order")]  # then Ben, left of Ana, is right again
    assert state.turns == {"Ana": 1, "Ben": 2, "Cleo": 0}
    assert state.next_player == "Cleo"  # left of whoever made the previous turn


def test_hats_optional_action_once_per_turn_before_or_after() -> None:
    redraw = {"type": "redraw", "player": "Ana", "discard": "red-2", "draw": "red-3"}
    state = play(ABC, [setup(), redraw, bh("Ana"), redraw])
    assert rules(state) == [(3, "Ana", "hats.optional-action")]
    state = play(ABC, [setup(), bh("Ana"), redraw, {**redraw, "player": "Ben"}, bh("Ben")])
    assert rules(state) == []


def test_hats_optional_action_redraw_with_four_players_is_flagged() -> None:
    swap = {"type": "partner_swap", "player": "Ana", "gave": "red-2", "got": "red-3"}
    redraw = {"type": "redraw", "player": "Ana", "discard": "red-2", "draw": "red-3"}
    assert rules(play(ABCD, [setup(), swap, bh("Ana")])) == []
    assert rules(play(ABCD, [setup(), redraw, bh("Ana")])) == [(1, "Ana", "hats.optional-action")]


def test_partner_swap_with_fewer_than_four_is_an_error() -> None:
    with pytest.raises(InvalidEvent, match="four players"):
        play(ABC, [setup(), {"type": "partner_swap", "player": "Ana", "gave": "red-2", "got": "red-3"}])


def test_hats_turn_count_flags_a_ninth_turn() -> None:
    turns = [bh(p) for _ in range(8) for p in ABC] + [bh("Ana")]
    assert rules(play(ABC, [setup(), *turns])) == [(25, "Ana", "hats.turn-count")]


def test_the_cookie_goes_to_a_strict_leader_and_moves_only_on_more_types() -> None:
    state = play(ABC, [setup(), ex("Ana", "red-2", 1)])
    assert state.cookie == "Ana"
    state = play(ABC, [setup(), ex("Ana", "red-2", 1), ex("Ben", "blue-3", 2)])
    assert state.cookie == "Ana"  # a tie never takes it
    state = play(ABC, [setup(), ex("Ana", "red-2", 1), ex("Ben", "blue-3", 2), bh("Cleo"), bh("Ana"), bh("Ben")])
    assert state.cookie == "Ana"  # Ben 2 types, Ana 2: still a tie
    state = play(ABC, [setup(), bh("Ana"), bh("Ben"), ex("Cleo", "blue-3", 2), ex("Ana", "red-2", 1)])
    assert state.cookie == "Ana"  # the holder keeps it: nobody else passed her
    state = play(ABC, [setup(), bh("Ana"), ex("Ben", "blue-3", 2), bh("Ben")])
    assert state.cookie == "Ben"  # blue + black hats = 2 > Ana's 1


def test_the_favourite_comes_after_the_eighth_turn_and_ends_the_game() -> None:
    turns = [bh(p) for _ in range(8) for p in ABC]
    with pytest.raises(InvalidEvent, match="of eight turns"):
        play(ABC, [setup(), bh("Ana"), {"type": "favourite", "player": "Ana", "card": "red-1"}])
    favourites = [{"type": "favourite", "player": p, "card": "red-2"} for p in ABC]
    state = play(ABC, [setup(), *turns, *favourites])
    assert state.over
    standings = GAME.standings(state).as_dict()
    # Eight black hats each (8), favourite red-2 with no red collected (-2); Ana's first black hat won the cookie
    # and a tie never took it away (+5).
    assert standings["totals"] == {"Ana": 11, "Ben": 6, "Cleo": 6} and standings["winners"] == ["Ana"]
    with pytest.raises(InvalidEvent, match="game is over"):
        play(ABC, [setup(), *turns, *favourites, bh("Ana")])


def test_score_is_empty_until_the_game_is_finished() -> None:
    standings = GAME.standings(play(ABC, [setup(), ex("Ana", "red-2", 1)])).as_dict()
    assert standings["rounds"] == [] and standings["totals"] == {"Ana": 0, "Ben": 0, "Cleo": 0}
    assert standings["finished"] is False and standings["winners"] == []


def final(**fields: Any) -> dict[str, Any]:
    base = {
        "type": "final",
        "table": ["red-1", "blue-2", "red-3", "green-4", "yellow-5", "orange-6"],
        "collections": {"Ana": ["red-4", "red-5", "green-1"], "Ben": ["red-6"] * 8, "Cleo": []},
        "black_hats": {"Ana": 5, "Cleo": 8},
        "favourites": {"Ana": "red-2", "Ben": "purple-1", "Cleo": "blue-1"},
    }
    return base | fields


def test_only_the_lowest_position_of_a_type_counts_and_the_favourite_can_go_negative() -> None:
    state = play(ABC, [final(cookie=None)])
    totals = GAME.standings(state).as_dict()["totals"]
    # Ana: red 1 + 1, green 4, black hats 5, favourite red 4 + 5 - 2 = 7 -> 18.
    # Ben: eight red-6 at 1 each = 8, favourite purple-1 with no purple -1 -> 7. Cleo: 8 black hats, blue-1 -1 -> 7.
    assert totals == {"Ana": 18, "Ben": 7, "Cleo": 7}


def test_ties_go_to_black_hats_then_the_cookie_holder() -> None:
    state = play(ABC, [final(cookie="Ben")])
    standings = GAME.standings(state)
    assert standings.as_dict()["totals"] == {"Ana": 18, "Ben": 12, "Cleo": 7}
    state = play(
        ABC,
        [
            final(
                cookie=None,
                collections={"Ana": ["red-4", "red-5", "green-1"], "Ben": ["red-6"] * 7 + ["grey-1"], "Cleo": []},
            )
        ],
    )
    # Ben 7 + 0 (grey) - 1 = 6 ... Cleo 7: Cleo ahead of Ben on points.
    places = GAME.ranking(GAME.standings(state))
    assert [p.names for p in places] == [("Ana",), ("Cleo",), ("Ben",)]


def test_teams_rank_by_team_total_and_both_members_win() -> None:
    event = {
        "type": "final",
        "table": TABLE,
        "black_hats": {p: 8 for p in ABCD},
        "favourites": {"Ana": "red-1", "Ben": "red-1", "Cleo": "red-2", "Dan": "red-1"},
        "cookie": "Dan",
    }
    standings = GAME.standings(play(ABCD, [event])).as_dict()
    assert standings["teams"] == [["Ana", "Cleo"], ["Ben", "Dan"]]
    assert standings["team_totals"] == [13, 19] and standings["winners"] == ["Ben", "Dan"]


def test_the_cookie_in_a_final_entry_goes_by_types_only_when_left_out() -> None:
    assert play(ABC, [final()]).cookie == "Ana"  # red, green, black hats: 3 against 1 and 1
    assert play(ABC, [final(cookie=None)]).cookie is None


def test_a_final_after_tracked_turns_replaces_the_end_state_they_built_and_their_flags_stay() -> None:
    """FORMAT.md: after tracked turns a `final` (a table that stopped tracking) replaces the end state they built;
    the flags of those turns stay, and the game ends at once."""
    turns = [setup("Ben"), ex("Ben", "blue-3", 2), bh("Ana")]  # Ben takes blue-2 and the cookie; Ana moves for Cleo
    tracked = play(ABC, turns)
    assert tracked.cookie == "Ben" and rules(tracked) == [(2, "Ana", "hats.turn-order")]
    state = play(ABC, [*turns, final()])
    assert state.over and rules(state) == [(2, "Ana", "hats.turn-order")]
    assert [str(c) for c in state.table or ()] == final()["table"]
    assert {p: [str(c) for c in cards] for p, cards in state.collections.items()} == final()["collections"]
    assert dict(state.black_hats) == {"Ana": 5, "Ben": 0, "Cleo": 8}  # Ana's tracked black hat is not added on
    # The cookie left out goes by the final's types (Ana: red, green, black hats), not to Ben who held it.
    assert state.cookie == "Ana"
    assert GAME.standings(state).as_dict()["totals"] == {"Ana": 23, "Ben": 7, "Cleo": 7}
    assert play(ABC, [*turns, final(cookie=None)]).cookie is None  # nobody: Ben does not keep it either


def test_a_players_black_hats_are_the_eight_cards_not_face_up() -> None:
    """FORMAT.md: face-up cards and black hats come to eight, so the black hats follow from the face-up cards (the
    end-state form asks only for those); more than eight face up leaves none, and the final is refused."""
    assert [black_hats_beside(n) for n in (0, 3, 8, 9)] == [8, 5, 0, 0]
    derived = {p: black_hats_beside(len(cards)) for p, cards in final()["collections"].items()}
    assert derived == {"Ana": 5, "Ben": 0, "Cleo": 8}
    assert dict(play(ABC, [final(black_hats=derived)]).black_hats) == derived


def test_a_final_is_accepted_after_all_the_turns_and_refused_after_the_end() -> None:
    turns = [bh(p) for _ in range(8) for p in ABC]
    assert play(ABC, [setup(), *turns, final()]).over  # eight turns each, favourites not revealed: replaced
    favourites = [{"type": "favourite", "player": p, "card": "red-2"} for p in ABC]
    with pytest.raises(InvalidEvent, match="game is over") as refused:
        play(ABC, [setup(), *turns, *favourites, final()])
    assert refused.value.index == 28


def test_the_end_state_at_once_needs_no_turns_and_a_setup_before_it_is_fine() -> None:
    assert play(ABC, [final()]).over and play(ABC, [setup(), final()]).over


def test_options_are_checked() -> None:
    with pytest.raises(InvalidOptions):
        GAME.options({"table_values": [1, 1, 2, 3, 4, 5]}, ABC)
    with pytest.raises(InvalidOptions):
        GAME.options({"cookie_points": True}, ABC)
    with pytest.raises(InvalidOptions):
        GAME.options({"colours": []}, ABC)
    assert GAME.options({"table_values": [1, 2, 3, 4, 5, 6]}, ["Ana", "Ben"]).values == (1, 2, 3, 4, 5)


def test_resume_gives_the_same_state_as_a_replay() -> None:
    events = [setup(), ex("Ana", "red-2", 1), bh("Ben"), bh("Ben"), ex("Cleo", "grey-9", 3)]
    players = ABC
    options = GAME.options({}, players)
    parsed = [GAME.parse(e) for e in events]
    whole = GAME.replay(players, options, parsed)
    head = GAME.replay(players, options, parsed[:2])
    assert GAME.resume(head, parsed[2:], 2) == whole


def test_stats_count_cookies_black_hats_and_the_favourite() -> None:
    stats = GAME.stats(play(ABC, [final()]))
    assert stats["Ana"] == {"games": 1, "cookies": 1, "black_hats": 5, "favourite": 7}
    assert stats["Ben"]["favourite"] == -1 and GAME.stats(play(ABC, [setup()])) == {}


def test_the_panel_shows_which_positions_count_and_explains_the_score() -> None:
    panel = GAME.panel(play(ABC, [final()]))
    assert panel is not None
    assert [p["counts"] for p in panel.data["positions"]] == [True, True, False, True, True, True]
    ana = panel.data["players"][0]
    assert [line["points"] for line in ana["lines"]] == [1, 1, 4, 5, 7, 5] and ana["total"] == 23


def test_the_prompt_says_whose_turn_and_which_positions_are_legal() -> None:
    prompt = GAME.prompt(play(ABC, [setup("Cleo")]))
    assert prompt.kind == "turn" and prompt.details["next"] == "Cleo"
    assert prompt.details["legal"]["red-2"] == [1]  # only the same type: nothing lower than 1 but red 1
    assert prompt.details["legal"]["grey-4"] == [1, 2, 3]
    assert prompt.details["legal"]["red-1"] == []  # it lies on the tea table: nobody holds it to put down


def test_worth_now_is_the_same_sum_as_the_explained_lines() -> None:
    from games.hats import scoring

    for state in (play(ABC, [final()]), play(ABC, [final(cookie=None)]), play(ABCD, [setup(), ex("Ana", "red-2", 1)])):
        by_player = scoring.scores(state)
        assert scoring.worth(state) == {p: s.total for p, s in by_player.items()}


def test_an_optional_action_by_someone_else_is_flagged_turn_order_first() -> None:
    redraw = {"type": "redraw", "player": "Dan", "discard": "red-2", "draw": "red-3"}
    state = play(ABCD, [setup(), bh("Ana"), redraw])
    assert rules(state) == [(2, "Dan", "hats.turn-order"), (2, "Dan", "hats.optional-action")]
    assert "between Ana's turn and Ben's" in str(GAME.review(state)[0].message)


def test_types_are_at_most_the_seven_in_the_box() -> None:
    """FORMAT.md: the box holds 42 cards of 7 types; a table may rename them, not add an eighth."""
    with pytest.raises(InvalidOptions, match="at most 7"):
        GAME.options({"types": ["a", "b", "c", "d", "e", "f", "g", "h"]}, ABC)


def test_a_refusal_names_the_player_without_quotes() -> None:
    with pytest.raises(InvalidEvent, match=r"^Ana's collection must be a list"):
        GAME.parse({"type": "final", "table": [], "favourites": {}, "collections": {"Ana": "red-3"}})


def test_the_legal_positions_of_every_card_are_the_rule_read_card_by_card() -> None:
    """prompt.legal reads the tea table once for all 42 cards: the same lists as the rule applied to each card (the
    same type, or a lower card lying there; none for a card lying on the tea table)."""
    notation = hats_notation()
    rng = random.Random(19)
    for _ in range(200):
        table = tuple(rng.choice(notation.cards()) for _ in range(6))
        expected = {
            str(card): []
            if card in table
            else [n for n, there in enumerate(table, 1) if there.type == card.type or there.value < card.value]
            for card in notation.cards()
        }
        assert legal(table, notation.cards()) == expected


def test_a_notation_is_made_once_per_types_and_values_and_is_the_one_asked_for() -> None:
    types = ("red", "Blue", "green")
    assert hats_notation(types, (1, 2, 9)) is hats_notation(types, (1, 2, 9))
    assert hats_notation(types, (1, 2, 9)) == HatsNotation(types=types, values=[9, 2, 1])
    assert [str(c) for c in hats_notation(types, (1, 2)).cards()] == [
        "red-1",
        "red-2",
        "Blue-1",
        "Blue-2",
        "green-1",
        "green-2",
    ]
    state = play(ABC, [setup(), ex("Ana", "red-9", 1)])
    assert notation_for(state).values == (1, 2, 3, 4, 5, 6, 9) and notation_for(state) is notation_for(state)
