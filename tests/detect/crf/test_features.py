import gc

import pytest

from phiscrub.detect.crf.clusters import ClusterTable
from phiscrub.detect.crf.config import FAMILIES, CRFConfig, FeatureConfig
from phiscrub.detect.crf.features import (
    Featurizer,
    char_shape,
    collapsed_shape,
    presence_shape,
)
from phiscrub.document import Document


def _only(*families: str, **settings) -> CRFConfig:
    flags = {family: family in families for family in FAMILIES}
    return CRFConfig(features=FeatureConfig(**flags, **settings))


def _features(config: CRFConfig, text: str, clusters: ClusterTable | None = None):
    featurizer = Featurizer(config, clusters)
    layout = featurizer.layout(text)
    return layout, featurizer.featurize(Document("d", text), layout)


def test_shapes():
    assert char_shape("Hospital") == "Xxxxxxxx"
    assert collapsed_shape("Hospital") == "Xx"
    assert char_shape("2069-04") == "ddddSdd"
    assert collapsed_shape("McD0n-") == "XxXdxS"
    assert presence_shape("Hospital") == "1100"
    assert presence_shape("A1-") == "1011"
    assert presence_shape("") == "0000"


def test_word_window_stops_at_the_sequence_edge():
    layout, feats = _features(_only("words", window=1, ngrams=2), "Dr Lee.\nHome")
    assert [t.text for t in layout.tokens] == ["Dr", "Lee", ".", "Home"]
    assert layout.sequences == [(0, 3), (3, 4)]
    assert feats[0] == [
        "bias",
        "l[-1]=<s>",
        "w[0]=Dr",
        "l[0]=dr",
        "w[1]=Lee",
        "l[1]=lee",
        "l[0:1]=dr|lee",
    ]
    # "Home" is a sequence of its own: nothing from the line before it
    assert feats[3] == ["bias", "l[-1]=<s>", "w[0]=Home", "l[0]=home", "l[1]=</s>"]


def test_affixes_orthography_and_digit_normalised_words():
    _, feats = _features(_only("affixes", "orthography", affix_max=2), "MRN 12")
    assert feats[0] == ["bias", "p1=m", "s1=n", "p2=mr", "s2=rn", "case=upper", "len=3"]
    assert feats[1] == [
        "bias",
        "p1=1",
        "s1=2",
        "p2=12",
        "s2=12",
        "case=none",
        "digit",
        "alldigit",
        "len=2",
    ]
    _, feats = _features(_only("words", window=0, ngrams=1), "12")
    assert feats[0] == ["bias", "w[0]=12", "l[0]=00"]


def test_sentence_section_and_positional_features():
    text = "HISTORY: seen (left\nPlan: home."
    layout, feats = _features(_only("sentence", "section", "positional"), text)
    assert [t.text for t in layout.tokens] == [
        "HISTORY",
        ":",
        "seen",
        "(",
        "left",
        "Plan",
        ":",
        "home",
        ".",
    ]
    seen, left, home = feats[2], feats[4], feats[7]
    assert "slen=5" in seen and "sbracket" in seen and "send" not in seen
    assert "inbracket" in left and "inbracket" not in seen
    assert "sec=history" in seen and "header" in feats[0] and "header" not in seen
    assert "sec=plan" in home and "send" in home
    assert "line=0" in seen and "line=1" in home
    assert "lstart" in feats[0] and "lend" in left and "lstart" in feats[5]
    assert "spb" in seen and "spa" in seen
    assert "spa" not in feats[0]  # "HISTORY" is glued to ":"
    assert "spb" not in feats[1]


def test_gazetteer_and_rule_marks_with_neighbours():
    text = "Seen by Dr John Smith on 3/4/2019 in Boston"
    layout, feats = _features(_only("dictionary", "rules"), text)
    words = [t.text for t in layout.tokens]
    john, smith, date = words.index("John"), words.index("Smith"), words.index("3")
    assert "g=first" in feats[john]
    assert "g=last" in feats[smith] and "g[-1]=first" in feats[smith]
    assert "g=city" in feats[words.index("Boston")]
    assert "d=B-DOCTOR" in feats[john] and "d=I-DOCTOR" in feats[smith]
    assert "r=B-DATE" in feats[date] and "r[1]=B-DATE" in feats[date - 1]
    assert "r=I-DATE" in feats[date + 4]
    assert not any(f.startswith(("r=", "d=")) for f in feats[0])


