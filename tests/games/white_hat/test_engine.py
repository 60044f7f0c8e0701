"""White Hat's engine: round scoring, the floors, the final round, ties, hands as cards or sums, fields from the
round entry or from pawns on the board, resume, stats and the panel."""

from __future__ import annotations

import pytest

from games.base import InvalidEvent, InvalidOptions
from games.white_hat import GAME, board, track
from games.white_hat.engine import replay, resume
from tests.games.white_hat.wh import BOARD, PLAYERS, end, move, rounds, state, table, trick

NO_FIELDS = {"Ana": [0, 0], "Ben": [0, 0], "Cleo": [0, 0]}


def test_a_round_adds_both_fields_and_the_hand_cards_by_their_pursuit_value() -> None:
    hands = {"Ana": ["13", "joker", "hat"], "Ben": ["1", "2", "3"], "Cleo": ["9"]}
    assert rounds([end(hands, {"Ana": [2, -1], "Ben": [0, 5], "Cleo": [3, 3]})]) == [
        {"Ana": 3 + 4 + 5 + 1, "Ben": 1 + 5, "Cleo": 2 + 6}
    ]


def test_a_hand_typed_as_its_sum_counts_as_typed() -> None:
    assert rounds([end({"Ana": 17}, NO_FIELDS)]) == [{"Ana": 17, "Ben": 0, "Cleo": 0}]


def test_the_tables_own_pursuit_values_replace_the_assumed_ones() -> None:
    assert rounds([end({"Ana": ["7", "7"]}, NO_FIELDS)], pursuit={"7": 3}) == [{"Ana": 6, "Ben": 0, "Cleo": 0}]


def test_floor_round_a_negative_round_counts_zero_so_totals_never_fall() -> None:
    events = [end({"Ana": 2}, {"Ana": [-5, -1]}), end({"Ana": 1}, {"Ana": [0, 0]})]
    assert rounds(events) == [{"Ana": 0, "Ben": 0, "Cleo": 0}, {"Ana": 1, "Ben": 0, "Cleo": 0}]


def test_floor_none_a_negative_round_lowers_the_total() -> None:
    assert rounds([end({"Ana": 2}, {"Ana": [-5, -1]})], floor="none") == [{"Ana": -4, "Ben": 0, "Cleo": 0}]


def test_the_final_round_ends_the_game_and_the_lowest_total_wins() -> None:
    standings = table([end({"Ana": 5, "Ben": 1}, NO_FIELDS), end({"Cleo": 9}, NO_FIELDS, final=True)]).standings()
    assert standings.finished and standings.winners == ("Ben",)


def test_equal_lowest_totals_share_the_win() -> None:
    standings = table([end({"Cleo": 4}, NO_FIELDS, final=True)]).standings()
    assert standings.winners == ("Ana", "Ben")


def test_nothing_follows_the_final_round() -> None:
    with pytest.raises(InvalidEvent) as caught:
        state([end({}, NO_FIELDS, final=True), end({}, NO_FIELDS)])
    assert caught.value.index == 1


def test_a_round_end_without_fields_needs_a_board() -> None:
    with pytest.raises(InvalidEvent, match="needs fields"):
        state([end({"Ana": 1})])


def test_fields_come_from_the_pawns_on_the_board_when_left_out() -> None:
    # Ana's pawn 1 steps from Internet Cafe over the occupied Public Server to Router (2); pawn 2 stays (1).
    events = [trick(("Ana", ["9"]), ("Ben", ["3"]), ("Cleo", ["4"])), move("Ana", "Ana:1", 2), end({})]
    assert rounds(events, board=BOARD) == [{"Ana": 3, "Ben": 2, "Cleo": 2}]


def test_a_pawn_on_the_goal_makes_the_round_final() -> None:
    board = [{"name": "Start", "value": 0, "ability": "start"}, {"name": "Goal", "value": -5, "ability": "goal"}]
    events = [trick(("Ana", ["9"]), ("Ben", ["3"])), move("Ana", "Ana:1", 1), end({"Ben": 4})]
    played = table(events, ["Ana", "Ben"], board=board)
    assert played.standings().finished and played.standings().winners == ("Ana",)
    assert [f.rule for f in played.review()] == ["wh.goal"]  # the round_end should have said final
    assert GAME.stats(played.replay())["Ana"]["goal"] == 1


