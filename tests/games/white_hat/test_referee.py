"""White Hat's referee: one test (at least) per rule id, named after it."""

from __future__ import annotations

from games.white_hat import GAME
from games.white_hat.events import parse_event
from games.white_hat.options import read_options
from games.white_hat.tricks import winner
from tests.games.white_hat.wh import BOARD, end, move, rules, table, trick

T1 = trick(("Ana", ["9"]), ("Ben", ["3"]), ("Cleo", ["4"]))  # Ana wins


def won_by(event: dict, **options: object) -> str:
    parsed = parse_event(event)
    return parsed.plays[winner(parsed, read_options(options, ["Ana", "Ben", "Cleo"]))].player


def test_every_rule_has_a_section_on_both_rules_pages() -> None:
    for lang in ("en", "de"):
        anchors = {s["anchor"] for s in GAME.rules(lang)}
        assert set(GAME.rule_ids) <= anchors


def test_wh_set_a_set_is_one_number_with_wilds_taking_it() -> None:
    assert rules([trick(("Ana", ["5", "6"]), ("Ben", ["3", "3"]), ("Cleo", ["4", "joker"]))]) == [(0, "Ana", "wh.set")]


def test_wh_set_size_set_on_a_single_lead_and_wrong_size_are_flagged_a_single_on_a_set_is_not() -> None:
    assert rules([trick(("Ana", ["9"]), ("Ben", ["3", "3"]), ("Cleo", ["4"]))]) == [(0, "Ben", "wh.set-size")]
    flags = rules([trick(("Ana", ["9", "9"]), ("Ben", ["3", "3", "3"]), ("Cleo", ["4"]))])
    assert flags == [(0, "Ben", "wh.set-size")]


def test_wh_hat_placement_the_hat_alone_on_a_set_lead() -> None:
    flags = rules([trick(("Ana", ["9", "9"]), ("Ben", ["hat"]), ("Cleo", ["4"]), taken=["hat", "9", "9"])])
    assert flags == [(0, "Ben", "wh.hat-placement")]
    assert rules([trick(("Ana", ["hat"]), ("Ben", ["3"]), ("Cleo", ["4"]), taken=["hat", "3"])]) == []


def test_wh_winner_highest_later_of_equals_lowest_with_the_hat() -> None:
    assert won_by(trick(("Ana", ["9"]), ("Ben", ["12"]), ("Cleo", ["3"]))) == "Ben"
    assert won_by(trick(("Ana", ["9"]), ("Ben", ["9"]), ("Cleo", ["3"]))) == "Ben"
    assert won_by(trick(("Ana", ["9", "9"]), ("Ben", ["13"]), ("Cleo", ["2", "2"]))) == "Ana"  # a single never wins
    assert won_by(trick(("Ana", ["joker"]), ("Ben", ["13"]), ("Cleo", ["3"]))) == "Ana"  # a lone joker is 14
    hat = trick(("Ana", ["9"]), ("Ben", ["hat"]), ("Cleo", ["3"]))
    assert won_by(hat) == "Cleo"
    tie = trick(("Ana", ["3", "3"]), ("Ben", ["3", "hat"]), ("Cleo", ["8", "8"]))
    assert won_by(tie) == "Ben" and won_by(tie, hat_ties="earlier") == "Ana"
    assert won_by(trick(("Ana", ["joker", "joker"]), ("Ben", ["13", "13"]))) == "Ana"
    assert won_by(trick(("Ana", ["joker", "joker"]), ("Ben", ["13", "13"])), wild_set=13) == "Ben"


def test_wh_winner_flags_a_move_by_someone_who_did_not_win() -> None:
    assert rules([T1, move("Ben", "Ben:1", 2)], board=BOARD) == [(1, "Ben", "wh.winner")]


def test_wh_lead_order_the_winner_leads_next() -> None:
    assert rules([T1, trick(("Ben", ["9"]), ("Cleo", ["3"]), ("Ana", ["4"]))]) == [(1, "Ben", "wh.lead-order")]


def test_wh_first_lead_right_of_the_hat_holder_unless_any() -> None:
    events = [{"type": "round", "hat": "Ben"}, T1]
    assert rules(events) == []  # Ana sits right of Ben
    events = [{"type": "round", "hat": "Cleo"}, T1]
    assert rules(events) == [(1, "Ana", "wh.first-lead")]
    assert rules(events, first_lead="any") == []


