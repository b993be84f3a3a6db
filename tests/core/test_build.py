"""``navalwar.compiled()`` says which build is imported: ``make test-compiled`` sets
NAVALWAR_EXPECT_COMPILED and runs this on the mypyc build, ``make test-source`` without."""

from __future__ import annotations

import os

import navalwar


def test_compiled_says_which_build_runs() -> None:
    assert navalwar.compiled() is bool(os.environ.get("NAVALWAR_EXPECT_COMPILED"))
