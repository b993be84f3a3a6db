"""Shared fixtures."""

from __future__ import annotations

import pytest

from navalwar.games.tokyo_express import GAME
from navalwar.games.tokyo_express.data import TEData


@pytest.fixture(scope="session")
def te_data() -> TEData:
    """The bundled Tokyo Express data pack."""
    return GAME.load_data()
