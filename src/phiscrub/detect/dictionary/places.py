"""Places and professions: gazetteer phrases (longest match over tokens) kept by context."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

import regex

from phiscrub.detect.dictionary.gazetteers import Gazetteers, gazetteers
from phiscrub.detect.dictionary.matcher import PhraseMatcher
from phiscrub.detect.dictionary.name_words import NOT_NAME, WORD, NameHit, Occupied, word_set
from phiscrub.text.frequency import zipf
from phiscrub.text.tokenize import Token

# a word of a sentence in capitals that opens no place's name ("MOVED IN WITH HER SON IN TOWN")
_NOT_IN_PLACE = (
    r"(?!(?:WITH|HER|HIS|HIM|SHE|HE|THEY|THEIR|IS|WAS|ARE|WERE|BY|FOR|FROM|IN|AT|TO|ON|WHO|"
    r"WILL|HAS|HAD)(?![\w'’-]))"
)
PLACE = rf"{WORD}(?:[ ](?:(?:and|of|the|de|del|la)[ ])?{WORD}){{0,3}}"
PLACE_AFTER_CUE = regex.compile(
    r"(?<![\w])(?:(?i:lives|living|lived|resides|residing|reside|moved|relocated|born|raised|"
    r"grew[ ]up|originally|emigrated|immigrated|visiting|visited|traveling|travelling|"
    r"traveled|travelled|trip|vacation|returned|home|native|transferred|deployed|stationed)[ ]"
    r"(?:(?:(?:back|here|with[ ][\w-]+(?:[ ][\w-]+)?|alone)[ ])?(?i:in|to|from|at|of)[ \n]"
    # in capitals, whom the patient lives with before the place ("LIVES WITH PARTNER AGNIESZKA
    # IN UPPER DARBY"; not "HOME WITH VNA OF GREATER LOWELL", a service's name)
    r"|(?P<with>WITH[ ][\w-]+(?:[ ][\w-]+)?)[ ](?:IN|TO|FROM|AT)[ \n])"
    # or a travel history's field ("Prior travel: Bogota (2019)")
    r"|(?i:(?:prior|recent|past|international|foreign)[ ]travel|travel(?:[ ]history)?|trips?)"
    r"[ \t]*:[ \t]*)"
    # the place may open the next line ("grew up in\nCali")
    rf"(?:the[ ])?{_NOT_IN_PLACE}(?P<n>{PLACE})"
)
NEXT_PLACE = regex.compile(rf",[ ]?(?P<n>{PLACE})")
CITY_CUE = regex.compile(
    r"(?i:\b(?:in|from|to|near|outside|at|of|via|departs|departing|leaves|leaving|flies|"
    r"flying)[ ]+(?:the[ ]+)?)$"
)
# a town before its state or country in brackets, as an itinerary writes it ("Lima (Peru)")
_REGION_IN_BRACKETS = regex.compile(r"[ ]?\((?P<p>\p{Lu}[\p{L} .'’-]{1,30})\)")
# a town that names a site: "the Hamden office", "(Hyannis branch)", "the Boston area", "(PCP
# office, Hamden)"; a firm's works after its name and a comma ("Tyson Foods, Springdale plant",
# ``_WORKS_AFTER``; not "Dr Ruckman, Lisbon Area Health Services")
_SITES = r"(?:office|area|clinic|practice|branch|location|campus|site)"
_WORKS_AFTER = regex.compile(r"[ ](?:plant|factory|warehouse|mill)(?![\w-])")
# a town's police, sheriff or fire service by its letters ("released to Det. Oliveira, Worcester
# PD", "CAMDEN COUNTY PD"): the town and the letters are an organisation
_SERVICE_AFTER = regex.compile(r"[ ](?:(?i:county|city|township|parish)[ ])?(?:PD|SO|FD)(?![\w-])")
# a town after a chain's name, where its store is ("Meds verified with CVS Chicopee:", "Rite Aid
# Bangor, pharmacist"): the town ends its phrase
_STORE_BEFORE = regex.compile(
    r"(?<![\w-])(?i:CVS|Walgreens|Rite[ ]Aid|Walmart|Costco|Kroger|Safeway|Publix|Wegmans|"
    r"Meijer|Hannaford|Target)(?:[ ](?i:pharmacy))?[ ]$"
)
_STORE_TOWN_END = regex.compile(r"[ \t]*(?:\r?\n|$|[,;:()?!]|\.(?![\w]))")
CITY_SITE_BEFORE = regex.compile(rf"(?i:\b{_SITES}),[ ]$")
CITY_SITE_AFTER = regex.compile(rf"[ ]{_SITES}(?![\w-])")
_THE = regex.compile(r"(?i:\b(?:the|our|your|their))[ ]$")  # "at our Sugar Land location"
# a large town alone in brackets after a word, as a service's or a firm's site ("sent to Hanger
# (Bangor)", "Vet Center notes (Birmingham)")
_NAME_THEN_BRACKET = regex.compile(r"\p{L}[\p{L}'’.&-]*[ ]?\($")
# a town after someone or something and a comma, closing a bracket ("mother (Ngozi Okoro,
# Houston)", "(Lucky Nails, Garden Grove)")
_BRACKET_COMMA_BEFORE = regex.compile(r"\([^()\n,]{2,40},[ ]$")
# a site's name before the bracket ("St Vincent's Hospital (Sydney)", "Royal Berkshire Hospital
# (Reading)"): the town in it may be as frequent a word as it likes
_SITE_THEN_BRACKET = regex.compile(
    r"(?:Hospital|HOSPITAL|Medical[ ]Cent(?:er|re)|Clinic|CLINIC|Infirmary|Surgery|Hospice)"
    r"[ ]?\($"
)
_BRACKETED_TOWN_ZIPF = 4.5
"""How frequent in English a town's name in brackets may be: "Birmingham" (4.3), not "Reading"
or "Mobile" (a reading's or a phone's word)."""
# a town after a place of care's name and a space, a spaced dash or a comma, ending its line,
# its phrase or its sentence ("Granite State Rehab - Concord", "Mercy Hospital Springfield\n",
# "Sentara Sleep Center, Virginia Beach\n", "Mercy Hospital, Springfield."); or alone on the
# line after the site's, as a letter's address block writes it ("Heavitree Health Centre\nExeter",
# ``CITY_LINE_AFTER_SITE``), where the roles keep it a town whatever a model calls it
_SITE_HEADS = (
    r"(?:Hospital|HOSPITAL|Medical[ ]Cent(?:er|re)|Clinic|CLINIC|Rehab|REHAB|Rehabilitation|"
    r"Health|Healthcare|Cent(?:er|re)|CENTER|Infirmary|Pediatrics|Practice|Associates|"
    r"Dentistry|Hospice|Surgery)"
)
CITY_AFTER_SITE = regex.compile(rf"{_SITE_HEADS}(?:[ ](?:[-–][ ])?|,[ ])$")
CITY_LINE_AFTER_SITE = regex.compile(rf"{_SITE_HEADS}[ \t]*\r?\n[ \t]*$")
_LINE_END = regex.compile(r"[ \t]*(?:\r?\n|$)")
_PHRASE_END = regex.compile(r"[ \t]*(?:\r?\n|$|[,;()]|\.(?![\w]))")
# a town after a numbered street, its type and a comma or a line's end ("1000 W Carson St,
# Torrance 90502", "12 Barrack Road\nExeter"),
# or after a street with no number whose words and type are capitalised ("Meijer on Alpine
# Ave, Grand Rapids": the town must end its phrase then)
CITY_AFTER_STREET = regex.compile(
    r"(?<![\w/.-])\d{1,6}[A-Za-z]?[ ](?:(?:[^\W_][\w'’.-]*[ ]){1,4}(?i:St|Street|Ave|Avenue|"
    r"Rd|Road|Blvd|Boulevard|Dr|Drive|Ln|Lane|Way|Pl|Place|Ct|Court|Pkwy|Parkway|Hwy|Highway|"
    r"Ter|Terrace|Cir|Circle)\.?|(?i:US|SR|Hwy|Highway|Route|Rte)[ -]?\d{1,4})"
    r"(?:[ ](?i:N|S|E|W|NE|NW|SE|SW)\.?)?(?:,[ ]?|[ \t]*\r?\n[ \t]*)$"
)
CITY_AFTER_UNNUMBERED_STREET = regex.compile(
    r"(?<![\w'’.-])(?:\p{Lu}[\p{Ll}'’-]+[ ]){1,3}(?:St|Street|Ave|Avenue|Rd|Road|Blvd|Boulevard|"
    r"Ln|Lane|Pkwy|Parkway|Hwy|Highway)\.?(?:[ ](?:N|S|E|W|NE|NW|SE|SW)\.?)?,[ ]$"
)
# a listed town after another after a place's cue and "and" ("travels to Providence and
# Hartford"): the first town vouches for the second, though it is a surname too
_AFTER_TOWN_AND = regex.compile(
    r"(?i:\b(?:in|from|to|near|between|visiting|visits))[ ]+"
    r"(?P<p>\p{Lu}[\p{L}'’-]+(?:[ ]\p{Lu}[\p{L}'’-]+)?)[ ](?:and|or|&)[ ]$"
)
# a word after a listed town that makes another town's name ("in Buffalo Creek", "Summit Point")
TOWN_TAIL = regex.compile(
    r"[ ](?:Creek|Point|Springs|Falls|Heights|Hills|Valley|Village|Junction|Harbor|Harbour|"
    r"Beach|City|Ridge|Grove|Bluffs?|Landing|Crossing|Mills?|Gap|Township)(?![\w'’-])"
)
PROFESSION_CUE = regex.compile(
    r"(?i:\b(?:works?|worked|working|employed|retired|former|formerly|occupation|job|"
    r"profession|career|trained|is|was|as)\b)[\s:,]*(?:(?:an?|the)\s+)?$"
)
UNKNOWN_PROFESSION = regex.compile(
    r"(?i:works|worked|working|employed)[ ]as[ ]an?[ ]"
    r"(?P<n>[a-z][a-z-]+(?:[ ][a-z][a-z-]+){0,3}?)(?=[ ](?:at|for|in|with|and|since)\b|[.,;\n])"
    # a field of its own: "Occupation: school bus driver" (not "Occupation: retired" alone)
    r"|(?<![\w])(?i:occupation|profession)[ \t]*:[ \t]*"
    r"(?!(?i:retired|unemployed|disabled|none|n/?a|unknown|homemaker|student)[ \t]*(?:[.,;(\n]|$))"
    r"(?P<n>\p{L}[\p{L}-]+(?:[ ]\p{L}[\p{L}-]+){0,3}?)(?=[ \t]*(?:[.,;(\n]|$))"
)


@cache
def _matchers(language: str) -> tuple[PhraseMatcher, PhraseMatcher]:
    gaz = gazetteers(language)
    places = PhraseMatcher()
    for phrase in gaz.countries:
        places.add(phrase, "COUNTRY")
    for phrase in gaz.states:
        places.add(phrase, "STATE")
    for phrase in gaz.cities | gaz.towns:
        places.add(phrase, "CITY")
    professions = PhraseMatcher((p, "PROFESSION") for p in gaz.professions)
    return places, professions


# the small words inside a place's name ("Port-au-Prince", "Stratford-upon-Avon")
_INSIDE_PLACE = word_set("and of the au aux de des du la le les sur sous en upon on in y del di da")


def _capitalised(text: str) -> bool:
    words = [w for w in regex.findall(r"[^\W\d_]+", text) if w.lower() not in _INSIDE_PLACE]
    return bool(words) and all(w[0].isupper() for w in words)


def place_label(text: str, gaz: Gazetteers) -> str:
    low = text.lower()
    if low in gaz.countries:
        return "COUNTRY"
    if low in gaz.states or text in gaz.state_codes:
        return "STATE"
    return "CITY"


def _known(phrase: str, gaz: Gazetteers) -> bool:
    low = phrase.lower()
    return low in gaz.countries or low in gaz.states or low in gaz.cities or low in gaz.towns


def _and_parts(text: str, start: int, end: int, gaz: Gazetteers) -> list[tuple[int, int]]:
    """``start:end`` as one place, or as the places on either side of "and" when each is a
    known place and the whole is not ("Mexico and Guatemala"; "Trinidad and Tobago" is one)."""
    surface = text[start:end]
    cut = surface.find(" and ")
    if cut < 0 or _known(surface, gaz):
        return [(start, end)]
    left, right = surface[:cut], surface[cut + 5 :]
    if _known(left, gaz) and _known(right, gaz):
        return [(start, start + cut), (start + cut + 5, end)]
    return [(start, end)]


_PLACE_WORD = regex.compile(r"[^\W\d_]+(?:['’.-][^\W\d_]+)*")


def _known_opening(text: str, start: int, end: int, gaz: Gazetteers) -> int | None:
    """The end of the longest run of words opening ``start:end`` that is a known place and
    leaves words after it, or None."""
    ends = [m.end() for m in _PLACE_WORD.finditer(text[start:end])]
    for cut in reversed(ends[:-1]):
        if _known(text[start : start + cut], gaz):
            return start + cut
    return None


def _ordinary_capitals(surface: str, gaz: Gazetteers) -> bool:
    """``surface`` is in capitals, names no known place, and its words are all frequent
    English words: in a note in capitals a cue's words ("IN TOWN", "TO WORK") name no place."""
    if not surface.isupper() or _known(surface, gaz):
        return False
    words = regex.findall(r"[^\W\d_]+", surface.lower())
    if len(words) > 1 and words[-1] in _STATE_HEADS:
        return False  # "RUSSIAN FEDERATION", "CZECH REPUBLIC": a country's formal name
    return all(gaz.is_common(w) for w in words)


