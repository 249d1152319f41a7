"""Built gazetteers are kept in a cache named by what they were built from."""

import pytest

from phiscrub.detect.dictionary import gazetteers as module


@pytest.fixture
def fresh(monkeypatch, tmp_path):
    monkeypatch.setenv(module.CACHE_ENV, str(tmp_path))
    module.gazetteers.cache_clear()
    yield tmp_path
    module.gazetteers.cache_clear()


def test_gazetteers_are_built_once_then_read_from_the_cache(fresh, monkeypatch):
    built = module.gazetteers("es")
    [path] = fresh.iterdir()
    assert path == module.cache_path("es") and path.name.startswith("gazetteers-es-")
    assert "julio" in built.first_names and built.census_first_names == frozenset()
    module.gazetteers.cache_clear()

    def no_build(language):
        raise AssertionError("built again")

    monkeypatch.setattr(module, "_build", no_build)
    assert module.gazetteers("es") == built


def test_a_damaged_cache_is_built_again_and_off_means_none(fresh, monkeypatch):
    path = module.cache_path("es")
    path.write_text('{"first_names": [1, 2', encoding="utf-8")
    built = module.gazetteers("es")
    assert "julio" in built.first_names and len(built.cities) > 10000
    assert module._read_cache(path) == built  # rewritten whole
    monkeypatch.setenv(module.CACHE_ENV, "off")
    assert module.cache_path("es") is None


def test_the_cache_name_follows_the_package_versions(fresh, monkeypatch):
    before = module.cache_path("es")
    real = module.metadata.version
    monkeypatch.setattr(module.metadata, "version", lambda p: "9.9" if p == "faker" else real(p))
    assert module.cache_path("es") != before


def test_job_titles_are_read_as_written_and_by_their_heads():
    from phiscrub.detect.dictionary.gazetteers import _job_forms, _job_head

    assert _job_forms("engineer, civil (consulting)") == "civil engineer"
    assert _job_forms("teacher, primary school") == "primary school teacher"
    assert (
        _job_forms("designer, blown glass/stained glass") == "designer, blown glass/stained glass"
    )
    assert _job_forms("pilot") == "pilot"
    assert [_job_head(j) for j in ("engineer, civil", "copy, advertising", "pilot")] == [
        "engineer",
        "",
        "",
    ]


def test_spanish_job_titles_keep_their_order():
    from phiscrub.detect.dictionary.gazetteers import gazetteers

    professions = gazetteers("es").professions
    assert "panaderos, pasteleros y confiteros" in professions
    assert "pasteleros y confiteros panaderos" not in professions


def test_short_forms_of_first_names_are_names_not_common_words():
    gaz = module.gazetteers("en")
    assert gaz.is_name("jen") and gaz.is_name("steph")
    assert not gaz.is_common("jen")
    assert "jen" not in gaz.first_names  # the CRF's features keep the lists it was trained on


def test_first_names_are_read_from_both_lists_and_surnames_are_not():
    gaz = module.gazetteers("en")
    assert gaz.is_first_name("jen")  # the census's list only
    assert gaz.is_first_name("sue") and "sue" in gaz.first_names  # faker's list too
    assert not gaz.is_first_name("kowalczyk") and gaz.is_name("kowalczyk")  # a surname


@pytest.mark.parametrize(
    ("name", "plain"),
    [
        ("josé", "jose"),
        ("łukasz", "lukasz"),
        ("оксана", "oksana"),
        ("дмитрий", "dmitrii"),
        ("γιώργος", "giorgos"),
        ("सुनीता", "sunita"),
        ("은지", "eunji"),
        ("smith", None),  # already plain
        ("محمد", None),  # no Latin form from these letters
    ],
)
def test_names_in_other_letters_are_read_as_english_notes_write_them(name, plain):
    assert module.latin_form(name) == plain


def test_world_names_are_listed_transliterated_romanised_and_without_accents():
    gaz = module.gazetteers("en")
    assert gaz.is_first_name("oksana")  # ru_RU and uk_UA write it in Cyrillic only
    assert gaz.is_first_name("giorgos")  # el_GR in Greek
    assert gaz.is_name("zhou") and not gaz.is_common("zhou")  # zh_CN's romanised surnames
    assert gaz.is_first_name("priyanka")  # hi_IN in Devanagari
    assert gaz.is_first_name("akilan")  # ta_IN in Tamil
    assert gaz.is_first_name("seoyeon")  # ko_KR in Hangul
    assert not gaz.is_first_name("more") and gaz.is_common("more")  # mr_IN's "मोरे"
    assert "oksana" not in gaz.first_names  # the CRF's features keep the lists it was trained on


def test_surnames_kept_by_sex_or_community_are_listed_with_a_womans_form():
    gaz = module.gazetteers("en")
    # ru_RU and bg_BG keep surnames by sex, in Cyrillic: transliterated
    assert {"sokolova", "ivanova"} <= gaz.census_last_names
    # pl_PL lists only a man's form and the surnames of both sexes; cs_CZ both by sex
    assert {"kowalska", "wiśniewska", "wisniewska", "novotná", "novotna"} <= gaz.census_last_names
    assert not gaz.is_common("kowalska")
    assert "ska" not in gaz.census_last_names and gaz.is_common("the")


def test_large_cities_are_towns_in_the_plain_letters_english_writes_them_in():
    gaz = module.gazetteers("en")
    assert {"montreal", "krakow", "malmo", "zurich"} <= gaz.towns  # Montréal, Kraków, ...
    assert "sale" not in gaz.towns  # Salé, Morocco: a frequent English word
    assert "montreal" not in gaz.cities  # the CRF's features keep the lists it was trained on


def test_large_towns_keep_their_english_words_and_leave_out_small_towns():
    gaz = module.gazetteers("en")
    assert {"fargo", "plymouth", "reading", "spokane"} <= gaz.large_towns
    assert "fargo" in gaz.english_words  # why the town lists leave it out
    assert "montpelier" in gaz.towns and "montpelier" not in gaz.large_towns  # 8,000 people
    # a large city of the world whose accents English drops ("Montréal", "Łódź")
    assert {"montreal", "lodz", "bogota"} <= gaz.large_towns
    assert "colon" not in gaz.large_towns and "nice" not in gaz.large_towns
