"""Language packs: the value lists surrogates are drawn from.

Names, cities, states, countries, street words and professions come from faker's locale data
(faker is MIT-licensed; en_US and es_ES); the few lists faker lacks (hospital and organisation
words, departments, weekday and month names) are ours, below.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from phiscrub.errors import ConfigError


@dataclass(frozen=True)
class LanguagePack:
    """Value lists for one language."""

    code: str
    first_names: tuple[str, ...]
    last_names: tuple[str, ...]
    cities: tuple[str, ...]
    states: tuple[str, ...]
    state_abbreviations: tuple[str, ...]
    countries: tuple[str, ...]
    street_kinds: tuple[str, ...]
    street_kind_first: bool
    professions: tuple[str, ...]
    hospital_patterns: tuple[str, ...]
    organization_patterns: tuple[str, ...]
    departments: tuple[str, ...]
    months: tuple[str, ...]
    weekdays: tuple[str, ...]
    day_first: bool
    holidays: tuple[str, ...] = ()
    seasons: tuple[str, ...] = ()
    sex_words: tuple[tuple[str, str], ...] = ()
    """(male, female) forms of words and letters that state a sex, the generic word first."""

    def named(self, patterns: tuple[str, ...], rng: Any, city: str | None = None) -> str:
        """A name from one of ``patterns`` ("{last} General Hospital"), filled from this pack.

        ``rng`` is anything with ``choice`` (a keyed stream or ``random.Random``); ``city``
        fixes the city a pattern may name.
        """
        return rng.choice(patterns).format(
            first=rng.choice(self.first_names),
            last=rng.choice(self.last_names),
            city=city if city is not None else rng.choice(self.cities),
        )

    @property
    def named_departments(self) -> tuple[str, ...]:
        """Departments that are names; "the emergency department" is how notes name a place."""
        return tuple(d for d in self.departments if d not in ("Emergency Department", "Urgencias"))


EN_MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)
EN_WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
ES_MONTHS = (
    "enero",
    "febrero",
    "marzo",
    "abril",
    "mayo",
    "junio",
    "julio",
    "agosto",
    "septiembre",
    "octubre",
    "noviembre",
    "diciembre",
)
ES_WEEKDAYS = ("lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo")


def _unique(values) -> tuple[str, ...]:
    return tuple(dict.fromkeys(str(v) for v in values))


@cache
def _english() -> LanguagePack:
    from faker.providers.address.en_US import Provider as Address
    from faker.providers.job.en_US import Provider as Job
    from faker.providers.person.en_US import Provider as Person

    first = _unique([*Person.first_names_female, *Person.first_names_male])
    last = _unique(Person.last_names)
    # faker's en_US city formats: "{prefix} {first name}{suffix}", "{last name}{suffix}"
    cities = _unique(
        [f"{name}{suffix}" for name in last[:200] for suffix in Address.city_suffixes[:6]]
        + [f"{prefix} {name}" for prefix in Address.city_prefixes for name in last[200:260]]
    )
    return LanguagePack(
        code="en",
        first_names=first,
        last_names=last,
        cities=cities,
        states=_unique(Address.states),
        state_abbreviations=_unique(Address.states_abbr),
        countries=_unique(Address.countries),
        street_kinds=_unique(Address.street_suffixes),
        street_kind_first=False,
        professions=_unique(j for j in Job.jobs if "," not in j),
        hospital_patterns=(
            "{last} Memorial Hospital",
            "{last} General Hospital",
            "{city} Community Hospital",
            "{city} Medical Center",
            "St. {first}'s Hospital",
            "{last} Clinic",
        ),
        organization_patterns=(
            "{last} and Sons",
            "{last} Group",
            "{city} Logistics",
            "{last} Industries",
            "{city} Public Schools",
            "{last} LLC",
        ),
        departments=(
            "Cardiology",
            "Oncology",
            "Neurology",
            "Radiology",
            "Nephrology",
            "Emergency Department",
            "Orthopedics",
            "Gastroenterology",
            "Pediatrics",
            "Internal Medicine",
            "Dermatology",
            "Psychiatry",
        ),
        months=EN_MONTHS,
        weekdays=EN_WEEKDAYS,
        day_first=False,
        holidays=(
            "New Year's Day",
            "Memorial Day",
            "Independence Day",
            "Labor Day",
            "Thanksgiving",
            "Christmas",
            "Easter",
            "Halloween",
            "Valentine's Day",
        ),
        seasons=("spring", "summer", "fall", "autumn", "winter"),
        sex_words=(
            ("male", "female"),
            ("man", "woman"),
            ("boy", "girl"),
            ("gentleman", "lady"),
            ("m", "f"),
        ),
    )


@cache
def _spanish() -> LanguagePack:
    from faker.providers.address.es_ES import Provider as Address
    from faker.providers.job.es_ES import Provider as Job
    from faker.providers.person.es_ES import Provider as Person

    return LanguagePack(
        code="es",
        first_names=_unique([*Person.first_names_female, *Person.first_names_male]),
        last_names=_unique(Person.last_names),
        cities=_unique(Address.states),  # provinces, named after their capital cities
        states=_unique(Address.states),
        state_abbreviations=(),
        countries=_unique(Address.countries),
        street_kinds=_unique(Address.street_prefixes),
        street_kind_first=True,
        professions=_unique(Job.jobs),
        hospital_patterns=(
            "Hospital Universitario {last}",
            "Hospital General de {city}",
            "Hospital Clínico {last}",
            "Complejo Hospitalario de {city}",
            "Hospital {first} {last}",
        ),
        organization_patterns=(
            "Fundación {last}",
            "Asociación {last} de {city}",
            "Grupo {last}",
            "Consorcio {city}",
        ),
        departments=(
            "Cardiología",
            "Oncología",
            "Neurología",
            "Radiología",
            "Nefrología",
            "Urgencias",
            "Traumatología",
            "Digestivo",
            "Pediatría",
            "Medicina Interna",
            "Dermatología",
            "Psiquiatría",
        ),
        months=ES_MONTHS,
        weekdays=ES_WEEKDAYS,
        day_first=True,
        holidays=(
            "Año Nuevo",
            "Reyes",
            "Semana Santa",
            "Navidad",
            "Nochebuena",
            "Nochevieja",
            "San Juan",
        ),
        seasons=("primavera", "verano", "otoño", "invierno"),
        sex_words=(
            ("varón", "mujer"),
            ("hombre", "mujer"),
            ("niño", "niña"),
            ("masculino", "femenino"),
            ("masculina", "femenina"),
            ("chico", "chica"),
            ("anciano", "anciana"),
            ("recién nacido", "recién nacida"),
            ("h", "m"),  # Sexo: H / M
            ("v", "m"),
            ("h", "f"),
        ),
    )


def language_pack(code: str) -> LanguagePack:
    """The pack for ``en`` or ``es`` (built on first use from faker's data)."""
    if code == "en":
        return _english()
    if code == "es":
        return _spanish()
    raise ConfigError(f"no surrogate language pack {code!r}; expected 'en' or 'es'")
