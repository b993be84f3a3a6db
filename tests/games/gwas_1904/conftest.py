"""Fixtures shared by the GWaS 1904 tests (the builders are in
:mod:`navalwar.games.gwas_1904.builders`)."""

from __future__ import annotations

import pytest

from navalwar.games.gwas_1904.tables import DamageTables, load_tables


@pytest.fixture(scope="session")
def tables() -> DamageTables:
    """The bundled damage and Effectiveness tables."""
    return load_tables()