def test_wh_play_order_plays_go_round_the_table_from_the_leader() -> None:
    """The flag names the first player who played out of turn (Cleo, before Ben), not the leader."""
    assert rules([trick(("Ana", ["9"]), ("Cleo", ["3"]), ("Ben", ["4"]))]) == [(0, "Cleo", "wh.play-order")]


def test_wh_hat_take_every_choice() -> None:
    lead = (("Ana", ["7", "7"]), ("Ben", ["9", "hat"]), ("Cleo", ["joker"]))
    assert rules([trick(*lead, taken=["hat", "7", "7", "9", "joker"])]) == []  # the whole trick
    assert rules([trick(*lead, taken=["hat", "9", "7"])]) == []  # n = 2 further cards
    assert rules([trick(*lead, taken=["hat", "7"])]) == [(0, "Ana", "wh.hat-take")]  # too few
    assert rules([trick(*lead, taken=["hat", "7", "joker"])]) == [(0, "Ana", "wh.hat-take")]  # a joker
    assert rules([trick(*lead, taken=["hat", "7", "joker"])], hat_take="any") == []
    assert rules([trick(*lead, taken=["7", "7", "9"])]) == [(0, "Ana", "wh.hat-take")]  # not the hat
    assert rules([trick(*lead, taken=["hat", "13", "7"])]) == [(0, "Ana", "wh.hat-take")]  # not in the trick
    # Ana's 5 wins low against Ben's all-wild 14; besides the hat and jokers only 5 and 1 lie there: all of them.
    few = (("Ana", ["hat", "joker", "5"]), ("Ben", ["joker", "joker", "joker"]), ("Cleo", ["1"]))
    assert rules([trick(*few, taken=["hat", "5", "1"])]) == []
    assert rules([trick(*few, taken=["hat", "5"])]) == [(0, "Ana", "wh.hat-take")]


def test_wh_hat_holder_only_the_holder_plays_the_hat() -> None:
    events = [
        {"type": "round", "hat": "Ben"},
        trick(("Ana", ["9"]), ("Ben", ["5"]), ("Cleo", ["hat"]), taken=["hat", "5"]),
    ]
    assert rules(events) == [(1, "Cleo", "wh.hat-holder")]


def test_wh_hand_count_and_wh_round_end() -> None:
    big = trick(("Ana", ["10"] * 6 + ["joker"] * 5), ("Ben", ["1"]), ("Cleo", ["1"]))
    assert rules([big]) == [(0, "Ana", "wh.hand-count")]
    tens = [trick(("Ana", [str(n)]), ("Ben", ["1"]), ("Cleo", ["1"])) for n in range(4, 14)]
    assert rules(tens) == []  # ten cards, ten tricks: Ana leads and wins each
    # An eleventh trick: everyone is out of cards; each is flagged once, for the round that should have ended.
    assert rules([*tens, T1]) == [
        (10, "Ana", "wh.round-end"),
        (10, "Ben", "wh.round-end"),
        (10, "Cleo", "wh.round-end"),
    ]


def test_wh_one_move_per_trick() -> None:
    assert rules([T1, move("Ana", "Ana:1", 2), move("Ana", "Ana:2", 3)], board=BOARD) == [(2, "Ana", "wh.one-move")]


def test_wh_step_one_step_forward_over_occupied_fields() -> None:
    assert rules([T1, move("Ana", "Ana:1", 2)], board=BOARD) == []
    assert rules([T1, move("Ana", "Ana:1", 3)], board=BOARD) == [(1, "Ana", "wh.step")]


def test_wh_opponent_pawn_only_from_a_field_below_zero_unless_any() -> None:
    assert rules([T1, move("Ana", "Ben:1", 2)], board=BOARD) == [(1, "Ana", "wh.opponent-pawn")]
    assert rules([T1, move("Ana", "Ben:1", 2)], board=BOARD, opponent_pawns="any") == []


def walk(to: list[tuple[str, int]]) -> list[dict]:
    """Ana wins a trick and moves her pawn 1 for each step."""
    out: list[dict] = []
    for pawn, field in to:
        out += [trick(("Ana", ["9"]), ("Ben", ["3"]), ("Cleo", ["4"])), move("Ana", pawn, field)]
    return out


def test_wh_sticky_a_pawn_on_a_sticky_field_stays() -> None:
    events = walk([("Ana:1", 2), ("Ana:1", 3), ("Ana:1", 4), ("Ana:1", 5)])
    assert rules(events, board=BOARD) == [(7, "Ana", "wh.sticky")]


def test_wh_field_no_change_without_exploit_or_the_randomizer() -> None:
    base = walk([("Ana:1", 2), ("Ana:1", 3)])
    field = {"type": "field", "player": "Ana", "field": 2, "value": 3}
    assert rules([*base, field], board=BOARD) == [(4, "Ana", "wh.field")]


