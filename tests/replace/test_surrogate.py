"""Date surrogates keep no original day or month, in any form, for any patient; the fallback is
counted."""

import pytest

from phiscrub.document import Document, Span
from phiscrub.errors import ConfigError
from phiscrub.replace import ReplaceConfig, Replacer, SecretKey, SurrogateSettings
from phiscrub.replace.dates import MONTHS, DateShifter
from phiscrub.replace.packs import language_pack
from phiscrub.replace.surrogate import SurrogateGenerator

KEY = SecretKey(b"surrogate-test-key-0123456789", "tests")

# the forms of issue 16 and a few more
ENGLISH = [
    "2091-03-14T10:00",
    "March 14 and 16, 2091",
    "3/14-3/16/2091",
    "14-16 March",
    "the 23rd of July",
    "14.03.2091",
    "Mar 14 '91",
    "14-MAR-91",
    "Collected: 05/10/2108",
    "RESULT DATE 2101-04-19 17:35",
    "the weekend of March 14",
    "Christmas 2091",
]
SPANISH = ["3 de marzo de 2019", "del 3 al 5 de marzo de 2019", "14/03/2091", "Navidad de 2019"]


def _kept(original: str, surrogate: str, language: str) -> list[str]:
    """The date words and numbers of the surrogate that are the original's at their place,
    and the original's holiday names it still shows."""
    reader = DateShifter(language_pack(language))
    before, after = reader.components(original), reader.components(surrogate)
    assert len(before) == len(after), (original, surrogate)
    kept = [a for a, b in zip(after, before, strict=True) if a == b]
    lower = surrogate.lower()
    return kept + [h for h in ("christmas", "navidad") if h in original.lower() and h in lower]


@pytest.mark.parametrize(("language", "dates"), [("en", ENGLISH), ("es", SPANISH)])
def test_no_date_surrogate_keeps_an_original_day_month_or_holiday(language, dates):
    label = "DATE" if language == "en" else "FECHAS"
    replacer = Replacer(ReplaceConfig(surrogates=SurrogateSettings(language=language)), KEY)
    for patient in map(str, range(40)):
        for text in dates:
            doc = Document("d", text, (Span(0, len(text), label),), {"patient_id": patient})
            out = replacer.replace(doc).document.text
            assert _kept(text, out, language) == [], (patient, text, out)


def test_unreadable_dates_are_counted_and_a_shift_range_must_hold_a_safe_shift():
    generator = SurrogateGenerator(KEY)
    generator.surrogate("DATE", "March 14, 2091", "p")
    generator.surrogate("DATE", "Collected: 05/10/2108", "p")
    generator.surrogate("DATE", "Christmas 2091", "p")
    assert generator.unparsed_dates == 2
    assert -698 <= generator.date_shift("p") <= -398
    with pytest.raises(ConfigError, match="holds no shift that changes"):
        SurrogateGenerator(KEY, SurrogateSettings(date_shift_days=(-60, -30))).date_shift("p")


def test_month_and_weekday_names_of_both_languages_are_disguised():
    generator = SurrogateGenerator(KEY)
    for text in ("martes de Carnaval", "Thanksgiving week 123"):
        out = generator.surrogate("DATE", text, "p")
        assert out != text and "martes" not in out and "123" not in out
    assert set(MONTHS) == {"en", "es"}


def test_a_stated_sex_becomes_the_patients_keyed_sex_in_the_same_form():
    generator = SurrogateGenerator(KEY, SurrogateSettings(language="es"))
    forms = ["Varón", "varón", "Mujer", "H", "M", "niña", "Niño", "VARÓN", "Recién nacido"]
    chosen = {}
    for patient in ("p1", "p2", "p3", "p4", "p5", "p6"):
        out = [generator.surrogate("SEXO_SUJETO_ASISTENCIA", f, patient) for f in forms]
        # one sex per patient, whatever the original said
        male = out[0] == "Varón"
        chosen[patient] = male
        assert out == (
            ["Varón", "varón", "Varón", "H", "H", "niño", "Niño", "VARÓN", "Recién nacido"]
            if male
            else ["Mujer", "mujer", "Mujer", "M", "M", "niña", "Niña", "MUJER", "Recién nacida"]
        )
    assert set(chosen.values()) == {True, False}  # the choice is keyed, not fixed
    english = SurrogateGenerator(KEY, SurrogateSettings(language="en"))
    assert english.surrogate("SEX", " Male ", "p1") in (" Male ", " Female ")
    assert english.surrogate("SEX", "F", "p1") in ("M", "F")
    # an unknown form gets the language's generic word
    assert generator.surrogate("SEXO_SUJETO_ASISTENCIA", "xy", "p1") in ("varón", "mujer")