def test_cluster_ids_with_unknown_words():
    table = ClusterTable((2, 8), {"lee": (1, 5), "dr": (0, 3)})
    _, feats = _features(_only("clusters"), "Dr Lee X", table)
    assert feats[1] == [
        "bias",
        "c2[-1]=0",
        "c8[-1]=3",
        "c2[0]=1",
        "c8[0]=5",
        "c2[1]=unk",
        "c8[1]=unk",
    ]


def test_no_families_leaves_only_the_bias():
    _, feats = _features(_only(), "a b")
    assert feats == [["bias"], ["bias"]]


@pytest.mark.parametrize("unit, expected", [("sentence", 2), ("line", 1), ("document", 1)])
def test_sequence_unit(unit, expected):
    featurizer = Featurizer(CRFConfig(sequence=unit))
    assert len(featurizer.layout("One. Two").sequences) == expected


def test_frequency_of_the_word_and_its_neighbours():
    _, feats = _features(_only("frequency"), "the Ryan 12 dyspneic")
    assert feats[1] == ["bias", "zf[-1]=8", "zf[0]=5", "zf[1]=-"]
    assert feats[3] == ["bias", "zf[-1]=-", "zf[0]=0"]  # unseen words are 0, numbers "-"


def test_features_are_the_same_when_the_word_cache_is_emptied(monkeypatch):
    import phiscrub.detect.crf.features as features

    text = "Seen by Dr Lee Lee on 03/14.\nLee called; Dr Lee agreed."
    config = _only("words", "shapes", "affixes", "orthography", window=2, ngrams=3)
    _, cached = _features(config, text)
    monkeypatch.setattr(features, "_CACHE_SIZE", 2)
    featurizer = Featurizer(config)
    layout = featurizer.layout(text)
    emptied = featurizer.featurize(Document("d", text), layout)
    assert emptied == cached
    assert len(featurizer._cache) <= 2
    assert "l[-2:0]=by|dr|lee" in cached[3]


def test_note_level_features_are_shared_only_between_the_same_settings(tmp_path):
    import phiscrub.detect.crf.features as features

    text = "Seen by Dr John Smith on 3/4/2019.\nZQX in Boston"
    pack = tmp_path / "mine.toml"
    pack.write_text("[[pattern]]\nname='cd'\nlabel='X'\nregex='ZQX'\n", encoding="utf-8")
    doc = Document("d", text)
    first, second = Featurizer(_only("rules")), Featurizer(_only("rules"))
    mine = Featurizer(CRFConfig(patterns=str(pack), features=_only("rules").features))
    layout = first.layout(text)
    assert second.layout(text) is layout  # one layout per settings and text
    built_in = first.featurize(doc, layout)  # kept for both
    assert second.featurize(doc, layout) == built_in
    kept = [key for (key, text) in features._SHARED._items if text == doc.text]
    assert ("layout", True, "line") in kept and any(key[0] == "rules" for key in kept)
    del second
    gc.collect()
    assert first.featurize(doc, layout) == built_in  # alone: made directly, the same
    own = mine.featurize(doc, mine.layout(text))
    words = [t.text for t in layout.tokens]
    assert "r=B-DATE" in built_in[words.index("3")] and built_in[words.index("ZQX")] == ["bias"]
    assert own[words.index("ZQX")] == ["bias", "r=B-X"]
    assert "r=B-DATE" not in own[words.index("3")]
    whole = CRFConfig(patterns=str(pack), sequence="document", features=_only("rules").features)
    note = Featurizer(whole)
    assert note.layout(text).sequences == [(0, len(words))]
    assert note.featurize(doc, note.layout(text))[words.index(".")] == ["bias", "r[1]=B-X"]
    assert own[words.index(".")] == ["bias"]  # the line ends before ZQX
