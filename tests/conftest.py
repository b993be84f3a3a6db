"""Shared fixtures."""

from __future__ import annotations

import os

import pytest

import navalwar
from navalwar.games.tokyo_express import GAME
from navalwar.games.tokyo_express.data import TEData


def pytest_configure(config: pytest.Config) -> None:
    """``make test-compiled`` runs the suite on the mypyc build: refuse to run it on
    the sources by mistake."""
    if os.environ.get("NAVALWAR_EXPECT_COMPILED") and not navalwar.compiled():
        raise pytest.UsageError(
            f"NAVALWAR_EXPECT_COMPILED is set but {navalwar.__file__} is not the compiled "
            "build: run `make compiled` and put build/compiled/site first on PYTHONPATH"
        )


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """On the compiled build, skip the tests that patch a module function: compiled
    code calls the function it was built with (they run on the sources)."""
    if navalwar.compiled():
        skip = pytest.mark.skip(reason="patches a module function; runs on the sources")
        for item in items:
            if item.get_closest_marker("source_only"):
                item.add_marker(skip)


@pytest.fixture(scope="session")
def te_data() -> TEData:
    """The bundled Tokyo Express data pack."""
    return GAME.load_data()
