"""Synthetic patients, clinicians and hospitals: the facts a patient's notes share.

Names are drawn from faker's person data for many locales (en_US most often), not only the
en_US lists the surrogate engine and the dictionaries use, so that a detector evaluated on
synthetic notes meets names its gazetteers do not hold. Everything else comes from the
surrogate language pack and :mod:`phiscrub.replace.shapes`-style random digits.
"""

from __future__ import annotations

import importlib
import random
import string
from dataclasses import dataclass, field
from datetime import date, timedelta
from functools import cache

from phiscrub.replace.packs import LanguagePack

# (faker locale, weight): where synthetic names come from
NAME_LOCALES = (
    ("en_US", 10),
    ("en_GB", 2),
    ("en_IE", 2),
    ("en_IN", 2),
    ("es_MX", 2),
    ("de_DE", 1),
    ("fr_FR", 1),
    ("it_IT", 1),
    ("nl_NL", 1),
    ("fi_FI", 1),
    ("yo_NG", 1),
    ("tw_GH", 1),
)


# each patient's care team: role -> the credentials its clinician may hold
TEAM = {
    "attending": ("MD", "MD", "DO"),
    "resident": ("MD",),
    "nurse": ("RN",),
    "consultant": ("MD",),
    "radiologist": ("MD",),
    "pathologist": ("MD",),
    "surgeon": ("MD",),
    "psychiatrist": ("MD",),
    "np": ("NP", "PA"),
}
MAIL_DOMAINS = ("gmail.com", "yahoo.com", "mail.com", "outlook.com")


@cache
def _names(locale: str) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """Female first names, male first names and surnames of a faker locale."""
    provider = importlib.import_module(f"faker.providers.person.{locale}").Provider

    def clean(values: object) -> tuple[str, ...]:
        return tuple(
            dict.fromkeys(
                v for v in map(str, values) if v[:1].isupper() and " " not in v and "'" not in v
            )
        )

    female = clean(getattr(provider, "first_names_female", ()) or provider.first_names)
    male = clean(getattr(provider, "first_names_male", ()) or provider.first_names)
    return female, male, clean(provider.last_names)


@dataclass(frozen=True)
class Person:
    first: str
    middle: str
    last: str
    sex: str  # "F" or "M"


@dataclass(frozen=True)
class Clinician:
    person: Person
    credential: str  # MD, DO, NP, PA, RN, ...
    role: str  # attending, resident, pcp, nurse, consultant, radiologist, ...
    pager: str = ""

    @property
    def is_doctor(self) -> bool:
        return self.credential in ("MD", "DO")


@dataclass(frozen=True)
class Site:
    """A hospital and its contact details."""

    name: str
    abbreviation: str
    street: str
    city: str
    state: str
    zip: str
    phone: str
    fax: str
    url: str


@dataclass(frozen=True)
class Relative:
    relation: str
    person: Person
    phone: str


@dataclass
class Patient:
    person: Person
    dob: date
    mrn: str
    ssn: str
    street: str
    unit: str
    city: str
    state: str
    zip: str
    phone: str
    cell: str
    email: str
    username: str
    healthplan: str
    account: str
    license: str
    vehicle: str
    device: str
    profession: str
    employer: str
    country: str
    relatives: list[Relative]
    site: Site
    other_site: Site
    team: list[Clinician]
    pcp: Clinician
    visits: list[date] = field(default_factory=list)

    def age_on(self, day: date) -> int:
        years = day.year - self.dob.year
        return years - ((day.month, day.day) < (self.dob.month, self.dob.day))


def digits(rng: random.Random, count: int) -> str:
    return str(rng.randint(1, 9)) + "".join(str(rng.randint(0, 9)) for _ in range(count - 1))


def letters(rng: random.Random, count: int) -> str:
    return "".join(rng.choice(string.ascii_uppercase) for _ in range(count))


def phone_number(rng: random.Random) -> str:
    area, exchange, line = digits(rng, 3), digits(rng, 3), f"{rng.randint(0, 9999):04d}"
    form = rng.randrange(5)
    if form == 0:
        return f"({area}) {exchange}-{line}"
    if form == 1:
        return f"{area}-{exchange}-{line}"
    if form == 2:
        return f"{area}.{exchange}.{line}"
    if form == 3:
        return f"({area}){exchange}-{line}"
    return f"{area} {exchange} {line}"


