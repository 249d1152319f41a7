r"""A small template grammar, the engine behind the synthetic notes.

A template is literal text with three kinds of group, nestable:

- ``[a|b|c]`` picks one alternative, uniformly; an empty alternative makes the group optional
  (``[ daily|]``);
- ``{name}`` asks the context for a value: a string (ordinary text) or a sequence of
  :data:`Piece` (text with a PHI label, or several pieces, such as an address);
- ``{@rule}`` expands the named rule, itself a template (a non-terminal of the grammar: "a way
  to say when", "a reporting verb"), so that the same choices recur across templates;
- ``\[``, ``\]``, ``\{``, ``\}``, ``\|`` and ``\\`` are the literal characters.

Expanding a template gives its pieces and its *shape*: the literal text that was chosen
(rules included), with each slot left as ``{name}``. Two sentences share a shape when they
differ only in slot values, so counting distinct shapes counts structure, not vocabulary.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from phiscrub.errors import ConfigError

Piece = tuple[str, "str | None"]
"""Text and its PHI label (None for ordinary text)."""

Resolver = Callable[[str], "str | Sequence[Piece]"]


@dataclass(frozen=True)
class _Slot:
    name: str


@dataclass(frozen=True)
class _Choice:
    options: tuple[tuple[object, ...], ...]


def _parse(
    template: str, i: int, closing: str | None
) -> tuple[tuple[tuple[object, ...], ...], int]:
    """Parse alternatives up to ``closing`` (or the end); returns them and the next index."""
    options: list[tuple[object, ...]] = []
    nodes: list[object] = []
    text: list[str] = []

    def flush() -> None:
        if text:
            nodes.append("".join(text))
            text.clear()

    while i < len(template):
        c = template[i]
        if c == "\\" and i + 1 < len(template):
            text.append(template[i + 1])
            i += 2
            continue
        if c == "[":
            flush()
            group, i = _parse(template, i + 1, "]")
            nodes.append(_Choice(group))
            continue
        if c == "{":
            end = template.find("}", i)
            if end < 0:
                raise ConfigError(f"template has an unclosed '{{' at {i}")
            flush()
            nodes.append(_Slot(template[i + 1 : end]))
            i = end + 1
            continue
        if c == "|" and closing is not None:
            flush()
            options.append(tuple(nodes))
            nodes = []
            i += 1
            continue
        if c == "]":
            if closing != "]":
                raise ConfigError(f"template has an unopened ']' at {i}")
            flush()
            options.append(tuple(nodes))
            return tuple(options), i + 1
        text.append(c)
        i += 1
    if closing is not None:
        raise ConfigError(f"template has an unclosed '[' (at its end, {i})")
    flush()
    options.append(tuple(nodes))
    return tuple(options), i


@cache
def compile_template(template: str) -> tuple[object, ...]:
    """The parsed form of ``template`` (cached)."""
    options, _ = _parse(template, 0, None)
    return options[0]


def _rule(rules: Mapping[str, str], name: str) -> tuple[object, ...]:
    try:
        return compile_template(rules[name])
    except KeyError:
        raise ConfigError(f"template uses an undefined rule {{@{name}}}") from None


def count_shapes(template: str, rules: Mapping[str, str] | None = None) -> int:
    """How many distinct shapes ``template`` can produce (an upper bound: slots count once
    each, and different choices that happen to give the same text count apart)."""
    rules = rules or {}

    def seq(nodes: tuple[object, ...]) -> int:
        total = 1
        for node in nodes:
            if isinstance(node, _Choice):
                total *= sum(seq(option) for option in node.options)
            elif isinstance(node, _Slot) and node.name.startswith("@"):
                total *= seq(_rule(rules, node.name[1:]))
        return total

    return seq(compile_template(template))


def expand(
    template: str,
    rng: random.Random,
    resolve: Resolver,
    rules: Mapping[str, str] | None = None,
) -> tuple[list[Piece], str]:
    """Expand ``template``: its pieces, and its shape."""
    pieces: list[Piece] = []
    shape: list[str] = []
    rules = rules or {}

    def walk(nodes: tuple[object, ...]) -> None:
        for node in nodes:
            if isinstance(node, str):
                pieces.append((node, None))
                shape.append(node)
            elif isinstance(node, _Choice):
                walk(node.options[rng.randrange(len(node.options))])
            elif node.name.startswith("@"):
                walk(_rule(rules, node.name[1:]))
            else:
                value = resolve(node.name)
                if isinstance(value, str):
                    pieces.append((value, None))
                else:
                    pieces.extend(value)
                shape.append("{" + node.name + "}")

    walk(compile_template(template))
    return pieces, "".join(shape)