_STATE_HEADS = frozenset({"federation", "republic", "kingdom", "emirates", "islands", "union"})


def _region_in_brackets(text: str, end: int, gaz: Gazetteers) -> bool:
    """A state's or a country's name in brackets right after ``end`` ("Lima (Peru)")."""
    region = _REGION_IN_BRACKETS.match(text, end)
    if region is None:
        return False
    low = region.group("p").lower()
    return low in gaz.countries or low in gaz.states


def find_places(text: str, tokens: list[Token], language: str) -> Iterator[NameHit]:
    gaz = gazetteers(language)
    places, _ = _matchers(language)
    for match in PLACE_AFTER_CUE.finditer(text):
        start, end = match.span("n")
        if _ordinary_capitals(match.group("n"), gaz):
            # "LIVES WITH HUSBAND IN TOWN", "LIVES IN TOWN WITH HER SON"; a known place that
            # opens the words is kept ("LIVES IN MOBILE WITH SON")
            end = _known_opening(text, start, end, gaz)
            if end is None:
                continue
        for part_start, part_end in _and_parts(text, start, end, gaz):
            label = place_label(text[part_start:part_end], gaz)
            yield NameHit(part_start, part_end, label, 0.85, "place_cue")
        follow = NEXT_PLACE.match(text, end)
        if follow:
            label = place_label(follow.group("n"), gaz)
            if label != "CITY":
                yield NameHit(*follow.span("n"), label, 0.85, "place_cue")
    for hit in places.find(tokens):
        start, end = tokens[hit.first].start, tokens[hit.last].end
        surface = text[start:end]
        if "\n" in surface or not _capitalised(surface):
            continue
        low = surface.lower()
        single_name = hit.first == hit.last and gaz.is_name(low)
        before = text[max(0, start - 14) : start]
        cued = bool(CITY_CUE.search(before))
        town = (
            _AFTER_TOWN_AND.search(text[max(0, start - 50) : start])
            if hit.value == "CITY"
            else None
        )
        if town is not None and _known(town.group("p"), gaz):
            cued, single_name = True, False
        if hit.value == "CITY" and (service := _SERVICE_AFTER.match(text, end)):
            yield NameHit(start, service.end(), "ORGANIZATION", 0.8, "town_service")
            continue
        site = hit.value == "CITY" and _town_names_a_site(text, start, end, low, gaz)
        line_town = (
            CITY_LINE_AFTER_SITE.search(text, max(0, start - 30), start) is not None
            and _LINE_END.match(text, end) is not None
        )
        if hit.value == "CITY" and (
            (_SITE_THEN_BRACKET.search(before) and text[end : end + 1] == ")") or line_town
        ):
            yield NameHit(start, end, "CITY", 0.75, "town_after_site")  # roles keep it a town
        elif hit.value == "COUNTRY" and (cued or not single_name):
            yield NameHit(start, end, "COUNTRY", 0.8, "gazetteer_country")
        elif hit.value == "STATE" and (cued or text[max(0, start - 2) : start] in (", ", ",\n")):
            yield NameHit(start, end, "STATE", 0.8, "gazetteer_state")
        elif hit.value == "CITY" and ((cued and not single_name) or site):
            tail = TOWN_TAIL.match(text, end)
            yield NameHit(start, tail.end() if tail else end, "CITY", 0.75, "gazetteer_city")
    if language == "en":
        yield from find_town_states(text, gaz)


