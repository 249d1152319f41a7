"""Roles of people's names after the merge: whether a name is a patient's or a clinician's.

The models find names well but learn their role from the notes they were trained on, and the
priority merge gives PATIENT to a name that any detector calls a patient. The dictionary's
context rules read the role from words a note writes beside the name: a title ("Dr.", "Mrs."),
a credential ("RN", "M.D."), a field ("Attending:", "Patient:"), a relative ("wife Anna").
Where such a rule found a name that the merge kept, and every such rule agrees on its role, the
name takes that role (a rule whose cue is said of relatives and staff alike, "report given
to", gives way to one that reads the other role). In i2b2's scheme a patient's name is a HIPAA
identifier and a clinician's is not, so the role decides whether a name counts as HIPAA PHI.
The same holds for a hospital that is a firm or a town (neither hospital): a rule that names
them (``ORGANIZATION_RULES``, ``TOWN_RULES``) relabels what models called a hospital.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from phiscrub.document import Span, SpanCover
from phiscrub.merge.policies import Dropped

PEOPLE = ("PATIENT", "DOCTOR")
# the dictionary's context rules (phiscrub.detect.dictionary.names): each reads a role from the
# words beside a name, and gives it as the span's label
CONTEXT_RULES = frozenset(
    {
        *("title_doctor", "title_doctors", "title_grade", "credential", "field_doctor"),
        "role_doctor",
        *("title_patient", "field_patient", "relative", "relative_lower", "relative_after"),
        "relative_bracket_after",
        *("contact", "discussed_with"),
        *("patient_named", "patient_listed"),
        "table",  # a table's column heading ("Pt", "RN")
    }
)


# the dictionary's last resorts (an initial before a surname, a name before "'s labs", a name
# greeted in a letter): they find a name but only guess its role, so another detector's
# reading of the role comes first
GUESSES = frozenset({"possessive_name", "possessive_first_name", "initial_surname", "greeting"})


# the patterns that name health insurers ("Cigna", "Blue Cross Blue Shield of Texas") and firms
# known by their names (a home-health agency, the postal service: "Bayada", "USPS"): a payer or
# a firm is an ORGANIZATION in i2b2's scheme (a HIPAA identifier), which models trained on
# hospitals' names read as a HOSPITAL (not one)
ORGANIZATION_RULES = frozenset(
    {"insurer_known", "insurer", "insurer_named_capitals"}
    | {"organization_known", "organization_known_capitals"}
)


# a town in brackets after a site's name ("St Vincent's Hospital (Sydney)"), which models read
# as part of the hospital, or alone on the line after it in an address block ("Heavitree Health
# Centre\nExeter"), which models read as a clinician's name or a department
TOWN_RULES = frozenset({"town_after_site"})
TOWN_READ_AS = frozenset({"HOSPITAL", "DEPARTMENT", "DOCTOR", "PATIENT"})


def _town(span: Span, raw: Sequence[Span]) -> bool:
    """A town's rule among ``raw`` found exactly ``span``."""
    return any(_rule(s) in TOWN_RULES and (s.start, s.end) == (span.start, span.end) for s in raw)


def _organization(span: Span, raw: Sequence[Span]) -> bool:
    """An insurer's or a known firm's pattern among ``raw`` covers the whole of ``span``."""
    return any(
        _rule(s) in ORGANIZATION_RULES and s.start <= span.start and span.end <= s.end for s in raw
    )


def assign_roles(spans: Sequence[Span], raw: Sequence[Span]) -> tuple[list[Span], list[Dropped]]:
    """``spans`` with each person's name relabelled to the role that the context rules among
    ``raw`` (the first-pass spans) agree on (a ``WEAK`` rule's reading counts only where no
    other rule reads another), and a record of each relabelled span. A name
    that only a last-resort rule labelled takes the role the other detectors agree on. A
    hospital that an insurer's or a known firm's pattern names whole is an organisation
    ("Policy W4821 (Cigna)"),
    and one that is a town in brackets after a site's name is the town ("Hospital (Sydney)"), as
    is a name or a department that a town's rule reads alone on the line after a site's."""
    spans, changed = _institutions(spans, raw)
    kept, relabelled = _people(spans, raw)
    return kept, changed + relabelled


def _institutions(spans: Sequence[Span], raw: Sequence[Span]) -> tuple[list[Span], list[Dropped]]:
    """``spans`` with hospitals that a firm's or a town's rule reads relabelled."""
    kept: list[Span] = []
    changed: list[Dropped] = []
    for span in spans:
        kind = None
        if span.label == "HOSPITAL" and _organization(span, raw):
            kind = "ORGANIZATION"
        elif span.label in TOWN_READ_AS and _town(span, raw):
            kind = "CITY"
        if kind is not None:
            relabelled = span.with_label(kind)
            changed.append(Dropped(span, relabelled, "roles"))
            span = relabelled
        kept.append(span)
    return kept, changed


def _people(spans: Sequence[Span], raw: Sequence[Span]) -> tuple[list[Span], list[Dropped]]:
    evidence = [s for s in raw if _role(s) is not None]
    guessed = any(_rule(s) in GUESSES for s in spans)
    others = [s for s in raw if s.label in PEOPLE and _rule(s) not in GUESSES] if guessed else []
    if not evidence and not others:
        return list(spans), []
    cover = SpanCover(evidence) if evidence else None
    kept: list[Span] = []
    changed: list[Dropped] = []
    for span in spans:
        role = None
        if span.label in PEOPLE:
            if cover is not None and cover.touches(span.start, span.end):
                role = _agreed(span, evidence)
            if role is None and _rule(span) in GUESSES:
                role = _agreed(span, others, _label)
        if role is None or role == span.label:
            kept.append(span)
            continue
        relabelled = span.with_label(role)
        changed.append(Dropped(span, relabelled, "roles"))
        kept.append(relabelled)
    return kept, changed


def _rule(span: Span) -> str:
    return span.source.partition(":")[2]


def _label(span: Span) -> str | None:
    return span.label


def _role(span: Span) -> str | None:
    """The role a first-pass span's rule reads, or None when its rule reads none."""
    context = _rule(span) in CONTEXT_RULES
    return span.label if context and span.label in PEOPLE else None


# rules whose words are said of relatives and staff alike ("report given to", "spoke with"):
# where another rule reads the other role ("given to Karen, RN"), that rule decides
WEAK = frozenset({"contact", "discussed_with"})


def _agreed(
    span: Span, evidence: Sequence[Span], role: Callable[[Span], str | None] = _role
) -> str | None:
    near = [e for e in evidence if e.overlaps(span)]
    roles = {role(e) for e in near}
    if len(roles) > 1:
        roles = {role(e) for e in near if _rule(e) not in WEAK}
    return roles.pop() if len(roles) == 1 else None
