"""The strategies themselves: a malformed file may be broken several times over, in any order, and every
mutation must cope with what the earlier ones left (a new game's tests run code its author never wrote)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.base import Game
from tests.property.checks import PROPERTY
from tests.property.strategies import common as gen

KEYS = ("format", "game", "players", "options", "events")


@pytest.mark.parametrize("mutation", gen.MUTATIONS)
@pytest.mark.parametrize("broken", KEYS)
def test_every_mutation_copes_with_a_key_an_earlier_one_dropped_or_retyped(
    game: Game, broken: str, mutation: str
) -> None:
    """Strategy: after "drop-key" (or a retyping) took `broken` away, `mutation` still breaks the file without
    failing itself (it once read data["players"] after it was dropped: KeyError)."""

    @settings(PROPERTY, max_examples=4)
    @given(gen.plausible_files(game), st.data())
    def check(data: dict[str, Any], draws: st.DataObject) -> None:
        if draws.draw(st.booleans()):
            data.pop(broken, None)
        else:
            data[broken] = draws.draw(gen.json_values)
        gen.mutate(draws.draw, game, data, mutation)

    check()