def test_a_hat_trick_winner_takes_the_hat_and_a_new_round_needs_the_old_one_ended() -> None:
    after = state(
        [{"type": "round", "hat": "Ben"}, trick(("Ana", ["5"]), ("Ben", ["hat"]), ("Cleo", ["9"]), taken=["hat", "9"])]
    )
    assert after.current is not None and after.current.hat == "Ana"
    assert after.current.held["Ana"] == 9 + 2
    with pytest.raises(InvalidEvent, match="has not ended"):
        state([{"type": "round", "hat": "Ben"}, {"type": "round", "hat": "Ana"}])


def test_resume_gives_what_replay_gives() -> None:
    events = [
        {"type": "round", "dealer": "Ana", "hat": "Cleo"},
        trick(("Ben", ["5"]), ("Cleo", ["hat"]), ("Ana", ["12"]), taken=["hat", "12"]),
        move("Ben", "Ben:1", 2),
        end({"Ana": 3}),
        trick(("Ben", ["5"]), ("Cleo", ["8"]), ("Ana", ["12"])),
    ]
    played = table(events, board=BOARD)
    options, parsed = played.options, played.events
    for cut in range(len(parsed) + 1):
        head = replay(PLAYERS, options, parsed[:cut])
        assert resume(head, parsed[cut:], cut) == replay(PLAYERS, options, parsed)


def test_bad_options_are_refused() -> None:
    for options in (
        {"floor": "never"},
        {"pursuit": {"14": 2}},
        {"wild_set": 0},
        {"board": [{"name": "x"}]},
        {"board": [{"name": "A", "value": 0}, {"name": "B", "value": 0, "ability": "goal"}]},
    ):
        with pytest.raises(InvalidOptions):
            GAME.options(options, PLAYERS)


def test_options_round_trip_to_the_file_shape() -> None:
    options = GAME.options({"board": BOARD, "pursuit": {"13": 4}, "hat_take": "any"}, PLAYERS)
    again = GAME.options(GAME.options_dict(options), PLAYERS)
    assert again == options and GAME.options_dict(GAME.options({}, PLAYERS)) == {}


def test_stats_count_pursuit_points_rounds_and_rounds_at_zero() -> None:
    played = state([end({"Ana": 4}, {"Ana": [-5, 0]}), end({"Ana": 3, "Ben": 2}, NO_FIELDS)])
    stats = GAME.stats(played)
    assert stats["Ana"] == {"pursuit": 3, "rounds": 2, "zero_rounds": 1, "goal": 0}
    assert stats["Cleo"]["zero_rounds"] == 2
    assert [s.key for s in GAME.stat_info()] == ["pursuit", "zero_rounds", "goal"]


def test_the_score_track_markers_only_move_forward_under_the_default() -> None:
    played = state([end({"Ana": 4}, NO_FIELDS), end({"Ana": 1}, {"Ana": [-5, 0]}), end({"Ana": 2}, NO_FIELDS)])
    row = track(played)["rows"][0]
    assert row["total"] == 6 and row["start"] <= row["before"] <= row["x"]  # 4, then 4 (a round at 0), then 6


def test_the_panel_shows_the_board_with_pawns_and_the_legal_moves() -> None:
    played = state([trick(("Ana", ["9"]), ("Ben", ["3"]), ("Cleo", ["4"]))], board=BOARD)
    panel = GAME.panel(played)
    # Every pawn of Ana steps over the occupied start fields to Router, the only field a legal move ends on.
    assert [f["index"] for f in panel.data["board"] if f["target"]] == [2]
    assert panel.data["board"][0]["pawns"] == "Ana:1 Ben:1 Cleo:1"
    prompt = GAME.prompt(played)
    assert prompt.kind == "move" and prompt.details["mover"] == "Ana"


def test_the_panel_of_a_finished_game_has_no_moves_to_offer() -> None:
    played = state([end({"Ana": 1}, NO_FIELDS, final=True)], board=BOARD)
    assert not any(f["target"] for f in GAME.panel(played).data["board"])


