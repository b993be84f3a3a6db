"""Cheap copies of frozen values, and lookups kept in them.

Game states are frozen values, cloned by reference; a transition makes a changed
copy. Most are attrs classes: ``attrs.evolve`` looks the class's fields up on every
call, and a battle makes hundreds of thousands of copies, so :func:`evolve` works
each class's recipe out once. :class:`Memo` (made with :func:`memo`) is a property of
an attrs class worked out on first use and kept in the instance; :func:`evolve` keeps
it in a copy that leaves the fields it depends on unchanged. The values copied most
are :class:`Value` classes, whose fields are written out so that the compiled build
makes native classes of them (by :mod:`navalwar.value_source`, from one declaration).
"""

from __future__ import annotations

import inspect
import linecache
import operator
from collections.abc import Callable
from functools import cached_property
from typing import Any, ClassVar, Generic, TypeVar, overload

import attrs
from attrs.exceptions import FrozenInstanceError

T = TypeVar("T")
V = TypeVar("V")


class Memo(Generic[V]):
    """A property of a frozen value worked out on first use and kept in the instance.

    It is a function of the fields named in ``depends`` only, so :func:`evolve`
    keeps it in a copy that leaves those fields unchanged (and drops it otherwise).
    Made with :func:`memo`; the class must not use slots.
    """

    def __init__(self, fn: Callable[[Any], V], depends: frozenset[str]) -> None:
        self.fn = fn
        self.depends = depends
        # the attribute's name comes from __set_name__ (a mypyc-compiled method has no
        # __name__ of its own)
        self.name = getattr(fn, "__name__", "")
        self.__doc__ = fn.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, inst: None, owner: type | None = None) -> Memo[V]: ...

    @overload
    def __get__(self, inst: object, owner: type | None = None) -> V: ...

    def __get__(self, inst: object, owner: type | None = None) -> V | Memo[V]:
        if inst is None:
            return self
        value = inst.__dict__[self.name] = self.fn(inst)  # later reads find it there
        return value


def memo(*depends: str) -> Callable[[Callable[[Any], V]], Memo[V]]:
    """Decorate a method computing a :class:`Memo` from the fields ``depends``."""

    def make(fn: Callable[[Any], V]) -> Memo[V]:
        return Memo(fn, frozenset(depends))

    return make


@attrs.frozen
class _Recipe:
    """How :func:`evolve` makes a changed copy of one class (worked out once).

    ``fields`` set: the class is a plain one (no slots anywhere in its bases, no cached
    hash, and its own attrs-generated ``__init__`` only stores each field: no
    converter, validator, alias or pre/post-init), so a copy is its instance
    dictionary with the changes, less the memos that a changed field makes stale
    (``stale``: field -> memo names). Otherwise, when its ``__init__`` is the one attrs
    generated, ``read`` and ``index`` pass the init fields positionally to the class,
    which runs its ``__init__`` as attrs would; failing that, ``attrs.evolve`` is used.
    """

    fields: frozenset[str] | None
    stale: dict[str, tuple[str, ...]]
    read: Callable[[Any], tuple[Any, ...]] | None
    index: dict[str, int]

    def dropped(self, cls: type, names: tuple[str, ...]) -> tuple[str, ...]:
        """The memos of a plain class made stale by changing the fields ``names``; a
        name that is no field raises TypeError, as ``attrs.evolve`` does."""
        unknown = sorted(set(names) - (self.fields or frozenset()))
        if unknown:
            raise TypeError(f"{cls.__name__}.__init__() got an unexpected keyword {unknown[0]!r}")
        stale = self.stale
        return tuple(dict.fromkeys(memo for name in names for memo in stale.get(name, ())))


