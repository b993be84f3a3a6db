"""navalwar.frozen: ``evolve`` is ``attrs.evolve``, memos stay only while valid, and a
``Value`` is a frozen value on either build."""

from __future__ import annotations

import functools
import pickle
from typing import ClassVar

import attrs
import pytest
from attrs.exceptions import FrozenInstanceError
from hypothesis import given
from hypothesis import strategies as st

from navalwar import compiled
from navalwar.frozen import Value, evolve, memo
from navalwar.games.tokyo_express.model import JAPAN, PORT, TURN_60, Formation, Order, Ship
from navalwar.hexgrid import Hex


@attrs.frozen(slots=False)
class Plain:
    a: int
    b: tuple[int, ...] = ()
    calls: list[str] = attrs.field(factory=list, eq=False)

    @memo("a")
    def double(self) -> int:
        self.calls.append("double")
        return self.a * 2

    @memo("a", "b")
    def total(self) -> int:
        self.calls.append("total")
        return self.a + sum(self.b)


@attrs.frozen(slots=True)
class Slotted:
    a: int
    b: str = "x"

    @functools.cached_property
    def shout(self) -> str:
        return self.b.upper() * self.a


@attrs.frozen(slots=False)
class Converted:
    a: int = attrs.field(converter=int)
    b: int = attrs.field(default=0, validator=attrs.validators.ge(0))


@given(st.integers(), st.lists(st.integers(), max_size=3).map(tuple), st.integers())
def test_plain_copies_equal_attrs_evolve(a: int, b: tuple[int, ...], new_a: int) -> None:
    x = Plain(a, b)
    assert evolve(x, a=new_a) == attrs.evolve(x, a=new_a)
    assert evolve(x, b=(*b, 1)) == attrs.evolve(x, b=(*b, 1))
    assert evolve(x) == x and evolve(x) is not x


def test_a_memo_survives_changes_to_fields_it_does_not_depend_on() -> None:
    x = Plain(2, (1, 1))
    assert (x.double, x.total) == (4, 4)
    y = evolve(x, b=(5,))
    assert y.double == 4  # kept: depends on a only
    assert y.total == 7  # worked out again: depends on b
    assert x.calls == ["double", "total", "total"]  # the calls list is shared by the copy
    z = evolve(y, a=10)
    assert (z.double, z.total) == (20, 15)


def test_slotted_and_converted_classes_run_their_init() -> None:
    s = Slotted(2, "ab")
    assert s.shout == "ABAB"
    t = evolve(s, b="c")
    assert t == Slotted(2, "c") and t.shout == "CC"
    c = evolve(Converted(1), a="7")  # type: ignore[arg-type]
    assert c.a == 7
    with pytest.raises(ValueError):
        evolve(Converted(1), b=-1)


@pytest.mark.parametrize("value", [Plain(1), Slotted(1), Converted(1)])
def test_an_unknown_field_is_a_type_error(value: object) -> None:
    with pytest.raises(TypeError, match="nope"):
        evolve(value, nope=1)


@attrs.define(frozen=True, slots=True)
class SlottedBase:
    a: int


@attrs.frozen(slots=False)
class DictSub(SlottedBase):
    b: int = 0


@attrs.frozen(slots=False, cache_hash=True)
class CachedHash:
    a: int


@attrs.frozen(slots=False, init=False)
class HandInit:
    a: int
    b: int

    def __init__(self, b: int, a: int) -> None:  # its own order
        object.__setattr__(self, "a", a)
        object.__setattr__(self, "b", b)


def test_edge_classes_copy_as_attrs_evolve_does() -> None:
    assert evolve(DictSub(1, 2), b=3) == DictSub(1, 3)  # a base's field lives in a slot
    h = CachedHash(1)
    assert hash(h) == hash(CachedHash(1))
    assert hash(evolve(h, a=2)) == hash(CachedHash(2))  # the cached hash is not copied
    assert evolve(HandInit(b=2, a=1), a=5) == attrs.evolve(HandInit(b=2, a=1), a=5)
    assert (evolve(HandInit(b=2, a=1), a=5).a, evolve(HandInit(b=2, a=1), a=5).b) == (5, 2)


def test_a_memo_name_is_no_field_to_change() -> None:
    x = Plain(1)
    with pytest.raises(TypeError, match="double"):
        evolve(x, double=5)
    assert x.double == 2
    with pytest.raises(TypeError, match="double"):
        evolve(x, double=5)  # the same whether or not the memo was worked out


def test_a_memo_must_depend_on_fields() -> None:
    @attrs.frozen(slots=False)
    class Typo:
        a: int

        @memo("aa")
        def twice(self) -> int:
            return self.a * 2

    with pytest.raises(TypeError, match=r"Typo\.twice depends on no field aa"):
        evolve(Typo(1), a=2)


@attrs.frozen(slots=False)
class Bare:
    a: int
    b: str = "x"


def test_a_class_without_memos_copies_as_attrs_evolve_does() -> None:
    x = Bare(1)
    assert evolve(x, b="y") == attrs.evolve(x, b="y")  # the first copy works the recipe out
    assert evolve(x, a=2, b="z") == Bare(2, "z")  # later ones only check the names
    assert evolve(x) == x and evolve(x) is not x
    with pytest.raises(TypeError, match="nope"):
        evolve(x, a=3, nope=1)
    assert x == Bare(1)


def test_a_copy_has_its_own_instance_dictionary() -> None:
    x = Plain(1)
    y = evolve(x, b=(2,))
    assert (y.double, y.total) == (2, 3)
    assert "double" not in vars(x) and "total" not in vars(x)  # worked out in y only
    w = Bare(1)
    evolve(w, a=2).__dict__["b"] = "changed"  # (only to show the copy is separate)
    assert w.b == "x"


