from pathlib import Path

import pytest

import phiscrub.train.pipeline as module
from phiscrub.document import Document
from phiscrub.errors import ConfigError
from phiscrub.io import write_corpus
from phiscrub.merge.ensemble import fit_ensemble
from phiscrub.pipeline import load_pipeline
from phiscrub.privacy import audit
from phiscrub.train.pipeline import (
    patient_folds,
    read_cross_predictions,
    read_recipe,
    train_pipeline,
)
from tests.detect.crf.test_tagger import NAMES, _doc

RECIPE = """name = "hybrid"
[[detector]]
type = "rules"
[[detector]]
type = "crf"
model = "crf"
[merge.ensemble]
members = ["crf", "rules"]
classifier = "logistic"
[train]
folds = 2
[train.recipe.crf]
without = ["clusters", "dictionary", "rules", "section", "positional"]
"""


def _corpus() -> list[Document]:
    """16 notes with a doctor and a date; every other one also holds an unannotated phone-like
    number that the rules take for PHI (the ensemble's wrong candidates)."""
    docs = []
    for i, name in enumerate(NAMES * 2):
        doc = _doc(i, name, f"{i % 12 + 1}/{i % 20 + 2}/20{10 + i}")
        if i % 2:
            doc = Document(doc.doc_id, doc.text + " Call 555-0100 ext 4.", doc.spans)
        docs.append(doc)
    return docs


@pytest.fixture
def corpus(tmp_path):
    docs = _corpus()
    write_corpus(docs, tmp_path / "train.jsonl", "jsonl")
    write_corpus(docs[:4], tmp_path / "dev.jsonl", "jsonl")
    (tmp_path / "recipe.toml").write_text(RECIPE, encoding="utf-8")
    return tmp_path


def test_patient_folds_keep_a_patients_notes_together_and_are_seeded():
    docs = [Document(f"d{i}", "x", metadata={"patient_id": f"p{i // 2}"}) for i in range(10)]
    groups = patient_folds(docs, 3, seed=1)
    assert sorted(i for g in groups for i in g) == list(range(10))
    assert all(i + 1 in g for g in groups for i in g if i % 2 == 0)  # pairs stay together
    assert sorted(len(g) for g in groups) == [2, 4, 4]
    assert patient_folds(docs, 3, seed=1) == groups
    with pytest.raises(ConfigError, match="3 folds need at least 3 patients"):
        patient_folds(docs[:4], 3, seed=1)


def test_train_pipeline_trains_members_and_ensemble_and_reports_each(corpus):
    events: list[str] = []
    result = train_pipeline(
        corpus / "recipe.toml",
        corpus / "train.jsonl",
        corpus / "model",
        corpus / "dev.jsonl",
        on_event=events.append,
    )
    assert events == [
        "fold 1/2: training crf on 8 documents",
        "fold 2/2: training crf on 8 documents",
        "training crf on all 16 documents",
        "running rules on the training notes",
        "ensemble (logistic) trained on 40 candidates",
    ]
    assert list(result.dev) == ["rules", "crf", "ensemble", "hybrid"]
    strict = {name: e.criteria["strict"] for name, e in result.dev.items()}
    assert (strict["rules"].tp, strict["rules"].fp, strict["rules"].fn) == (4, 2, 4)
    assert strict["crf"].f1 == strict["ensemble"].f1 == strict["hybrid"].f1 == 1.0
    assert sorted(p.name for p in corpus.joinpath("model").iterdir()) == [
        "crf",
        "ensemble",
        "pipeline.json",
    ]
    pipeline = load_pipeline(corpus / "model")
    note = Document("n", "Note 9. Seen by Dr Park on 5/6/2017. Call 555-0100 ext 4.")
    assert [(s.label, s.source) for s in pipeline.annotate(note).spans] == [
        ("DOCTOR", "ensemble:crf"),
        ("DATE", "ensemble:crf+rules"),
    ]


def test_a_pipeline_is_trained_privately_unless_told_otherwise(corpus):
    docs = _corpus()
    recipe = corpus / "recipe.toml"
    recipe.write_text(RECIPE + 'config = "crf.toml"\n', encoding="utf-8")
    (corpus / "crf.toml").write_text("[trainer]\nc1 = 0.0\n", encoding="utf-8")
    train_pipeline(recipe, corpus / "train.jsonl", corpus / "private")
    assert audit(corpus / "private", docs).found == 0
    train_pipeline(recipe, corpus / "train.jsonl", corpus / "open", private=False)
    assert audit(corpus / "open", docs).found >= len(NAMES)


def test_jobs_train_in_worker_processes_with_the_same_result(corpus):
    events: list[str] = []
    inline = train_pipeline(corpus / "recipe.toml", corpus / "train.jsonl", corpus / "one")
    parallel = train_pipeline(
        corpus / "recipe.toml",
        corpus / "train.jsonl",
        corpus / "two",
        on_event=events.append,
        jobs=2,
    )
    assert sorted(events) == [
        "ensemble (logistic) trained on 40 candidates",
        "fold 1/2: training crf on 8 documents",
        "fold 2/2: training crf on 8 documents",
        "running rules on the training notes",
        "training crf on all 16 documents",
    ]
    assert parallel.candidates == inline.candidates == 40
    assert (
        sorted(parallel.seconds)
        == sorted(inline.seconds)
        == [
            "crf",
            "ensemble",
            "fold 1 crf",
            "fold 2 crf",
        ]
    )
    one = {f.relative_to(corpus / "one"): f.read_bytes() for f in (corpus / "one").rglob("*.*")}
    two = {f.relative_to(corpus / "two"): f.read_bytes() for f in (corpus / "two").rglob("*.*")}
    assert any(path.suffix == ".crfsuite" for path in one) and two == one