class Value:
    """A frozen value whose fields are written out: the values a game copies most.

    A subclass names its fields in ``FIELDS``, sets each in its ``__init__`` with
    ``object.__setattr__`` and offers a ``replace`` method with a keyword-only
    argument per field it may change, an argument left at its default (None) meaning
    unchanged. ``MEMOS`` names any lookups it keeps (attributes that are no fields,
    None until worked out) with the fields each depends on; its ``replace`` keeps
    those the changes leave valid. In the compiled build it is a native class:
    reading a field reads a C struct member, and ``replace`` is a direct call (an
    interpreted class cannot subclass ``Value`` there). In pure Python, where every
    instance keeps its fields in its ``__dict__``, ``replace`` and ``__replace__`` are
    swapped for ones copying that dictionary (as :func:`evolve` does) less the stale
    memos.

    Assigning or deleting a field raises ``attrs.exceptions.FrozenInstanceError``, as
    on a frozen attrs class; values are equal when their class and fields (less
    ``UNCOMPARED``) are; they pickle; :func:`evolve` (and ``copy.replace`` from
    Python 3.13) works through ``__replace__``.
    """

    __slots__ = ()
    FIELDS: ClassVar[tuple[str, ...]] = ()
    UNCOMPARED: ClassVar[tuple[str, ...]] = ()  # fields neither compared nor shown
    # attributes that are no fields: lookups worked out from the fields named, which
    # ``replace`` keeps while those are unchanged (None: not worked out yet)
    MEMOS: ClassVar[dict[str, tuple[str, ...]]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.__dictoffset__:  # pure Python (a native class keeps no __dict__)
            cls.__replace__ = _python_copy(cls)  # type: ignore[method-assign]
            if "replace" in vars(cls):  # a class with its own replace
                setattr(cls, "replace", _python_replace(cls))  # noqa: B010 (a subclass method)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError()

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError()

    def values(self) -> tuple[Any, ...]:
        """The fields' values, in the order of ``FIELDS``."""
        return tuple([getattr(self, name) for name in self.FIELDS])

    def _compared(self) -> tuple[Any, ...]:
        if not self.UNCOMPARED:
            return self.values()
        return tuple([getattr(self, n) for n in self.FIELDS if n not in self.UNCOMPARED])

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._compared() == other._compared()

    def __ne__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._compared() != other._compared()

    def __hash__(self) -> int:
        return hash((self.__class__.__name__, self._compared()))

    def __repr__(self) -> str:
        hidden = self.UNCOMPARED
        shown = ", ".join(
            f"{n}={v!r}" for n, v in zip(self.FIELDS, self.values(), strict=True) if n not in hidden
        )
        return f"{self.__class__.__name__}({shown})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (self.__class__, self.values())

    def __replace__(self, **changes: Any) -> Any:
        """A copy with ``changes`` (field name -> value); an unknown name raises TypeError."""
        fields = self.FIELDS
        for name in changes:
            if name not in fields:
                raise TypeError(
                    f"{self.__class__.__name__}.__init__() got an unexpected keyword {name!r}"
                )
        cls: Any = self.__class__
        return cls(*[changes.get(n, v) for n, v in zip(fields, self.values(), strict=True)])


class Keep:
    """The type of :data:`KEEP`."""


KEEP = Keep()  # a ``replace`` argument for which None is a value: left unchanged


_NEVER_UNCHANGED = object()  # no value given is this: every value given is the new one


def _python_replace(cls: type[Value]) -> Callable[..., Any]:
    """``cls.replace`` for pure Python: an argument left at its default is unchanged.

    Written out as source (an argument with a default per field, in the order of the
    class's own ``replace``), so that a call builds no dictionary of its arguments and
    tests each field with one comparison: the copy the rules make most."""
    written = vars(cls)["replace"]
    parameters = inspect.signature(written).parameters
    unchanged = {name: p.default for name, p in parameters.items() if name != "self"}
    fields = set(cls.FIELDS)
    if any(
        p.kind is not inspect.Parameter.KEYWORD_ONLY
        or name not in fields
        or name in _LOCALS
        or name.startswith("_")
        for name, p in parameters.items()
        if name != "self"
    ):
        replace = _dict_copier(cls, unchanged, "replace")  # (a replace of another form)
    else:
        replace = _written_copier(cls, unchanged)
    replace.__doc__ = written.__doc__
    return replace


_NOT_GIVEN = object()
# the names the written replace uses itself (and those starting with an underscore): a
# field called so gets the dictionary copier
_LOCALS = frozenset({"self", "values", "new", "_new", "_setattr"})


def _written_copier(cls: type[Value], unchanged: dict[str, object]) -> Callable[..., Any]:
    """The :func:`_dict_copier` of ``cls.replace`` written out as source: ``unchanged``
    names its arguments, each with the value leaving the field unchanged. (They are not
    keyword-only: CPython looks each keyword-only default up in a dictionary per call;
    a positional argument is refused instead.)"""
    stale: dict[str, list[str]] = {}
    for memo_name, depends in cls.MEMOS.items():
        for field in depends:
            stale.setdefault(field, []).append(memo_name)
    scope: dict[str, Any] = {"_new": _new, "_setattr": _setattr, "_none": _NOT_GIVEN}
    # the first argument is there to refuse a positional one, as a keyword-only replace does
    arguments = ["_positional=_none"]
    refused = f"{cls.__qualname__}.replace() takes keyword arguments only"
    body = [
        "    if _positional is not _none:",
        f"        raise TypeError({refused!r})",
        "    values = self.__dict__.copy()",
    ]
    for i, (name, default) in enumerate(unchanged.items()):
        if default is None:
            given = f"{name} is not None"
            arguments.append(f"{name}=None")
        else:
            scope[f"_default_{i}"] = default
            given = f"{name} is not _default_{i}"
            arguments.append(f"{name}=_default_{i}")
        body.append(f"    if {given}:")
        body.append(f"        values[{name!r}] = {name}")
        body.extend(f"        values[{memo!r}] = None" for memo in stale.get(name, ()))
    body.append("    new = _new(self.__class__)")
    body.append("    _setattr(new, '__dict__', values)")
    body.append("    return new")
    source = f"def replace(self, {', '.join(arguments)}):\n" + "\n".join(body) + "\n"
    module = getattr(cls, "__module__", "")  # (mypyc reads no __module__ of a class object)
    filename = f"<replace of {module}.{cls.__qualname__}>"
    exec(compile(source, filename, "exec"), scope)
    # (its source is shown in a traceback, as a dataclass's generated methods are)
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    replace: Callable[..., Any] = scope["replace"]
    replace.__qualname__ = f"{cls.__qualname__}.replace"
    replace.__module__ = __name__  # (the copier is this module's, as the dictionary one is)
    return replace


def _python_copy(cls: type[Value]) -> Callable[..., Any]:
    """``cls.__replace__`` for pure Python: any field, and every value given is the new
    one (None too), as with ``attrs.evolve``."""
    return _dict_copier(cls, dict.fromkeys(cls.FIELDS, _NEVER_UNCHANGED), "__init__")


def _dict_copier(cls: type[Value], unchanged: dict[str, object], what: str) -> Callable[..., Any]:
    """A method copying the instance dictionary with the changes, less the memos they
    make stale. ``unchanged``: the names it takes, each with the value that leaves
    the field unchanged; ``what``: the method named in the error for another name."""
    stale: dict[str, list[str]] = {}
    for memo_name, depends in cls.MEMOS.items():
        for field in depends:
            stale.setdefault(field, []).append(memo_name)
    # each name: the value leaving it unchanged and the memos a change makes stale
    plan = {name: (default, tuple(stale.get(name, ()))) for name, default in unchanged.items()}

    def copy(self: Value, **changes: Any) -> Any:
        values = self.__dict__.copy()
        for name, value in changes.items():
            entry = plan.get(name)
            if entry is None:
                raise TypeError(f"{cls.__name__}.{what}() got an unexpected keyword {name!r}")
            if value is not entry[0]:
                values[name] = value
                for memo_name in entry[1]:
                    values[memo_name] = None
        new = _new(self.__class__)
        _setattr(new, "__dict__", values)
        return new

    return copy


_RECIPES: dict[type, _Recipe] = {}
# (plain class, names of the changed fields in order) -> the memos the change makes
# stale, worked out once per such pair (the names are checked then)
_DROPS: dict[tuple[type, tuple[str, ...]], tuple[str, ...]] = {}
# plain class without memos -> its number of fields: a copy with any of them changed
# drops nothing, and its instance dictionary holds just the fields, so a copy that
# has no more keys than that changed no other name (the usual case, checked cheaply)
_MEMOLESS: dict[type, int] = {}
_new = object.__new__
_setattr = object.__setattr__


def _reader(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """A function reading the attributes ``names`` of an instance, as a tuple."""
    if len(names) > 1:
        return operator.attrgetter(*names)  # a tuple already
    name = names[0]

    def read_one(inst: Any) -> tuple[Any, ...]:
        return (getattr(inst, name),)

    return read_one


def _attrs_generated(function: object) -> bool:
    code = getattr(function, "__code__", None)
    return code is not None and code.co_filename.startswith("<attrs generated")


def _recipe(cls: type) -> _Recipe:
    fields = attrs.fields(cls)
    init = [a for a in fields if a.init]
    names = frozenset(a.name for a in fields)
    stale: dict[str, list[str]] = {}
    for klass in cls.__mro__:
        for name, value in vars(klass).items():
            if isinstance(value, Memo):
                if not value.depends <= names:
                    unknown = ", ".join(sorted(value.depends - names))
                    raise TypeError(f"{cls.__name__}.{name} depends on no field {unknown}")
                for field in value.depends:
                    stale.setdefault(field, []).append(name)
            elif isinstance(value, cached_property):  # it may depend on anything
                for field in names:
                    stale.setdefault(field, []).append(name)
    hash_code = getattr(cls.__hash__, "__code__", None)
    plain = (
        cls.__dictoffset__ != 0  # instances have a __dict__ ...
        and not any("__slots__" in vars(klass) for klass in cls.__mro__)  # ... for every field
        and _attrs_generated(vars(cls).get("__init__"))  # its own, not a hand-written one
        and all(
            a.init and a.validator is None and a.converter is None and a.alias == a.name
            for a in fields
        )
        and not hasattr(cls, "__attrs_pre_init__")
        and not hasattr(cls, "__attrs_post_init__")
        and not (hash_code is not None and "_attrs_cached_hash" in hash_code.co_names)
    )
    read: Callable[[Any], tuple[Any, ...]] | None = None
    if (
        init
        and not any(a.kw_only for a in init)
        and _attrs_generated(getattr(cls, "__init__", None))
    ):
        read = _reader(tuple(a.name for a in init))
    recipe = _Recipe(
        names if plain else None,
        {field: tuple(memos) for field, memos in stale.items()},
        read,
        {a.alias: i for i, a in enumerate(init)},
    )
    _RECIPES[cls] = recipe
    if plain and not recipe.stale:
        _MEMOLESS[cls] = len(names)
    return recipe


def evolve(inst: T, **changes: Any) -> T:
    """``attrs.evolve(inst, **changes)``, without its introspection on every call (and
    ``inst.__replace__(**changes)`` for a :class:`Value`).

    A plain class (see :class:`_Recipe`) is copied field by field in one go, keeping
    the memos the changes leave valid (its instances must keep nothing else in their
    ``__dict__``); any other with the ``__init__`` attrs generated gets its init fields
    positionally, so that ``__init__`` (defaults, converters, validators, post-init)
    runs as with attrs; the rest go to ``attrs.evolve``. An unknown name raises
    TypeError, as it does there.
    """
    cls = type(inst)
    size = _MEMOLESS.get(cls)
    if size is not None:
        values = inst.__dict__ | changes
        if len(values) == size:  # no name but a field's (see _MEMOLESS)
            new = _new(cls)
            _setattr(new, "__dict__", values)  # cheaper than filling its own dictionary
            return new
    key = (cls, tuple(changes))
    drop = _DROPS.get(key)
    if drop is None:
        if isinstance(inst, Value):
            result: T = inst.__replace__(**changes)
            return result
        recipe = _RECIPES.get(cls) or _recipe(cls)
        if recipe.fields is None:
            return _evolve_by_init(inst, recipe, changes)
        drop = _DROPS[key] = recipe.dropped(cls, key[1])  # checks the names too
    values = inst.__dict__ | changes
    for name in drop:  # the memos worked out in inst that the changes make stale
        values.pop(name, None)
    new = _new(cls)
    _setattr(new, "__dict__", values)
    return new


def _evolve_by_init(inst: T, recipe: _Recipe, changes: dict[str, Any]) -> T:
    """:func:`evolve` for a class that is not plain: through its ``__init__``."""
    cls = type(inst)
    if recipe.read is None:
        return attrs.evolve(inst, **changes)  # type: ignore[misc]
    values_list = list(recipe.read(inst))
    for name, value in changes.items():
        i = recipe.index.get(name)
        if i is None:
            raise TypeError(f"{cls.__name__}.__init__() got an unexpected keyword {name!r}")
        values_list[i] = value
    return cls(*values_list)


__all__ = ["KEEP", "Keep", "Memo", "Value", "evolve", "memo"]
