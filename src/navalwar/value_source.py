"""Source code for :class:`navalwar.frozen.Value` classes, from one declaration each.

A :class:`~navalwar.frozen.Value` class spells each field out (its ``FIELDS`` entry,
annotation, ``__init__`` parameter and assignment, ``replace`` parameter and copy)
so that the compiled build makes a native class of it. Those parts are written by
:func:`class_body` from a :class:`ValueDecl`, in which each field is written once,
and :func:`splice` puts them in a module between two marker comments inside the
class, leaving everything else (docstring, methods) as written by hand. A game
keeps its declarations in a script that rewrites its module (``--check`` says
whether it is up to date, which a test runs), so the generated code cannot go stale.
"""

from __future__ import annotations

import re

import attrs

BEGIN = "    # -- generated from the declaration in {script}: do not edit --"
END = "    # -- end of generated code --"


@attrs.frozen
class Field:
    """One field of a value class.

    Attributes:
        name: the attribute.
        type: its annotation, as source text.
        default: the ``__init__`` default as source text (None: a required argument).
        fixed: ``replace`` cannot change it (a ship keeps its name).
        none_is_a_value: None is a value to set, so ``replace`` takes ``KEEP`` (from
            :mod:`navalwar.frozen`) to mean unchanged; otherwise None means unchanged.
        note: a comment written after the annotation.
    """

    name: str
    type: str
    default: str | None = None
    fixed: bool = False
    none_is_a_value: bool = False
    note: str = ""


@attrs.frozen
class Memo:
    """A lookup kept in an instance, None until worked out (``Value.MEMOS``)."""

    name: str
    type: str  # of the value once worked out
    depends: tuple[str, ...]  # the fields it is worked out from


@attrs.frozen
class ValueDecl:
    """A value class: its fields in order, the lookups it keeps, ``replace``'s doc."""

    name: str
    fields: tuple[Field, ...]
    replace_doc: str
    memos: tuple[Memo, ...] = ()
    uncompared: tuple[str, ...] = ()

    def __attrs_post_init__(self) -> None:
        names = [f.name for f in self.fields]
        if len(set(names)) != len(names):
            raise ValueError(f"{self.name}: a field is declared twice")
        for m in self.memos:
            if not set(m.depends) <= set(names):
                raise ValueError(f"{self.name}.{m.name} depends on no field of that name")
        if not set(self.uncompared) <= set(names):
            raise ValueError(f"{self.name}: an uncompared name is no field")


def _q(name: str) -> str:
    return f'"{name}"'


def _tuple(items: list[str], indent: str) -> str:
    if len(items) == 1:
        return f"({items[0]},)"
    one_line = f"({', '.join(items)})"
    if len(indent) + len(one_line) <= 80:
        return one_line
    inner = "".join(f"{indent}    {item},\n" for item in items)
    return f"(\n{inner}{indent})"


def class_body(decl: ValueDecl, script: str) -> str:
    """The generated part of the class ``decl``, between the two markers."""
    out = [BEGIN.format(script=script)]
    out.append(f"    FIELDS = {_tuple([_q(f.name) for f in decl.fields], '    ')}")
    if decl.uncompared:
        out.append(f"    UNCOMPARED = {_tuple([_q(n) for n in decl.uncompared], '    ')}")
    if decl.memos:
        out.append("    MEMOS: ClassVar[dict[str, tuple[str, ...]]] = {")
        for m in decl.memos:
            out.append(f"        {_q(m.name)}: {_tuple([_q(d) for d in m.depends], '        ')},")
        out.append("    }")
    for f in decl.fields:
        out.append(f"    {f.name}: {f.type}" + (f"  # {f.note}" if f.note else ""))
    if decl.memos:
        out.append("    # the lookups (MEMOS), None until first used")
        out.extend(f"    {m.name}: {m.type} | None" for m in decl.memos)
    out.append("")
    out.append("    def __init__(")
    out.append("        self,")
    for f in decl.fields:
        default = "" if f.default is None else f" = {f.default}"
        out.append(f"        {f.name}: {f.type}{default},")
    out.append("    ) -> None:")
    out.extend(f"        object.__setattr__(self, {_q(f.name)}, {f.name})" for f in decl.fields)
    out.extend(f"        object.__setattr__(self, {_q(m.name)}, None)" for m in decl.memos)
    changeable = [f for f in decl.fields if not f.fixed]
    if changeable:
        out.extend(_replace(decl, changeable))
    out.extend(["", END])
    return "\n".join(out) + "\n"


def _replace(decl: ValueDecl, changeable: list[Field]) -> list[str]:
    out = ["", "    def replace(", "        self,", "        *,"]
    for f in changeable:
        if f.none_is_a_value:
            kept = (
                f"{f.type[: -len(' | None')]} | Keep | None"
                if f.type.endswith(" | None")
                else f"{f.type} | Keep"
            )
            out.append(f"        {f.name}: {kept} = KEEP,")
        elif f.type == "Any":
            out.append(f"        {f.name}: Any = None,")
        else:
            out.append(f"        {f.name}: {f.type} | None = None,")
    out.append(f"    ) -> {decl.name}:")
    out.append(f'        """{decl.replace_doc}"""')
    args = []
    for f in decl.fields:
        if f.fixed:
            args.append(f"self.{f.name}")
        elif f.none_is_a_value:
            args.append(f"self.{f.name} if isinstance({f.name}, Keep) else {f.name}")
        else:
            args.append(f"self.{f.name} if {f.name} is None else {f.name}")
    unchanged = {f.name: _unchanged(f) for f in changeable}
    fixed = {f.name for f in decl.fields if f.fixed}
    keep: dict[tuple[str, ...], list[str]] = {}  # memos by the changeable fields they need
    for m in decl.memos:
        keep.setdefault(tuple(d for d in m.depends if d not in fixed), []).append(m.name)
    head = "        new = " if keep else "        return "
    out.append(f"{head}{decl.name}(")
    out.extend(f"            {a}," for a in args)
    out.append("        )")
    for depends, memos in keep.items():
        indent = "        "
        if depends:
            out.append(f"{indent}if {' and '.join(unchanged[d] for d in depends)}:")
            indent += "    "
        out.extend(f"{indent}object.__setattr__(new, {_q(m)}, self.{m})" for m in memos)
    if keep:
        out.append("        return new")
    return out


def _unchanged(f: Field) -> str:
    return f"isinstance({f.name}, Keep)" if f.none_is_a_value else f"{f.name} is None"


def splice(source: str, decls: tuple[ValueDecl, ...], script: str) -> str:
    """``source`` with each declared class's generated part written anew.

    The part is the lines from the marker ``BEGIN`` to the marker ``END`` in the body
    of ``class <name>(``; a class without them, or not found, raises ValueError.
    """
    for decl in decls:
        found = re.search(rf"^class {decl.name}\(", source, re.MULTILINE)
        if found is None:
            raise ValueError(f"no class {decl.name} in the module")
        begin = source.find("    # -- generated from the declaration in ", found.end())
        nxt = re.search(r"^class ", source[found.end() :], re.MULTILINE)
        limit = len(source) if nxt is None else found.end() + nxt.start()
        end = source.find(END, begin)
        if begin < 0 or end < 0 or end > limit:
            raise ValueError(f"class {decl.name} has no generated part between markers")
        end += len(END) + 1
        source = source[:begin] + class_body(decl, script) + source[end:]
    return source


__all__ = ["BEGIN", "END", "Field", "Memo", "ValueDecl", "class_body", "splice"]
