"""Slot values for one note: the patient's PHI in its many written forms, and ordinary text.

Gold spans follow the i2b2 2014 conventions: titles and credentials stay outside names ("Dr.
[Lee]", "[Ann Lee], MD"); field labels stay outside values ("MRN: [1234567]"); an age is the
number only ("[67]-year-old"); a room is its number ("Room [412]"); a season with its year, a
holiday, a weekday or a lone year is a DATE; times of day, doses, lab values and scores are not
PHI. Relatives' names are tagged PATIENT (they identify the patient), and pagers are PHONE.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import date, timedelta

from phiscrub.replace.packs import LanguagePack
from phiscrub.synth import lexicon
from phiscrub.synth.grammar import Piece
from phiscrub.synth.world import TEAM, Clinician, Patient, Person, Site, digits, letters

SHORT_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
LANDMARKS = (
    "{last} Park",
    "the {last} Mall",
    "{last} Lake",
    "the {city} YMCA",
    "{last} Elementary School",
    "{city} Airport",
    "the {last} Bridge",
)


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def format_date(day: date, rng: random.Random, pack: LanguagePack, numeric: bool = False) -> str:
    """``day`` in one of the many ways notes write a full date."""
    month, short = pack.months[day.month - 1], SHORT_MONTHS[day.month - 1]
    numeric_forms = (
        f"{day.month}/{day.day}/{day.year}",
        f"{day.month:02d}/{day.day:02d}/{day.year}",
        f"{day.month}/{day.day}/{day.year % 100:02d}",
        f"{day.year}-{day.month:02d}-{day.day:02d}",
        f"{day.month:02d}-{day.day:02d}-{day.year}",
        f"{day.month}/{day.day}",
    )
    if numeric:
        return rng.choice(numeric_forms)
    return rng.choice(
        (
            *numeric_forms,
            f"{month} {day.day}, {day.year}",
            f"{short} {day.day}, {day.year}",
            f"{short}. {day.day}, {day.year}",
            f"{day.day} {month} {day.year}",
            f"{month} {_ordinal(day.day)}, {day.year}",
            f"{month} {_ordinal(day.day)}",
            f"{month} {day.day}",
            f"{day.day:02d}-{short}-{day.year}",
            f"{day.day}-{short.upper()}-{day.year}",
        )
    )


def format_past(day: date, rng: random.Random, pack: LanguagePack) -> str:
    """A date further back, often written loosely ("March 2015", "2015", "summer of 2015")."""
    month = pack.months[day.month - 1]
    season = (
        "winter",
        "winter",
        "spring",
        "spring",
        "spring",
        "summer",
        "summer",
        "summer",
        "fall",
        "fall",
        "fall",
        "winter",
    )[day.month - 1]
    return rng.choice(
        (
            format_date(day, rng, pack),
            f"{month} {day.year}",
            f"{SHORT_MONTHS[day.month - 1]} {day.year}",
            f"{day.month}/{day.year}",
            f"{day.month:02d}/{day.year}",
            str(day.year),
            str(day.year),
            f"{season} of {day.year}",
            f"{season} {day.year}",
            f"'{day.year % 100:02d}",
        )
    )


class NoteContext:
    """Resolves the slots of one note of one patient.

    Args:
        patient: The patient the note is about.
        visit: The note's date.
        rng: The generator's random source.
        pack: The language pack (months, value lists).
    """

    def __init__(self, patient: Patient, visit: date, rng: random.Random, pack: LanguagePack):
        self.patient = patient
        self.visit = visit
        self.rng = rng
        self.pack = pack
        self.length_of_stay = rng.randint(1, 12)
        self._hospital_seen: set[str] = set()
        self.accession = f"{letters(rng, 1)}{visit.year % 100:02d}-{digits(rng, 5)}"
        person = patient.person
        self.he, self.his, self.him = (
            ("she", "her", "her") if person.sex == "F" else ("he", "his", "him")
        )

    def __call__(self, name: str) -> str | Sequence[Piece]:
        """The value of slot ``name``: a care-team role of :data:`TEAM` ({attending},
        {nurse}, ...) or the ``slot_<name>`` method."""
        if name in TEAM:
            return self._clinician(next(c for c in self.patient.team if c.role == name))
        return getattr(self, "slot_" + name)()

    # --- helpers ---------------------------------------------------------------------------
    def _pick(self, *options: str) -> str:
        return self.rng.choice(options)

    def _name_form(self, person: Person) -> str:
        middle = f" {person.middle[0]}." if person.middle and self.rng.random() < 0.4 else ""
        return self._pick(
            f"{person.first} {person.last}",
            f"{person.first}{middle} {person.last}",
            f"{person.first[0]}. {person.last}",
            f"{person.last}, {person.first}",
            f"{person.last.upper()}, {person.first.upper()}",
            person.first,
        )

    def _title(self, person: Person) -> str:
        if person.sex == "F":
            return self._pick("Ms. ", "Mrs. ", "Ms ", "Mrs ")
        return self._pick("Mr. ", "Mr ")

    def _clinician(self, who: Clinician) -> list[Piece]:
        rng, person = self.rng, who.person
        if who.is_doctor and rng.random() < 0.55:
            title = self._pick("Dr. ", "Dr. ", "Dr ", "Dr.", "DR. ")
            name = self._pick(person.last, person.last, f"{person.first} {person.last}")
            if title == "DR. ":
                name = name.upper()
            return [(title, None), (name, "DOCTOR")]
        name = self._name_form(person)
        if rng.random() < 0.6:
            return [(name, "DOCTOR"), (self._pick(", ", " ") + who.credential, None)]
        return [(name, "DOCTOR")]

    def _date(self, day: date, numeric: bool = False) -> list[Piece]:
        return [(format_date(day, self.rng, self.pack, numeric), "DATE")]

    # --- names ------------------------------------------------------------------------------
    def slot_pt(self) -> list[Piece]:
        if self.rng.random() < 0.35:
            return self.slot_pt_title()
        return [(self._name_form(self.patient.person), "PATIENT")]

    def slot_pt_full(self) -> list[Piece]:
        p = self.patient.person
        middle = f" {p.middle}" if p.middle and self.rng.random() < 0.3 else ""
        return [(f"{p.first}{middle} {p.last}", "PATIENT")]

    def slot_pt_header(self) -> list[Piece]:
        p = self.patient.person
        middle = f" {p.middle[0]}" if p.middle and self.rng.random() < 0.5 else ""
        value = self._pick(
            f"{p.last}, {p.first}{middle}",
            f"{p.last.upper()}, {p.first.upper()}{middle.upper()}",
            f"{p.last.upper()},{p.first.upper()}",
            f"{p.first} {p.last}",
        )
        return [(value, "PATIENT")]

    def slot_pt_title(self) -> list[Piece]:
        person = self.patient.person
        return [(self._title(person), None), (person.last, "PATIENT")]

    def slot_relative(self) -> list[Piece]:
        rel = self.rng.choice(self.patient.relatives)
        name = self._pick(rel.person.first, f"{rel.person.first} {rel.person.last}")
        return [(f"{rel.relation}, ", None), (name, "PATIENT"), (",", None)]

    def slot_relative_phone(self) -> list[Piece]:
        rel = self.rng.choice(self.patient.relatives)
        return [
            (f"{rel.relation} ", None),
            (f"{rel.person.first} {rel.person.last}", "PATIENT"),
            (self._pick(" at ", " (", ", tel. "), None),
            (rel.phone, "PHONE"),
        ]

    def slot_pcp(self) -> list[Piece]:
        return self._clinician(self.patient.pcp)

    def slot_pcp_last(self) -> list[Piece]:
        return [(self.patient.pcp.person.last, "DOCTOR")]

    def slot_dr(self) -> list[Piece]:
        return self._clinician(self.rng.choice([c for c in self.patient.team if c.is_doctor]))

    def slot_signature(self) -> list[Piece]:
        """A signature block: name, credential, sometimes a pager."""
        who = self.rng.choice([c for c in self.patient.team if c.role != "radiologist"])
        person = who.person
        pieces: list[Piece] = [
            (
                self._pick(
                    f"{person.first} {person.last}",
                    f"{person.first} {person.middle[:1]}. {person.last}"
                    if person.middle
                    else f"{person.first[0]}. {person.last}",
                    f"{person.last.upper()}, {person.first.upper()}",
                ),
                "DOCTOR",
            ),
            (f", {who.credential}", None),
        ]
        if self.rng.random() < 0.5:
            pieces += [
                (self._pick("\nPager ", "\npager #", "  Pgr: ", "\nBeeper "), None),
                (who.pager, "PHONE"),
            ]
        return pieces

    def slot_initials(self) -> list[Piece]:
        """Dictation initials, "JS/mk": the author's and the transcriptionist's."""
        who = next(c for c in self.patient.team if c.role == "attending").person
        typist = letters(self.rng, 2).lower()
        return [(f"{who.first[0]}{who.last[0]}", "DOCTOR"), ("/", None), (typist, "DOCTOR")]

    def slot_username(self) -> list[Piece]:
        return [(self.patient.username, "USERNAME")]

    # --- dates and ages ---------------------------------------------------------------------
    def slot_date(self) -> list[Piece]:
        return self._date(self.visit)

    def slot_date_num(self) -> list[Piece]:
        return self._date(self.visit, numeric=True)

    def slot_admit_date(self) -> list[Piece]:
        return self._date(self.visit)

    def slot_discharge_date(self) -> list[Piece]:
        return self._date(self.visit + timedelta(days=self.length_of_stay))

    def slot_hospital_day(self) -> list[Piece]:
        day = self.visit + timedelta(days=self.rng.randint(1, self.length_of_stay))
        return self._date(day, numeric=self.rng.random() < 0.7)

    def slot_dob(self) -> list[Piece]:
        return self._date(self.patient.dob, numeric=self.rng.random() < 0.8)

    def slot_past_date(self) -> list[Piece]:
        day = self.visit - timedelta(days=self.rng.randint(60, 3650))
        return [(format_past(day, self.rng, self.pack), "DATE")]

    def slot_recent_date(self) -> list[Piece]:
        return self._date(self.visit - timedelta(days=self.rng.randint(1, 40)))

    def slot_prev_visit(self) -> list[Piece]:
        earlier = [v for v in self.patient.visits if v < self.visit]
        if not earlier:
            return self.slot_recent_date()
        return self._date(self.rng.choice(earlier))

    def slot_next_date(self) -> list[Piece]:
        return self._date(self.visit + timedelta(days=self.rng.randint(7, 120)))

    def slot_weekday(self) -> list[Piece]:
        day = self.visit - timedelta(days=self.rng.randint(1, 6))
        return [(self.pack.weekdays[day.weekday()], "DATE")]

    def slot_holiday(self) -> list[Piece]:
        value = self.rng.choice(self.pack.holidays)
        if self.rng.random() < 0.3:
            value = f"{value} {self.visit.year - self.rng.randint(0, 3)}"
        return [(value, "DATE")]

    def slot_year(self) -> list[Piece]:
        return [(str(self.visit.year - self.rng.randint(1, 30)), "DATE")]

    def slot_age(self) -> list[Piece]:
        return [(str(self.patient.age_on(self.visit)), "AGE")]

    def slot_time(self) -> str:
        return lexicon.clock(self.rng)

    # --- identifiers and contacts -----------------------------------------------------------
    def slot_mrn(self) -> list[Piece]:
        return [(self.patient.mrn, "MEDICALRECORD")]

    def slot_ssn(self) -> list[Piece]:
        ssn = self.patient.ssn
        return [(ssn if self.rng.random() < 0.8 else ssn.replace("-", ""), "SSN")]

    def slot_healthplan(self) -> list[Piece]:
        return [(self.patient.healthplan, "HEALTHPLAN")]

    def slot_account(self) -> list[Piece]:
        return [(self.patient.account, "ACCOUNT")]

    def slot_license(self) -> list[Piece]:
        return [(self.patient.license, "LICENSE")]

    def slot_vehicle(self) -> list[Piece]:
        return [(self.patient.vehicle, "VEHICLE")]

    def slot_device(self) -> list[Piece]:
        return [(self.patient.device, "DEVICE")]

    def slot_accession(self) -> list[Piece]:
        return [(self.accession, "IDNUM")]

    def slot_order(self) -> list[Piece]:
        return [(digits(self.rng, self.rng.choice((7, 8, 10))), "IDNUM")]

    def slot_phone(self) -> list[Piece]:
        return [(self.patient.phone, "PHONE")]

    def slot_cell(self) -> list[Piece]:
        return [(self.patient.cell, "PHONE")]

    def slot_email(self) -> list[Piece]:
        return [(self.patient.email, "EMAIL")]

    def slot_site_phone(self) -> list[Piece]:
        value = self.patient.site.phone
        if self.rng.random() < 0.2:
            value += f" x{digits(self.rng, 4)}"
        return [(value, "PHONE")]

    def slot_email_clinic(self) -> list[Piece]:
        who = self.patient.pcp.person
        domain = self.patient.site.url.removeprefix("www.")
        return [(f"{who.first[0].lower()}{who.last.lower().replace('-', '')}@{domain}", "EMAIL")]

    def slot_site_fax(self) -> list[Piece]:
        return [(self.patient.site.fax, "FAX")]

    def slot_url(self) -> list[Piece]:
        url = self.patient.site.url
        return [
            (self._pick(url, f"https://{url}", f"https://{url}/portal", f"{url}/mychart"), "URL")
        ]

    def slot_ip(self) -> list[Piece]:
        rng = self.rng
        octets = (
            rng.randint(10, 223),
            rng.randint(0, 255),
            rng.randint(0, 255),
            rng.randint(1, 254),
        )
        return [(".".join(map(str, octets)), "IPADDR")]

    # --- places and work --------------------------------------------------------------------
    def _site(self, site: Site) -> list[Piece]:
        if site.name not in self._hospital_seen:
            self._hospital_seen.add(site.name)
            if self.rng.random() < 0.5:
                return [
                    (site.name, "HOSPITAL"),
                    (" (", None),
                    (site.abbreviation, "HOSPITAL"),
                    (")", None),
                ]
            return [(site.name, "HOSPITAL")]
        if self.rng.random() < 0.6:
            return [(site.abbreviation, "HOSPITAL")]
        return [(site.name, "HOSPITAL")]

    def slot_hospital(self) -> list[Piece]:
        return self._site(self.patient.site)

    def slot_other_hospital(self) -> list[Piece]:
        return self._site(self.patient.other_site)

    def slot_department(self) -> list[Piece]:
        return [(self.rng.choice(self.pack.named_departments), "DEPARTMENT")]

    def slot_room(self) -> list[Piece]:
        rng = self.rng
        return [
            (
                self._pick(
                    str(rng.randint(100, 999)),
                    f"{rng.randint(1, 12)}{rng.choice('ABCD')}",
                    f"{rng.randint(2, 9)}{rng.randint(10, 60)}-{rng.randint(1, 2)}",
                ),
                "ROOM",
            )
        ]

    def _address(self, street: str, unit: str, city: str, state: str, zip_code: str) -> list[Piece]:
        pieces: list[Piece] = [(f"{street}{', ' + unit if unit else ''}", "STREET")]
        sep = self._pick(", ", "\n", " ")
        return [
            *pieces,
            (sep, None),
            (city, "CITY"),
            (", ", None),
            (state, "STATE"),
            (" ", None),
            (zip_code, "ZIP"),
        ]

    def slot_address(self) -> list[Piece]:
        p = self.patient
        return self._address(p.street, p.unit, p.city, p.state, p.zip)

    def slot_site_address(self) -> list[Piece]:
        s = self.patient.site
        return self._address(s.street, "", s.city, s.state, s.zip)

    def slot_street_only(self) -> list[Piece]:
        return [(self.patient.street.split(" ", 1)[1], "STREET")]

    def slot_city(self) -> list[Piece]:
        return [(self.patient.city, "CITY")]

    def slot_site_city(self) -> list[Piece]:
        return [(self.patient.site.city, "CITY")]

    def slot_state(self) -> list[Piece]:
        return [(self.patient.state, "STATE")]

    def slot_country(self) -> list[Piece]:
        return [(self.patient.country, "COUNTRY")]

    def slot_location_other(self) -> list[Piece]:
        rng = self.rng
        place = rng.choice(LANDMARKS).format(
            last=rng.choice(self.pack.last_names), city=rng.choice(self.pack.cities)
        )
        if place.startswith("the "):
            return [("the ", None), (place[4:], "LOCATION-OTHER")]
        return [(place, "LOCATION-OTHER")]

    def slot_profession(self) -> list[Piece]:
        return [(self.patient.profession, "PROFESSION")]

    def slot_employer(self) -> list[Piece]:
        return [(self.patient.employer, "ORGANIZATION")]

    # --- ordinary text ----------------------------------------------------------------------
    def slot_he(self) -> str:
        return self.he

    def slot_He(self) -> str:
        return self.he.capitalize()

    def slot_his(self) -> str:
        return self.his

    def slot_His(self) -> str:
        return self.his.capitalize()

    def slot_him(self) -> str:
        return self.him

    def slot_man(self) -> str:
        if self.patient.person.sex == "F":
            return self._pick("woman", "female", "lady", "F")
        return self._pick("man", "male", "gentleman", "M")

    def slot_drug(self) -> str:
        return lexicon.drug(self.rng)

    def slot_drugname(self) -> str:
        return self.rng.choice(lexicon.DRUGS)[0]

    def slot_lab(self) -> str:
        return lexicon.lab(self.rng)

    def slot_labs(self) -> str:
        return self._pick(", ", "  ", "; ").join(
            lexicon.lab(self.rng) for _ in range(self.rng.randint(3, 6))
        )

    def slot_vitals(self) -> str:
        return lexicon.vitals(self.rng)

    def slot_score(self) -> str:
        return lexicon.score(self.rng)

    def slot_duration(self) -> str:
        return lexicon.duration(self.rng)

    def slot_problem(self) -> str:
        return self.rng.choice(lexicon.PROBLEMS)

    def slot_symptom(self) -> str:
        return self.rng.choice(lexicon.SYMPTOMS)

    def slot_sign(self) -> str:
        return self.rng.choice(lexicon.EPONYM_SIGNS)

    def slot_line(self) -> str:
        return self.rng.choice(lexicon.DEVICES)

    def slot_procedure(self) -> str:
        return self.rng.choice(lexicon.PROCEDURES)

    def slot_imaging(self) -> str:
        return self.rng.choice(lexicon.IMAGING)[0]

    def slot_finding(self) -> str:
        return self.rng.choice(lexicon.IMAGING)[1]

    def slot_exam(self) -> str:
        return self.rng.choice(lexicon.EXAM)

    def slot_allergy(self) -> str:
        return self.rng.choice(lexicon.ALLERGIES)

    def slot_family_history(self) -> list[Piece]:
        # a relative's age at a disease is an AGE, as i2b2 annotates every age
        history = self.rng.choice(lexicon.RELATIVE_HISTORY)
        head, at, age = history.rpartition(" at ")
        if not at:
            return [(history, None)]
        return [(f"{head} at ", None), (age, "AGE")]

    def slot_n(self) -> str:
        return str(self.rng.randint(2, 6))
