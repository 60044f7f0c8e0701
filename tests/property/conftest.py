from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.test import override_settings


@pytest.fixture(autouse=True, scope="module")
def _no_rate_limits() -> Iterator[None]:
    """The property tests post hundreds of imports and new tables from one client: they test what is stored,
    not the rate limits (companion/throttle.py), so those are off here. Module scope: Hypothesis runs every
    example inside one call of the test function."""
    with override_settings(KIBITZ_THROTTLE=False):
        yield