def _town_names_a_site(text: str, start: int, end: int, low: str, gaz: Gazetteers) -> bool:
    """Whether the listed town at ``start``-``end`` names a site by the words around it, and so
    is a town even when a surname is spelt the same ("the Hamden office", "Mercy Hospital,
    Springfield.", "1000 W Carson St, Torrance", "CVS Chicopee:")."""
    before = text[max(0, start - 14) : start]
    return bool(
        ((_THE.search(before) or before.endswith("(")) and CITY_SITE_AFTER.match(text, end))
        or (before.endswith(", ") and _WORKS_AFTER.match(text, end))
        or CITY_SITE_BEFORE.search(before)
        or (
            CITY_AFTER_SITE.search(text[max(0, start - 20) : start])
            and _PHRASE_END.match(text, end)
        )
        or _region_in_brackets(text, end, gaz)
        or (
            (
                (_NAME_THEN_BRACKET.search(before) is not None and low in gaz.large_towns)
                or _BRACKET_COMMA_BEFORE.search(before) is not None
            )
            and text[end : end + 1] == ")"
            and zipf(low, "en") < _BRACKETED_TOWN_ZIPF
        )
        or CITY_AFTER_STREET.search(text, max(0, start - 60), start) is not None
        or (
            CITY_AFTER_UNNUMBERED_STREET.search(text, max(0, start - 50), start) is not None
            and _PHRASE_END.match(text, end) is not None
        )
        or (
            _STORE_BEFORE.search(text, max(0, start - 24), start) is not None
            and _STORE_TOWN_END.match(text, end) is not None
        )
    )


