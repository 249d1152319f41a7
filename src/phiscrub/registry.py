"""Plug-ins: detectors, merge policies and replacement operators from other packages.

A package adds one by registering it in code::

    import phiscrub.registry

    @phiscrub.registry.detectors.register("my-ids")
    def make(name: str, **settings) -> MyDetector:   # anything with .name and .detect(doc)
        return MyDetector(name, **settings)

or, without being imported first, through an entry point in its ``pyproject.toml``::

    [project.entry-points."phiscrub.detectors"]
    my-ids = "my_package.detectors:make"

and a pipeline config names it::

    [[detector]]
    type = "plugin"
    factory = "my-ids"
    name = "ids"
    settings = { prefix = "ZX" }

Merge policies (``phiscrub.merge_policies``) are called as ``policy(spans, priority)`` and
return a :class:`phiscrub.merge.MergeResult`; replacement operators (``phiscrub.operators``) as
``operator(original_text, label)`` and return the replacement text. A plug-in runs inside
phiscrub with the note's text: it is trusted code, and must not log or keep that text.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib.metadata import entry_points
from typing import Any, TypeVar

from phiscrub.errors import ConfigError

F = TypeVar("F", bound=Callable[..., Any])


class Registry:
    """Named callables of one kind: registered in code, or found as entry points of the group
    ``phiscrub.<kind>`` (loaded on first lookup)."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.group = f"phiscrub.{kind}"
        self._entries: dict[str, Callable[..., Any]] = {}

    def register(self, name: str, func: F | None = None) -> Any:
        """Register ``func`` under ``name``; without ``func``, a decorator that does."""
        if not name:
            raise ValueError(f"a {self.kind} plug-in needs a name")

        def add(f: F) -> F:
            self._entries[name] = f
            return f

        return add(func) if func is not None else add

    def _entry_point(self, name: str) -> Callable[..., Any] | None:
        for point in entry_points(group=self.group):
            if point.name == name:
                return point.load()
        return None

    def get(self, name: str) -> Callable[..., Any]:
        """The callable registered as ``name`` (a ConfigError naming the known ones if none)."""
        if name not in self._entries:
            found = self._entry_point(name)
            if found is None:
                known = ", ".join(self.names()) or "none"
                raise ConfigError(f"no {self.kind} plug-in named {name!r} (known: {known})")
            self._entries[name] = found
        return self._entries[name]

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name in self.names()

    def names(self) -> list[str]:
        """Every registered name and every entry point of the group."""
        return sorted({*self._entries, *(p.name for p in entry_points(group=self.group))})

    def unregister(self, name: str) -> None:
        """Forget a name registered in code (tests, reloads)."""
        self._entries.pop(name, None)


detectors = Registry("detectors")
merge_policies = Registry("merge_policies")
operators = Registry("operators")