def onto(ability: str) -> tuple[list[dict], list[dict]]:
    """A board of three fields (the start, one with `ability`, the goal) and Ana's pawn on the middle one after
    she won a trick against Ben."""
    board = [
        {"name": "A", "value": 0, "ability": "start"},
        {"name": ability.capitalize(), "value": 0, "ability": ability},
        {"name": "Goal", "value": -5, "ability": "goal"},
    ]
    return board, [trick(("Ana", ["9"]), ("Ben", ["3"])), move("Ana", "Ana:1", 1)]


def test_wh_exploit_changes_a_field_by_exactly_one() -> None:
    board, two = onto("exploit")
    good = {"type": "field", "player": "Ana", "field": 0, "value": 1}
    bad = {"type": "field", "player": "Ana", "field": 0, "value": 3}
    assert rules([*two, good], ["Ana", "Ben"], board=board) == []
    assert rules([*two, bad], ["Ana", "Ben"], board=board) == [(2, "Ana", "wh.exploit")]
    assert rules([*two, good, good], ["Ana", "Ben"], board=board) == [(3, "Ana", "wh.field")]


def test_the_randomizer_changes_up_to_four_fields() -> None:
    board, events = onto("randomizer")
    events += [{"type": "field", "player": "Ana", "field": 0, "value": v} for v in (3, -1, 2, 4, 5)]
    assert rules(events, ["Ana", "Ben"], board=board) == [(6, "Ana", "wh.field")]


def test_wh_backflip_to_the_nearest_free_field_behind() -> None:
    board = [
        {"name": "A", "value": 0, "ability": "start"},
        {"name": "B", "value": 0},
        {"name": "C", "value": 0},
        {"name": "Backflip", "value": 0, "ability": "backflip"},
        {"name": "D", "value": 0},
        {"name": "Goal", "value": -5, "ability": "goal"},
    ]
    steps = [
        trick(("Ana", ["9"]), ("Ben", ["3"])),
        move("Ana", "Ana:1", 1),
        trick(("Ana", ["9"]), ("Ben", ["3"])),
        move("Ana", "Ana:1", 2),
        trick(("Ana", ["9"]), ("Ben", ["3"])),
        move("Ana", "Ana:2", 1),
        trick(("Ana", ["9"]), ("Ben", ["3"])),
        move("Ana", "Ana:1", 3),
    ]
    two = ["Ana", "Ben"]
    # Ben's pawns stand on A, the start: from B nothing behind is free.
    assert rules([*steps, move("Ana", "Ana:2", 0)], two, board=board) == [(8, "Ana", "wh.backflip")]
    assert rules([*steps, move("Ana", "Ana:1", 2)], two, board=board) == []  # Backflip back to C
    # From Backflip (3) the nearest free field behind is C (2); A (0) is further back.
    assert rules([*steps, move("Ana", "Ana:1", 0)], two, board=board) == [(8, "Ana", "wh.backflip")]


def test_wh_goal_stops_the_round_at_once() -> None:
    board = [{"name": "Start", "value": 0, "ability": "start"}, {"name": "Goal", "value": -5, "ability": "goal"}]
    two = ["Ana", "Ben"]
    events = [trick(("Ana", ["9"]), ("Ben", ["3"])), move("Ana", "Ana:1", 1), trick(("Ana", ["9"]), ("Ben", ["3"]))]
    assert rules([*events, end({}, final=True)], two, board=board) == [(2, "Ana", "wh.goal")]
    assert rules([events[0], end({}, final=True)], two, board=board) == []  # no move recorded: nothing to check
    assert rules([events[0], events[1], end({}, final=True)], two, board=board) == []


def test_wh_hand_count_a_hand_left_with_more_cards_than_the_tricks_leave() -> None:
    """With tricks recorded Kibitz knows each player's count: more left in hand than that cannot be."""
    events = [
        {"type": "round", "hat": "Cleo"},
        trick(("Ben", ["9", "9", "9", "9"]), ("Cleo", ["3", "3", "3", "3"]), ("Ana", ["2"])),
        {"type": "round_end", "hands": {"Ana": ["1"] * 6 + ["2"] * 4, "Ben": 6}, "fields": {}},
    ]
    assert rules(events) == [(2, "Ana", "wh.hand-count")]  # Ana held 9 after her single 2, not 10


