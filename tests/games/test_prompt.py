"""What the entry screen is told about the first lead: the 2♣'s holder, or the player left of the dealer."""

from games import tablefile


def prompt_details(players: list[str], events: list[dict] | None = None) -> dict:
    table = tablefile.read({"format": "kibitz/1", "game": "rickety-kate", "players": players, "events": events or []})
    return dict(table.game.prompt(table.replay()).details)


def test_first_lead_unknown_while_the_two_of_clubs_is_in_play() -> None:
    """Rule rk.two-of-clubs: with the 2♣ in the deck its holder leads, which Kibitz cannot know."""
    assert prompt_details(["Ana", "Ben", "Cleo", "Dan"])["first_lead"] is None


def test_first_lead_left_of_dealer_when_the_two_of_clubs_is_out() -> None:
    """Five players play without 2♣: the player left of the dealer (Ana deals first, so Ben) leads."""
    assert prompt_details(["Ana", "Ben", "Cleo", "Dan", "Eve"])["first_lead"] == "Ben"


def test_first_lead_follows_the_dealer() -> None:
    """The deal passes clockwise: after Dan deals, Eve leads the five-player hand."""
    details = prompt_details(["Ana", "Ben", "Cleo", "Dan", "Eve"], [{"type": "deal", "dealer": "Dan"}])
    assert details["dealer"] == "Dan" and details["first_lead"] == "Eve"


def test_first_card_is_the_two_of_clubs_until_the_first_trick() -> None:
    """Rule rk.two-of-clubs: with the 2♣ in the deck the first trick opens with it (the entry fills it in); once a
    trick is in, or without the 2♣, no card is fixed."""
    four = ["Ana", "Ben", "Cleo", "Dan"]
    assert prompt_details(four)["first_card"] == "2C"
    passed = {"type": "pass", "cards": {"Ana": ["2C", "3C", "4C"]}}
    assert prompt_details(four, [passed])["first_card"] == "2C"
    trick = {"type": "trick", "leader": "Ben", "cards": ["2C", "3C", "4C", "5C"]}
    assert prompt_details(four, [trick])["first_card"] is None
    assert prompt_details(["Ana", "Ben", "Cleo", "Dan", "Eve"])["first_card"] is None


def test_remaining_cards_are_by_suit_in_rank_order_without_those_played() -> None:
    """The cards not yet played this hand, each suit from 2 to A; with two decks each card twice."""
    four = ["Ana", "Ben", "Cleo", "Dan"]
    trick = {"type": "trick", "leader": "Ben", "cards": ["2C", "3C", "4C", "5C"]}
    remaining = prompt_details(four, [trick])["remaining"]
    assert list(remaining) == ["C", "D", "H", "S"]
    assert remaining["C"] == ["6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC", "AC"]
    assert remaining["S"] == ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS", "AS"]
    doubled = tablefile.read(
        {"format": "kibitz/1", "game": "rickety-kate", "players": four, "options": {"double_deck": True}, "events": []}
    )
    twice = dict(doubled.game.prompt(doubled.replay()).details)["remaining"]
    assert twice["H"][:4] == ["2H", "2H", "3H", "3H"] and len(twice["H"]) == 26
