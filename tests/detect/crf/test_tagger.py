import json

import pytest

from phiscrub.detect.crf import CRFConfig, CRFTagger, FeatureConfig, TrainerConfig
from phiscrub.detect.crf.clusters import ClusterTable
from phiscrub.document import Document, Span
from phiscrub.errors import ConfigError, FormatError
from tests.conftest import span_of

NAMES = ["Lee", "Ruiz", "Adams", "Novak", "Okafor", "Berg", "Sato", "Moreau"]


def _doc(i: int, name: str, date: str) -> Document:
    text = f"Note {i}. Seen by Dr {name} on {date}. Plan: rest and fluids."
    spans = (span_of(text, name, "DOCTOR"), span_of(text, date, "DATE"))
    return Document(f"d{i}", text, spans)


def _corpus() -> list[Document]:
    return [_doc(i, name, f"{i + 1}/{i + 3}/20{10 + i}") for i, name in enumerate(NAMES)]


def _config(**settings) -> CRFConfig:
    features = FeatureConfig(
        dictionary=False, rules=False, clusters=False, section=False, positional=False
    )
    return CRFConfig(features=features, trainer=TrainerConfig(max_iterations=60), **settings)


def _spans(spans: list[Span]) -> list[tuple[int, int, str]]:
    return [span.key for span in spans]


@pytest.mark.parametrize("scheme", ["IO", "BIO", "BIOES"])
def test_learns_its_training_data_and_tags_a_new_note(tmp_path, scheme):
    tagger, report = CRFTagger.fit(_corpus(), tmp_path / "m", _config(scheme=scheme))
    assert report.documents == 8 and report.misaligned_spans == 0
    assert report.tokens == sum(len(d.text.split()) + 5 + 3 for d in _corpus())  # . : . / / split
    assert tagger.labels == ("DATE", "DOCTOR")
    for doc in _corpus():
        assert _spans(tagger.detect(doc)) == sorted(s.key for s in doc.spans)
    new = _doc(99, "Quinn", "9/9/2021")
    found = tagger.detect(new)
    assert _spans(found) == sorted(s.key for s in new.spans)
    assert all(0.5 < s.score <= 1.0 and s.source == "crf" for s in found)


def test_saved_model_loads_and_tags_the_same(tmp_path):
    tagger, _ = CRFTagger.fit(_corpus(), tmp_path / "m", _config())
    files = sorted(p.name for p in (tmp_path / "m").iterdir())
    assert files == ["crf.json", "model-0.crfsuite"]
    manifest = json.loads((tmp_path / "m" / "crf.json").read_text())
    assert manifest["labels"] == ["DATE", "DOCTOR"] and manifest["models"] == {
        "*": "model-0.crfsuite"
    }
    loaded = CRFTagger.load(tmp_path / "m")
    copied = loaded.save(tmp_path / "copy")
    doc = _doc(50, "Quinn", "1/2/2003")
    assert loaded.config == tagger.config
    assert loaded.detect(doc) == tagger.detect(doc) == copied.detect(doc)


def test_per_label_models(tmp_path):
    tagger, report = CRFTagger.fit(_corpus(), tmp_path / "m", _config(mode="per_label"))
    assert tagger.models == {"DATE": "model-0.crfsuite", "DOCTOR": "model-1.crfsuite"}
    assert report.iterations.keys() == {"DATE", "DOCTOR"}
    doc = _corpus()[2]
    assert _spans(CRFTagger.load(tmp_path / "m").detect(doc)) == sorted(s.key for s in doc.spans)


def test_cluster_features_need_a_table_and_save_it(tmp_path):
    config = _config().model_copy(update={"features": FeatureConfig(clusters=True)})
    with pytest.raises(ConfigError, match="no clusters were given"):
        CRFTagger.fit(_corpus(), tmp_path / "m", config)
    table = ClusterTable((2,), {name.lower(): (1,) for name in NAMES})
    CRFTagger.fit(_corpus()[:3], tmp_path / "c", config, table)
    assert ClusterTable.load(tmp_path / "c") == table
    (tmp_path / "c" / "clusters.json").unlink()  # the model no longer runs as trained
    with pytest.raises(FormatError, match=r"clusters\.json: the model's cluster features need"):
        CRFTagger.load(tmp_path / "c").detect(_corpus()[0])


def test_training_without_spans_is_an_error(tmp_path):
    with pytest.raises(Exception, match="no annotated spans"):
        CRFTagger.fit([Document("a", "nothing here")], tmp_path / "m", _config())


def test_an_empty_note_has_no_spans(tmp_path):
    tagger, _ = CRFTagger.fit(_corpus()[:2], tmp_path / "m", _config())
    assert tagger.detect(Document("e", "  \n ")) == []


def test_bad_model_directories_name_the_file(tmp_path):
    with pytest.raises(ConfigError, match="cannot read CRF model"):
        CRFTagger.load(tmp_path)
    (tmp_path / "crf.json").write_text('{"format": "phiscrub-crf", "version": 99}')
    with pytest.raises(ConfigError, match="version 99"):
        CRFTagger.load(tmp_path)
    CRFTagger.fit(_corpus()[:2], tmp_path / "m", _config())
    (tmp_path / "m" / "model-0.crfsuite").write_bytes(b"not a model")
    with pytest.raises(FormatError, match=r"model-0\.crfsuite: not a crfsuite model"):
        CRFTagger.load(tmp_path / "m").detect(_corpus()[0])
    data = json.loads((tmp_path / "m" / "crf.json").read_text())
    data["models"] = {"*": "../elsewhere.crfsuite"}
    (tmp_path / "m" / "crf.json").write_text(json.dumps(data))
    with pytest.raises(ConfigError, match="plain file names"):
        CRFTagger.load(tmp_path / "m")


def test_a_rule_pack_file_is_copied_into_the_model(tmp_path):
    pack = tmp_path / "mine.toml"
    pack.write_text(
        '[[pattern]]\nname = "doc"\nlabel = "DOCTOR"\nregex = "Dr (?P<phi>[A-Z][a-z]+)"\n'
    )
    config = _config(patterns=str(pack)).model_copy(
        update={
            "features": FeatureConfig(words=False, affixes=False, dictionary=False, clusters=False)
        }
    )
    CRFTagger.fit(_corpus(), tmp_path / "m", config)
    pack.unlink()
    loaded = CRFTagger.load(tmp_path / "m")
    assert loaded.config.patterns == "patterns.toml"
    doc = _doc(70, "Quinn", "1/2/2003")
    assert span_of(doc.text, "Quinn", "DOCTOR").key in _spans(loaded.detect(doc))