# Round 1, tracked: Ben was given the hat, so Ana (right of him) leads; she plays all her ten cards as one set
# and is out; Ben and Cleo hold nine each. OUT is a round whose three tricks leave everyone nine.
TRACKED = [{"type": "round", "hat": "Ben"}, trick(("Ana", ["13"] * 6 + ["joker"] * 4), ("Ben", ["3"]), ("Cleo", ["4"]))]
OUT = [{"type": "round", "hat": "Ben"}, T1]
A9 = ["1", "1", "2", "2", "6", "6", "7", "7", "8"]
B9 = ["10", "10", "11", "11", "12", "12", "7", "8", "1"]
C9 = ["5", "5", "6", "6", "8", "8", "9", "9", "2"]


def round_end(**hands: object) -> dict:
    return {"type": "round_end", "hands": hands, "fields": {}}


def test_wh_hand_count_a_hand_left_with_fewer_cards_than_the_tricks_leave() -> None:
    """FORMAT.md: in a round whose tricks were recorded from its start, a hand listed as cards holds exactly what
    the tricks leave; a short hand pays fewer points, so too few is flagged as too many is."""
    assert rules([*TRACKED, round_end(Ana=[], Ben=B9, Cleo=C9)]) == []
    short = round_end(Ana=[], Ben=B9[:4], Cleo=C9)
    assert rules([*TRACKED, short]) == [(2, "Ben", "wh.hand-count")]
    flag = table([*TRACKED, short]).review()[0]
    assert str(flag.message) == (
        "Ben is left with 4 cards at the end of round 1, but after the tricks recorded Ben held 9: a card left "
        "out of a hand scores nothing"
    )


def test_wh_hand_count_a_hat_trick_adds_what_its_winner_took() -> None:
    """Cleo wins low and takes the hat and Ana's 9 back: eleven cards, so nine left is two short."""
    events = [
        {"type": "round", "hat": "Ben"},
        trick(("Ana", ["9"]), ("Ben", ["hat"]), ("Cleo", ["3"]), taken=["hat", "9"]),
    ]
    assert rules([*events, round_end(Ana=5, Ben=B9, Cleo=["hat", "9", *C9])]) == []
    assert rules([*events, round_end(Ana=5, Ben=B9, Cleo=C9)]) == [(2, "Cleo", "wh.hand-count")]


def test_wh_hand_count_only_hands_listed_as_cards_in_rounds_with_tricks() -> None:
    """A hand typed as its sum, or left out, is the table's word; a round without tricks has no count to check."""
    assert rules([*TRACKED, round_end(Ana=[], Ben=3, Cleo=0)]) == []
    assert rules([*TRACKED, round_end(Ana=[])]) == []
    assert rules([round_end(Ana=[], Ben=["7"], Cleo=C9)]) == []


def test_wh_hat_holder_the_hat_in_a_hand_at_round_end_belongs_to_its_holder() -> None:
    """FORMAT.md: in a tracked round the hat is listed only in the hand of whoever holds it by the round's end."""
    assert rules([*TRACKED, round_end(Ana=[], Ben=["hat", *B9[:8]], Cleo=C9)]) == []  # Ben was given it
    wrong = round_end(Ana=[], Ben=B9, Cleo=["hat", *C9[:8]])
    assert rules([*TRACKED, wrong]) == [(2, "Cleo", "wh.hat-holder")]
    flag = table([*TRACKED, wrong]).review()[0]
    assert str(flag.message) == "Cleo's hand at the end of round 1 holds the White Hat, but Ben held it by then"
    # After a hat trick the hat is its winner's: Cleo took it from Ben, so it is no longer Ben's to hold.
    events = [
        {"type": "round", "hat": "Ben"},
        trick(("Ana", ["9"]), ("Ben", ["hat"]), ("Cleo", ["3"]), taken=["hat", "9"]),
    ]
    stale = round_end(Ana=5, Ben=["hat", *B9[:8]], Cleo=["9", "9", *C9])
    assert rules([*events, stale]) == [(2, "Ben", "wh.hat-holder")]


def test_wh_hat_holder_at_round_end_needs_a_known_holder_and_recorded_tricks() -> None:
    """Nobody known to hold it (no hat in the round event, no hat trick), or no tricks recorded: nothing to check."""
    no_holder = [trick(("Ana", ["13"] * 6 + ["joker"] * 4), ("Ben", ["3"]), ("Cleo", ["4"]))]
    assert rules([*no_holder, round_end(Ana=[], Ben=B9, Cleo=["hat", *C9[:8]])]) == []
    assert rules([{"type": "round", "hat": "Ben"}, round_end(Ana=[], Cleo=["hat"])]) == []


