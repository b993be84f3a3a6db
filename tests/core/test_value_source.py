"""Value classes written from one declaration (navalwar.value_source)."""

from __future__ import annotations

from typing import Any

import pytest

from navalwar.frozen import KEEP, Keep
from navalwar.value_source import END, Field, Memo, ValueDecl, class_body, splice

DECL = ValueDecl(
    "Point",
    (
        Field("name", "str", fixed=True),
        Field("x", "int", "0"),
        Field("tags", "tuple[str, ...]", "()", note="labels"),
        Field("extra", "int | None", "None", none_is_a_value=True),
    ),
    "A copy with the fields given changed.",
    memos=(Memo("_len", "int", ("tags",)), Memo("_both", "int", ("x", "tags"))),
)


def _build(decl: ValueDecl) -> Any:
    """The generated class body run as a plain class (what the compiled build runs)."""
    source = f"class {decl.name}:\n" + class_body(decl, "test")
    space: dict[str, Any] = {"Keep": Keep, "KEEP": KEEP, "ClassVar": Any, "Any": Any}
    exec(compile(source, "<generated>", "exec"), space)
    return space[decl.name]


def test_the_generated_class_sets_each_field_once_and_replace_keeps_the_rest() -> None:
    point_class = _build(DECL)
    assert point_class.FIELDS == ("name", "x", "tags", "extra")
    assert point_class.MEMOS == {"_len": ("tags",), "_both": ("x", "tags")}
    p = point_class("a", 1, ("t",), 5)
    assert (p.name, p.x, p.tags, p.extra, p._len, p._both) == ("a", 1, ("t",), 5, None, None)
    object.__setattr__(p, "_len", 1)
    object.__setattr__(p, "_both", 2)
    q = p.replace(x=2)
    assert (q.name, q.x, q.tags, q.extra) == ("a", 2, ("t",), 5)
    assert (q._len, q._both) == (1, None)  # only what depends on x is dropped
    r = p.replace(tags=("u",), extra=None)
    assert (r.tags, r.extra, r._len, r._both) == (("u",), None, None, None)
    assert p.replace(extra=KEEP).extra == 5 and p.replace().extra == 5
    with pytest.raises(TypeError):
        p.replace(name="b")  # fixed


def test_splice_rewrites_only_the_marked_part() -> None:
    module = (
        "class Point(Value):\n"
        '    """Doc."""\n\n'
        "    # -- generated from the declaration in test: do not edit --\n"
        "    stale = 1\n"
        f"{END}\n\n"
        "    def area(self) -> int:\n"
        "        return 0\n"
    )
    new = splice(module, (DECL,), "test")
    assert "stale" not in new and "    FIELDS = (" in new
    assert "    tags: tuple[str, ...]  # labels\n" in new
    assert new.startswith('class Point(Value):\n    """Doc."""\n') and new.endswith(
        "    def area(self) -> int:\n        return 0\n"
    )
    assert splice(new, (DECL,), "test") == new


def test_splice_needs_the_class_and_its_markers() -> None:
    with pytest.raises(ValueError, match="no class Point"):
        splice("class Other(Value):\n    pass\n", (DECL,), "test")
    with pytest.raises(ValueError, match="between markers"):
        splice("class Point(Value):\n    pass\nclass B:\n" + END + "\n", (DECL,), "test")


def test_a_declaration_is_checked() -> None:
    with pytest.raises(ValueError, match="twice"):
        ValueDecl("P", (Field("x", "int"), Field("x", "int")), "")
    with pytest.raises(ValueError, match="no field"):
        ValueDecl("P", (Field("x", "int"),), "", memos=(Memo("_m", "int", ("y",)),))