class WorldMaker:
    """Draws people, sites and patients from a language pack and a random source."""

    def __init__(self, pack: LanguagePack, rng: random.Random) -> None:
        self.pack = pack
        self.rng = rng
        self._locales = [loc for loc, _ in NAME_LOCALES]
        self._weights = [w for _, w in NAME_LOCALES]
        self.sites = [self.site() for _ in range(12)]

    def person(self, sex: str | None = None) -> Person:
        rng = self.rng
        sex = sex or rng.choice("FM")
        female, male, last = _names(rng.choices(self._locales, self._weights)[0])
        firsts = female if sex == "F" else male
        middle = rng.choice(firsts) if rng.random() < 0.6 else ""
        surname = rng.choice(last)
        if rng.random() < 0.05:  # double-barrelled
            surname = f"{surname}-{rng.choice(last)}"
        return Person(rng.choice(firsts), middle, surname, sex)

    def street(self) -> str:
        rng = self.rng
        name = (
            rng.choice(self.pack.last_names)
            if rng.random() < 0.7
            else rng.choice(
                ("Oak", "Maple", "Pine", "Cedar", "Elm", "Lake", "Hill", "Park", "Main", "Church")
            )
        )
        return f"{rng.randint(1, 9999)} {name} {rng.choice(self.pack.street_kinds)}"

    def zip_code(self) -> str:
        return f"{self.rng.randint(1001, 99950):05d}" + (
            f"-{self.rng.randint(0, 9999):04d}" if self.rng.random() < 0.1 else ""
        )

    def state(self) -> str:
        pack = self.pack
        return (
            self.rng.choice(pack.state_abbreviations)
            if pack.state_abbreviations and self.rng.random() < 0.7
            else self.rng.choice(pack.states)
        )

    def site(self) -> Site:
        rng, pack = self.rng, self.pack
        city = rng.choice(pack.cities)
        name = pack.named(pack.hospital_patterns, rng, city)
        words = [w for w in name.replace(".", "").replace("'s", "").split() if w[:1].isupper()]
        abbreviation = "".join(w[0] for w in words)
        if len(abbreviation) < 2:
            abbreviation = (words[0][:3] if words else "GH").upper()
        slug = "".join(c for c in name.lower() if c.isalnum())[:14]
        return Site(
            name,
            abbreviation,
            self.street(),
            city,
            self.state(),
            self.zip_code(),
            phone_number(rng),
            phone_number(rng),
            f"www.{slug}.org",
        )

    def clinician(self, role: str, credential: str) -> Clinician:
        return Clinician(self.person(), credential, role, digits(self.rng, 5))

    def patient(self, first_visit: date, visits: int) -> Patient:
        rng, pack = self.rng, self.pack
        person = self.person()
        # ages 18-100, a few over 89 (they are HIPAA PHI)
        age = rng.randint(90, 101) if rng.random() < 0.06 else rng.randint(18, 88)
        dob = first_visit - timedelta(days=age * 365 + rng.randint(0, 364))
        site, other = rng.sample(self.sites, 2)
        team = [self.clinician(role, rng.choice(credentials)) for role, credentials in TEAM.items()]
        pcp = self.clinician("pcp", rng.choice(("MD", "MD", "DO", "NP")))
        relations = ("wife", "husband", "daughter", "son", "sister", "brother", "mother")
        relatives = [
            Relative(
                rel,
                self.person("F" if rel in ("wife", "daughter", "sister", "mother") else "M"),
                phone_number(rng),
            )
            for rel in rng.sample(relations, rng.randint(1, 3))
        ]
        handle = (person.first[0] + person.last).lower().replace("-", "")
        days = [first_visit]
        for _ in range(visits - 1):
            days.append(days[-1] + timedelta(days=rng.randint(2, 240)))
        mrn_prefix = rng.choice(("", "", "", letters(rng, 1), letters(rng, 2)))
        return Patient(
            person=person,
            dob=dob,
            mrn=mrn_prefix + digits(rng, rng.choice((6, 7, 8, 9))),
            ssn=f"{rng.choice([a for a in range(1, 900) if a != 666]):03d}-"
            f"{rng.randint(1, 99):02d}-{rng.randint(1, 9999):04d}",
            street=self.street(),
            unit=rng.choice(
                (
                    "",
                    "",
                    "",
                    f"Apt {rng.randint(1, 40)}{rng.choice('ABCD')}",
                    f"Unit {rng.randint(1, 300)}",
                    f"#{rng.randint(1, 99)}",
                )
            ),
            city=rng.choice(pack.cities),
            state=self.state(),
            zip=self.zip_code(),
            phone=phone_number(rng),
            cell=phone_number(rng),
            email=f"{handle}{rng.randint(1, 99)}@{rng.choice(MAIL_DOMAINS)}",
            username=f"{handle[:8]}{rng.randint(1, 999)}",
            healthplan=rng.choice(("", letters(rng, 3))) + digits(rng, rng.choice((8, 9, 10))),
            account=digits(rng, rng.choice((8, 10))),
            license=letters(rng, 1) + digits(rng, rng.choice((7, 8))),
            vehicle=f"{rng.randint(1, 9)}{letters(rng, 3)}{digits(rng, 3)}",
            device=f"{letters(rng, 3)}{digits(rng, 6)}",
            profession=rng.choice(pack.professions).lower(),
            employer=pack.named(pack.organization_patterns, rng),
            country=rng.choice(pack.countries),
            relatives=relatives,
            site=site,
            other_site=other,
            team=team,
            pcp=pcp,
            visits=days,
        )