# -- Value: a frozen value with its fields written out ------------------------------------
# On the compiled build Value is a native class, which an interpreted class cannot
# subclass (mypyc): Point is defined on the sources only.
if not compiled():

    class Point(Value):
        FIELDS = ("x", "y", "tag")
        x: int
        y: int
        tag: str

        def __init__(self, x: int, y: int = 0, tag: str = "") -> None:
            object.__setattr__(self, "x", x)
            object.__setattr__(self, "y", y)
            object.__setattr__(self, "tag", tag)

        def replace(self, *, y: int | None = None, tag: str | None = None) -> Point:
            return Point(self.x, self.y if y is None else y, self.tag if tag is None else tag)


def _values() -> list[Value]:
    """The Tokyo Express values (native classes on the compiled build) and, on the
    sources, one defined here."""
    order = Order(TURN_60, PORT, turns_done=1)
    mine: list[Value] = [] if compiled() else [Point(1, 2, "a")]
    return [
        *mine,
        order,
        Formation(3, JAPAN, ("Fubuki", "Hatsuyuki"), 5, order),
        Ship("Fubuki", JAPAN, Hex(4, -2), 3, 7, (0, 1), hits=2, formation=3),
    ]


@pytest.mark.parametrize("value", _values(), ids=lambda v: type(v).__name__)
def test_a_value_is_frozen_and_compares_by_its_fields(value: Value) -> None:
    field = value.FIELDS[-1]
    with pytest.raises(FrozenInstanceError):
        setattr(value, field, getattr(value, field))
    with pytest.raises(FrozenInstanceError):
        delattr(value, field)
    twin = type(value)(*value.values())
    assert twin == value and (twin != value) is False and hash(twin) == hash(value)
    assert twin is not value and value != value.values() and value != 1
    assert pickle.loads(pickle.dumps(value)) == value
    shown = repr(value)
    assert shown.startswith(f"{type(value).__name__}(") and f"{field}=" in shown


@pytest.mark.parametrize("value", _values(), ids=lambda v: type(v).__name__)
def test_evolve_and_replace_copy_a_value(value: Value) -> None:
    name = value.FIELDS[-1]
    old = getattr(value, name)
    new: object = not old if isinstance(old, bool) else 99 if isinstance(old, int) else "z"
    changed = evolve(value, **{name: new})
    assert type(changed) is type(value) and getattr(changed, name) == new
    assert changed.values()[:-1] == value.values()[:-1] and value != changed
    assert getattr(value, name) != new  # the original is untouched
    assert value.replace(**{name: new}) == changed  # type: ignore[attr-defined]
    assert value.replace() == value  # type: ignore[attr-defined]  # None: unchanged
    with pytest.raises(TypeError, match="unexpected keyword"):
        evolve(value, no_such_field=1)
    with pytest.raises(TypeError):
        value.replace(no_such_field=1)  # type: ignore[attr-defined]


@pytest.mark.skipif(compiled(), reason="Point is defined on the sources only")
def test_a_subclass_inherits_replace() -> None:
    class Tagged(Point):
        pass

    moved = Tagged(1, 2, "a").replace(y=3)
    assert type(moved) is Tagged and moved == Tagged(1, 3, "a")


def test_replace_leaves_what_it_is_not_given() -> None:
    order = Order(TURN_60, PORT, turns_done=1, phases_left=2)
    assert order.replace(phases_left=1) == Order(TURN_60, PORT, 1, 0, False, 1)
    assert order.replace(turns_done=0) == Order(TURN_60, PORT, 0, 0, False, 2)  # 0 is a value
    ship = Ship("Fubuki", JAPAN, Hex(4, -2), 3, 7)
    moved = ship.replace(hex=Hex(5, -2), heading=0, sinking=False)
    assert (moved.hex, moved.heading, moved.max_speed, moved.name) == (Hex(5, -2), 0, 7, "Fubuki")


def test_the_compiled_build_makes_native_values() -> None:
    """On the compiled build the game's values keep no instance dictionary (native
    classes, their own ``replace``); on the sources they do, and ``replace`` is the
    one copying it."""
    ship = Ship("Fubuki", JAPAN, Hex(4, -2), 3, 7)
    assert hasattr(ship, "__dict__") is not compiled()
    swapped = getattr(Ship.replace, "__module__", None) == "navalwar.frozen"
    assert swapped is not compiled()


@pytest.mark.parametrize("value", _values(), ids=lambda v: type(v).__name__)
def test_replace_takes_keywords_only(value: Value) -> None:
    """The written-out ``replace`` of the sources refuses a positional argument, as the
    class's own keyword-only one does."""
    with pytest.raises(TypeError):
        value.replace(value.values()[0])  # type: ignore[attr-defined]


@pytest.mark.skipif(compiled(), reason="a class defined here is interpreted")
def test_a_field_named_as_a_local_of_the_written_copier_still_copies() -> None:
    class Odd(Value):
        FIELDS = ("new", "x")
        MEMOS: ClassVar[dict[str, tuple[str, ...]]] = {"_twice": ("new",)}
        new: int
        x: int
        _twice: int | None

        def __init__(self, new: int, x: int) -> None:
            object.__setattr__(self, "new", new)
            object.__setattr__(self, "x", x)
            object.__setattr__(self, "_twice", None)

        def replace(self, *, new: int | None = None, x: int | None = None) -> Odd:
            raise AssertionError("swapped for a copier on the sources")

    odd = Odd(1, 2)
    object.__setattr__(odd, "_twice", 2)
    changed = odd.replace(new=5)
    assert (changed.new, changed.x, changed._twice) == (5, 2, None)
    assert odd.replace(x=7)._twice == 2 and odd.replace(x=7).x == 7