# A town and its state after a comma, with no postcode ("Fort Myers, FL for testing", "Bend,
# Oregon"): kept where the town lies in that state (``town_states``). A state's code that is
# also a credential (MD, PA, MS, MA) is kept after a city of 15,000+ people only, and not after
# a first name ("Emily Jackson, MS" is a person). A town written in small letters may be
# followed by its state's code after a space alone ("Riverbend Pediatrics, Duluth MN"), where
# the code ends the phrase or a word in small letters follows ("lives in Mesa AZ with her
# son"); never a credential's code ("Dana Jackson MS").
_STATE_AFTER_COMMA = regex.compile(
    r"(?:,[ ]?(?P<s>\p{Lu}{2}|\p{Lu}\p{Ll}+(?:[ ]\p{Lu}\p{Ll}+)?)(?![\w'’-]|[ ]?\d{5})"
    r"|(?<=\p{Ll})[ ](?P<s>A[KLRZ]|C[AOT]|D[CE]|FL|GA|HI|I[ADLN]|K[SY]|LA|M[EINOT]|N[CDEHJMVY]|"
    r"O[HKR]|RI|S[CD]|T[NX]|UT|V[AT]|W[AIVY])(?=[ ]*(?:[.,;:)\n]|$)|[ ]+\p{Ll}))"
)
_TOWN_WORDS = regex.compile(r"(?:(?<![\w'’.-])\p{Lu}[\p{L}'’.-]*|of|de|la|le|du)(?=[ ]|$)")
_CREDENTIAL_STATES = frozenset({"MD", "PA", "MS", "MA"})
_TITLE_WORD = regex.compile(r"(?i:dr|mr|mrs|ms|miss|mx|prof|rev|nurse|dear)\.?")


