"""Seat lists (FORMAT.md "players"): unique, non-empty names of at most 40 characters, 3 to 8 seats."""

from __future__ import annotations

import re

import pytest

from games.players import InvalidPlayers, check_players, left_of
from games.rickety_kate import GAME


def check(names: object) -> tuple[str, ...]:
    return check_players(names, GAME.min_players, GAME.max_players)


def test_players_valid_list_is_kept_in_seat_order() -> None:
    """Players: a valid list comes back as a tuple in the same (clockwise) order."""
    assert check(["Dan", "Ana", "Ben"]) == ("Dan", "Ana", "Ben")


def test_players_must_be_a_list() -> None:
    """Players: the seat list is a JSON list."""
    with pytest.raises(InvalidPlayers, match="list"):
        check("Ana, Ben, Cleo")


def test_players_duplicate_name_is_rejected() -> None:
    """Players: names are unique."""
    with pytest.raises(InvalidPlayers, match="twice"):
        check(["Ana", "Ben", "Ana"])


def test_players_explain_is_not_a_name() -> None:
    """Players: not `explain`, the key of a round's breakdown beside the names in score's output."""
    with pytest.raises(InvalidPlayers, match="explain cannot be a player's name"):
        check(["Ana", "explain", "Ben"])
    assert check(["Ana", "Explain", "Ben"])[1] == "Explain"  # only the exact word is taken


@pytest.mark.parametrize("bad", ["", "   ", None, 7])
def test_players_empty_or_non_text_name_is_rejected(bad: object) -> None:
    """Players: every name is non-empty text."""
    with pytest.raises(InvalidPlayers):
        check(["Ana", "Ben", bad])


def test_players_name_of_40_characters_is_allowed_41_is_not() -> None:
    """Players: a name has at most 40 characters."""
    assert check(["A" * 40, "Ben", "Cleo"])[0] == "A" * 40
    with pytest.raises(InvalidPlayers, match="40"):
        check(["A" * 41, "Ben", "Cleo"])


def test_players_too_few_for_rickety_kate() -> None:
    """Players: Rickety Kate needs at least three players."""
    with pytest.raises(InvalidPlayers, match="3 to"):
        check(["Ana", "Ben"])


def test_players_left_is_the_next_name_wrapping_round() -> None:
    """Players: left of a player is the next name; the last player's left is the first."""
    seats = ("Ana", "Ben", "Cleo", "Dan")
    assert left_of(seats, "Ana") == "Ben"
    assert left_of(seats, "Dan") == "Ana"
    assert left_of(seats, "Ana", -1) == "Dan"


@pytest.mark.parametrize(
    "name",
    ["A\u200bna", "\u202eanA", "\ufeffAna", "Ana\u2060", "An\u00ada", "Ana\u200d"],
    ids=["zero-width-space", "right-to-left-override", "bom", "word-joiner", "soft-hyphen", "zero-width-joiner"],
)
def test_players_name_with_an_invisible_format_character_is_refused(name: str) -> None:
    """Players: a name with a format character (Unicode Cf) would look like another name; it is refused."""
    with pytest.raises(InvalidPlayers, match="invisible") as caught:
        check(["Ana", "Ben", name])
    assert len(str(caught.value).splitlines()) == 1


def test_players_name_with_accents_and_other_scripts_is_allowed() -> None:
    """Players: letters of any script and combining accents are ordinary text, not format characters."""
    assert check(["Zoë", "Zoe\u0308", "李雷"]) == ("Zoë", "Zoe\u0308", "李雷")


@pytest.mark.parametrize(
    "name",
    [
        "\U0001f469\u200d\U0001f469\u200d\U0001f467",  # family: three emoji joined by zero-width joiners
        "\U0001f469\U0001f3fd\u200d\U0001f4bb",  # woman with a skin tone, joined to a laptop
        "\u2764\ufe0f\u200d\U0001f525",  # heart on fire: a presentation selector before the joiner
        "\U0001f3f3\ufe0f\u200d\U0001f308",  # rainbow flag
        "1\ufe0f\u20e3",  # keycap one
        "\U0001f1e9\U0001f1ea",  # a regional-indicator flag
        "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f",  # a tag sequence (Scotland)
        "Ann \U0001f469\u200d\U0001f469\u200d\U0001f467",  # a name and an emoji
        "\u845b\U000e0100",  # an ideograph with its variation selector
    ],
    ids=[
        "family",
        "skin-tone",
        "presentation",
        "rainbow-flag",
        "keycap",
        "regional-flag",
        "tag-flag",
        "word-emoji",
        "ivs",
    ],
)
def test_players_emoji_sequences_are_names(name: str) -> None:
    """Players: the joiners, selectors, modifiers and tags inside an emoji sequence are part of the emoji."""
    assert check([name, "Ben", "Cleo"])[0] == name


@pytest.mark.parametrize(
    ("name", "char"),
    [
        ("A\u200dna", "U+200D"),  # a joiner between letters
        ("\U0001f469\u200dAna", "U+200D"),  # a joiner from an emoji to a letter
        ("\u200d\U0001f469", "U+200D"),  # a joiner with nothing before it
        ("A\ufe0fna", "U+FE0F"),  # an emoji selector inside a word
        ("\ufe0fAna", "U+FE0F"),  # a selector standing alone
        ("Ana\U000e0067\U000e007f", "U+E0067"),  # tags after a letter
        ("\U0001f3f4\U000e007f", "U+E007F"),  # a cancel tag with no tag before it
        ("\U0001f3f4\U000e0067", "U+E0067"),  # tags never cancelled
        ("\U000e0100Ana", "U+E0100"),  # a variation selector standing alone
        ("\U0001f469\u200b\U0001f467", "U+200B"),  # a zero-width space is never part of an emoji
    ],
)
def test_players_invisible_character_outside_an_emoji_sequence_is_refused(name: str, char: str) -> None:
    """Players: the characters emoji sequences use are still invisible alone or inside words."""
    with pytest.raises(InvalidPlayers, match=re.escape(f"invisible character ({char})")):
        check(["Ben", "Cleo", name])