@pytest.mark.parametrize(
    "event",
    [
        end({"Ana": ["7"] * 7}, NO_FIELDS),  # a hand with seven 7s
        trick(("Ana", ["7", "7", "7", "7"]), ("Ben", ["7", "7", "7"]), ("Cleo", ["1"])),  # seven 7s in a trick
        trick(("Ana", ["joker"] * 3), ("Ben", ["joker"] * 3), ("Cleo", ["1"])),  # six jokers
    ],
)
def test_no_more_copies_of_a_card_than_the_box_holds(event: dict) -> None:
    """FORMAT.md: six of each number, five jokers and one hat; more in one trick or hand is a count that cannot be."""
    with pytest.raises(InvalidEvent, match="the box holds only"):
        state([event])
    assert state([end({"Ana": ["7"] * 6 + ["joker"] * 5}, NO_FIELDS)]).totals["Ana"] == 6 * 2 + 5 * 4


def test_the_box_limits_hold_across_a_rounds_hands_and_the_cards_its_tricks_put_out_of_play() -> None:
    """FORMAT.md's box (six of a number, five jokers, one hat) holds for the whole round, not just one hand."""
    with pytest.raises(InvalidEvent, match="box holds only 1") as caught:
        state([end({"Ana": ["hat"], "Ben": ["hat"]}, NO_FIELDS)])
    assert caught.value.index == 0
    with pytest.raises(InvalidEvent, match="9 copies of 7"):
        state([end({"Ana": ["7"] * 5, "Ben": ["7"] * 4}, NO_FIELDS)])
    played = trick(("Ana", ["9", "9", "9", "9"]), ("Ben", ["1", "1", "1", "1"]), ("Cleo", ["2"]))
    with pytest.raises(InvalidEvent, match="7 copies of 9") as caught:
        state([played, end({"Ben": ["9", "9", "9"]}, NO_FIELDS)])
    assert caught.value.index == 1
    taken_back = trick(("Ana", ["9", "9"]), ("Ben", ["hat", "1"]), ("Cleo", ["2"]), taken=["hat", "9", "9"])
    assert state([taken_back, end({"Ben": ["9"] * 6}, NO_FIELDS)]).rounds  # a hat trick's cards go back to a hand


def test_a_trick_is_played_by_the_tables_players_each_once() -> None:
    """Every player plays to each trick, once; a play by someone not at the table names them (also when they
    lead a trick of the right size: that once failed with a ValueError instead of this refusal)."""
    with pytest.raises(InvalidEvent, match="Zed is not at this table") as caught:
        state([trick(("Zed", ["7"]), ("Ben", ["8"]), ("Cleo", ["9"]))])
    assert caught.value.index == 0
    with pytest.raises(InvalidEvent, match="Ben plays twice in one trick"):
        state([trick(("Ana", ["7"]), ("Ben", ["8"]), ("Ben", ["9"]))])
    with pytest.raises(InvalidEvent, match="every player plays to each trick; Cleo did not"):
        state([trick(("Ana", ["7"]), ("Ben", ["8"]))])
    assert state([trick(("Ben", ["7"]), ("Cleo", ["8"]), ("Ana", ["9"]))]).current is not None  # any leader, in turn


def test_a_board_read_once_is_kept_and_a_refused_one_refused_each_time() -> None:
    """read_board keeps what it read by the repr of the option: the same board is the same value, read once; a
    changed board, or one of another type, is read anew; a refused board is refused the same way every time."""
    first = board.read_board([dict(field) for field in BOARD])
    assert board.read_board([dict(field) for field in BOARD]) is first
    moved = [dict(field) for field in BOARD]
    moved[1]["value"] = 7
    other = board.read_board(moved)
    assert other is not None and other != first and other.fields[1].value == 7
    floats = [dict(field) for field in BOARD]
    floats[1]["value"] = 2.5
    bad = [{"name": "A", "value": 0}, {"name": "B", "value": 0, "ability": "goal"}]
    tupled = [{"name": "A", "value": 0, "ability": "start", "next": (1,)}, {"name": "B", "value": 0, "ability": "goal"}]
    for refused in (floats, bad, bad, tupled, tupled):
        with pytest.raises(InvalidOptions) as caught:
            board.read_board(refused)
        with pytest.raises(InvalidOptions) as again:
            board._read_board(refused)  # what reading it without the store says
        assert str(caught.value.message) == str(again.value.message)