def test_cross_predictions_refit_the_same_ensemble_and_hold_no_text(corpus):
    path = corpus / "cross.jsonl"
    train_pipeline(
        corpus / "recipe.toml", corpus / "train.jsonl", corpus / "model", cross_predictions=path
    )
    docs = _corpus()
    raw = read_cross_predictions(path, docs)
    assert len(raw) == 16
    assert sorted({s.detector for spans in raw for s in spans}) == ["crf", "rules"]
    written = path.read_text(encoding="utf-8")
    assert not any(name in written for name in NAMES)
    refit = fit_ensemble(list(zip(docs, raw, strict=True)), ["crf", "rules"], "en", "logistic")
    saved = load_pipeline(corpus / "model").ensemble
    assert saved is not None and saved.params.keys() == refit.params.keys()
    for key, value in refit.params.items():
        assert saved.params[key] == pytest.approx(value)
    before = (corpus / "train.jsonl").read_bytes()
    with pytest.raises(ConfigError, match="must not be an input"):
        train_pipeline(
            corpus / "recipe.toml",
            corpus / "train.jsonl",
            corpus / "again",
            cross_predictions=corpus / "train.jsonl",
        )
    assert (corpus / "train.jsonl").read_bytes() == before
    with pytest.raises(ConfigError, match=r"cross.jsonl: 16 lines for 15 training documents"):
        read_cross_predictions(path, docs[:15])
    with pytest.raises(ConfigError, match=r"cross.jsonl, line 1: not cross-predictions"):
        read_cross_predictions(path, docs[1:] + docs[:1])


def test_members_never_tag_the_notes_they_were_trained_on(corpus, monkeypatch):
    train_member = module._train_member
    seen_by: dict[str, set[str]] = {}

    def recording(config, recipe, language, docs, directory, *rest):
        tagger = train_member(config, recipe, language, docs, directory, *rest)
        seen_by[directory.name] = {d.doc_id for d in docs}
        tagger.trained_on = seen_by[directory.name]
        return tagger

    tagged: list[tuple[set[str], set[str]]] = []

    def tag(detector, docs):
        tagged.append((detector.trained_on, {d.doc_id for d in docs}))
        return [detector.detect(d) for d in docs]

    monkeypatch.setattr(module, "_train_member", recording)
    monkeypatch.setattr(module, "detect_batch", tag)
    train_pipeline(corpus / "recipe.toml", corpus / "train.jsonl", corpus / "model")
    assert len(tagged) == 2
    assert all(not trained & held_out and len(held_out) == 8 for trained, held_out in tagged)
    assert seen_by["crf"] == {f"d{i}" for i in range(16)}  # the final model sees them all


def test_recipe_errors_name_the_file(tmp_path):
    path = tmp_path / "r.toml"
    path.write_text(RECIPE + "[train.recipe.bilstm]\nconfig = 'neuroner'\n", encoding="utf-8")
    with pytest.raises(ConfigError, match=r"r.toml: \[train.recipe\] names no detector"):
        read_recipe(path)
    path.write_text(RECIPE.replace("folds = 2", "folds = 1"), encoding="utf-8")
    with pytest.raises(ConfigError, match=r"r.toml.*folds"):
        read_recipe(path)


ROOT = Path(__file__).resolve().parents[2]
SHIPPED = sorted([*ROOT.glob("recipes/*.toml"), *ROOT.glob("examples/recipes/*.toml")])


PIPELINES = [p for p in SHIPPED if "[[detector]]" in p.read_text(encoding="utf-8")]


def test_the_shipped_recipes_are_found():
    assert {p.name for p in PIPELINES} >= {
        "default-en.toml",
        "default-es.toml",
        "liu-meddocan.toml",
    }


@pytest.mark.parametrize("path", PIPELINES, ids=str)
def test_shipped_recipes_are_valid(path):
    from phiscrub.detect.neural import PRESETS
    from phiscrub.train.members import read_crf_config, read_neural_config

    recipe = read_recipe(path)
    types = {d.name: d.type for d in recipe.detector}
    assert {"crf", "neural"} & set(types.values())  # something to train
    if recipe.merge.ensemble is not None:
        assert set(recipe.merge.ensemble.members) <= set(types)
    for name, item in recipe.train.recipe.items():
        if item.config is None or item.config in PRESETS:
            continue
        member = path.parent / item.config
        if types[name] == "crf":
            read_crf_config(member, item.without, recipe.language)
        else:
            read_neural_config(str(member), recipe.language)


def test_brown_clusters_need_no_embeddings_and_are_made_once(tmp_path, monkeypatch):
    import gzip
    import json

    import phiscrub.detect.crf.clusters as clusters
    from phiscrub.detect.crf import CRFConfig

    path = tmp_path / "en_lexeme_cluster.json.gz"
    with gzip.open(path, "wt", encoding="utf-8") as handle:
        json.dump({"lee": 6, "fever": 9}, handle)
    monkeypatch.setattr(clusters, "brown_table_path", lambda language: path)
    resources = module._Resources(None, seed=1)
    config = CRFConfig(cluster_source="brown", clusters=[2, 4])
    table = resources.clusters(config)
    assert table.ids == {"lee": (3, 6), "fever": (2, 9)}
    assert resources.clusters(config) is table
    with pytest.raises(ConfigError, match="need word embeddings"):
        resources.clusters(CRFConfig())