def find_town_states(text: str, gaz: Gazetteers) -> Iterator[NameHit]:
    """A listed town and its state after a comma (``_STATE_AFTER_COMMA``)."""
    for match in _STATE_AFTER_COMMA.finditer(text):
        state = match.group("s")
        key = state if len(state) == 2 and state.isupper() else state.lower()
        before = text[max(0, match.start() - 40) : match.start()]
        line_start = before.rfind("\n") + 1
        words = list(_TOWN_WORDS.finditer(before, line_start))
        for count in range(min(4, len(words)), 0, -1):  # the longest town first
            first = words[-count]
            if before[first.start() :] != " ".join(w.group() for w in words[-count:]):
                continue  # not one run of words ending at the comma
            town = before[first.start() :]
            if f"{town.lower()}|{key}" not in gaz.town_states:
                continue
            after_name = count < len(words) and (
                gaz.is_first_name(words[-count - 1].group().lower())
                or _TITLE_WORD.fullmatch(words[-count - 1].group()) is not None
            )
            if key in _CREDENTIAL_STATES and (town.lower() not in gaz.cities or after_name):
                break
            if not text.startswith(",", match.start()) and after_name:
                break  # "Dr Warren OH": a person and a word in capitals
            start = match.start() - len(before) + first.start()
            yield NameHit(start, match.start(), "CITY", 0.85, "town_state")
            yield NameHit(*match.span("s"), "STATE", 0.85, "town_state")
            break