def test_wh_round_end_a_round_end_where_everyone_still_holds_cards() -> None:
    """FORMAT.md: a round_end without final where every hand is listed as cards and none is empty says nobody
    went out. The flag names the player with the fewest cards (the first in seat order among equals)."""
    nobody_out = round_end(Ana=["5", "5"], Ben=["7"], Cleo=["1", "2", "3"])
    assert rules([nobody_out]) == [(0, "Ben", "wh.round-end")]
    assert str(table([nobody_out]).review()[0].message) == (
        "round 1 ended, but every hand still holds cards (Ben the fewest, 1) and it is not marked final: a round "
        "ends when a player has none left"
    )
    assert rules([round_end(Ana=["5"], Ben=["7"], Cleo=["1"])]) == [(0, "Ana", "wh.round-end")]
    # A tracked round whose counts agree, ended while all still hold cards, is flagged the same way.
    assert rules([*OUT, round_end(Ana=A9, Ben=B9, Cleo=C9)]) == [(2, "Ana", "wh.round-end")]


def test_wh_round_end_is_not_flagged_when_someone_is_out_a_hand_is_a_sum_or_the_round_is_final() -> None:
    assert rules([round_end(Ana=[], Ben=["7"], Cleo=["1"])]) == []  # Ana went out
    assert rules([round_end(Ana=["5"], Ben=["7"])]) == []  # Cleo's hand left out: not every hand listed
    assert rules([round_end(Ana=["5"], Ben=["7"], Cleo=3)]) == []  # a sum says nothing about the cards
    final = {"type": "round_end", "hands": {"Ana": ["5"], "Ben": ["7"], "Cleo": ["1"]}, "fields": {}, "final": True}
    assert rules([final]) == []  # a pawn reached the goal: the round stops at once


def test_the_round_end_checks_name_each_round() -> None:
    """A second round's flags say round 2."""
    first = round_end(Ana=[], Ben=3, Cleo=3)
    flags = table([first, *TRACKED, round_end(Ana=[], Ben=B9[:1], Cleo=C9)]).review()
    assert [(f.event, f.player, f.rule) for f in flags] == [(3, "Ben", "wh.hand-count")]
    assert "round 2" in str(flags[0].message)


def test_wh_round_end_beside_wh_goal_when_final_is_left_out() -> None:
    """FORMAT.md flags a round_end without final where nobody went out; a pawn on the goal without final is
    flagged wh.goal as well (both say: mark it final)."""
    board = [{"name": "Start", "value": 0, "ability": "start"}, {"name": "Goal", "value": -5, "ability": "goal"}]
    events = [trick(("Ana", ["9"]), ("Ben", ["3"])), move("Ana", "Ana:1", 1)]
    hands = {"Ana": A9, "Ben": B9}
    assert rules([*events, end(hands)], ["Ana", "Ben"], board=board) == [
        (2, "Ana", "wh.round-end"),
        (2, "Ana", "wh.goal"),
    ]
    assert rules([*events, end(hands, final=True)], ["Ana", "Ben"], board=board) == []


def test_a_flag_says_where_it_stands_round_and_trick_and_names_a_pawn_by_its_owner() -> None:
    """As Rickety Kate's do, a trick's or a move's flag opens with its round and trick; a pawn is "Ana's pawn 1"."""
    lead_order = trick(("Ben", ["9"]), ("Cleo", ["3"]), ("Ana", ["4"]))
    flags = table([T1, lead_order]).review()
    assert [str(f.message) for f in flags] == ["Round 1, trick 2: Ben led, but Ana won trick 1 and leads"]
    step = table([T1, move("Ana", "Ana:1", 3)], board=BOARD).review()
    assert str(step[0].message).startswith("Round 1, after trick 1: Ana's pawn 1 went from ")


def test_a_move_and_a_field_change_are_logged_by_the_fields_name() -> None:
    """ "Ana moves Ana's pawn 1 to Firewall", as the players call the field, not "field 3"."""
    options = GAME.options({"board": BOARD}, ["Ana", "Ben", "Cleo"])
    moved = GAME.describe(parse_event(move("Ana", "Ana:1", 1)), ["Ana", "Ben", "Cleo"], options)
    assert str(moved) == f"Ana moves Ana's pawn 1 to {BOARD[1]['name']}"
    bare = GAME.describe(parse_event(move("Ana", "Ana:1", 1)), ["Ana", "Ben", "Cleo"], GAME.options({}, ["Ana"] * 3))
    assert str(bare) == "Ana moves Ana's pawn 1 to field 1"
