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