# A place of care named by one word after "at" where care was given ("colonoscopy 2099 at
# Lahey", "the Respiratory Clinic at Ninewells"): a hospital known by its own or its founder's
# name. English only; the word may not be frequent English, a month, a day or a specialty.
CARE_SITE = regex.compile(
    r"(?<![\w])(?i:seen|done|performed|admitted|followed|treated|hospitali[sz]ed|delivered|"
    r"operated|evaluated|diagnosed|imaged|biopsied|colonoscopy|endoscopy|surgery|mri|ct|echo|"
    r"clinic|unit|ward|dialysis|rehab|infusions?)(?:[ ][\w/-]+){0,2}?[ ]at[ ]"
    r"(?P<n>\p{Lu}\p{Ll}{3,}(?:['’]s)?)"
    r"(?=[ ]*(?:[.,;:()\n]|$)|[ ]+(?:on|in|for|with|and|by|since|until|last|today)\b)"
)
_NOT_SITES = word_set(
    """
    home work school bedside noon midnight night morning evening baseline rest present
    discharge admission triage
    """
)


def find_care_sites(text: str, language: str) -> Iterator[NameHit]:
    """Hospitals named by one uncommon word after a word of care and "at" (``CARE_SITE``)."""
    if language != "en":
        return
    gaz = gazetteers(language)
    for match in CARE_SITE.finditer(text):
        word = match.group("n")
        low = word.lower().removesuffix("'s").removesuffix("’s")
        if low in _NOT_SITES or low in NOT_NAME or gaz.is_common(low):
            continue
        yield NameHit(*match.span("n"), "HOSPITAL", 0.8, "care_site")


def find_professions(text: str, tokens: list[Token], language: str) -> Iterator[NameHit]:
    _, professions = _matchers(language)
    found = Occupied()
    for hit in professions.find(tokens):
        start, end = tokens[hit.first].start, tokens[hit.last].end
        if "\n" in text[start:end]:
            continue
        if PROFESSION_CUE.search(text[max(0, start - 30) : start]):
            found.add(start, end)
            yield NameHit(start, end, "PROFESSION", 0.85, "gazetteer_profession")
    for match in UNKNOWN_PROFESSION.finditer(text):
        start, end = match.span("n")
        if not found.overlaps(start, end):
            yield NameHit(start, end, "PROFESSION", 0.7, "profession_cue")
