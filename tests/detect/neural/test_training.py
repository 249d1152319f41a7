import json

import pytest

torch = pytest.importorskip("torch")

from phiscrub.detect.neural import NeuralConfig, preset  # noqa: E402
from phiscrub.detect.neural.inputs import InputEncoder  # noqa: E402
from phiscrub.detect.neural.tagger import NeuralTagger  # noqa: E402
from phiscrub.detect.neural.trainer import fit  # noqa: E402
from phiscrub.document import Document  # noqa: E402
from phiscrub.errors import ConfigError  # noqa: E402
from tests.conftest import span_of  # noqa: E402

NAMES = ["Lee", "Ruiz", "Adams", "Novak"]


def _doc(i: int, name: str, date: str) -> Document:
    text = f"Seen by Dr {name} on {date}. Plan: rest and fluids.\nCall {name} again."
    spans = (
        span_of(text, name, "DOCTOR"),
        span_of(text, date, "DATE"),
        span_of(text, f"Call {name}", "DOCTOR").__class__(
            text.rindex(name), text.rindex(name) + len(name), "DOCTOR"
        ),
    )
    return Document(f"d{i}", text, spans)


def _corpus() -> list[Document]:
    return [_doc(i, name, f"{i + 1}/{i + 3}/20{10 + i}") for i, name in enumerate(NAMES)]


def _tiny(name: str, **training) -> NeuralConfig:
    """A named recipe shrunk to train in seconds, without dropout, with Adam."""
    data = preset(name)
    data.update(
        token={"dim": 16, "unk_replace": 0.0},
        char={"dim": 8, "hidden": 8},
        lstm_hidden=16,
        dropout=0.0,
        window=8,
        stride=4,
    )
    if name == "cedi":
        data.update(
            context={"enabled": True, "n": 3, "hidden": 16},
            prefix={"enabled": True, "min_count": 2, "dim": 8},
            attention={"enabled": True, "dim": 8},
        )
    data["training"] = {"optimizer": "adam", "lr": 0.02, "max_epochs": 40, "batch_size": 4}
    data["training"].update(training)
    return NeuralConfig.model_validate(data)


@pytest.mark.parametrize("name", ["neuroner", "bilstm-fea", "cedi"])
def test_each_recipe_overfits_a_few_notes_to_every_span(tmp_path, name):
    docs = _corpus()
    tagger, report = fit(docs, tmp_path / "m", _tiny(name), seed=3)
    assert report.documents == 4 and report.misaligned_spans == 0
    assert report.best_epoch == 40 and report.best_dev_f1 is None
    found = tagger.detect_many(docs)
    for doc, spans in zip(docs, found, strict=True):
        assert [s.key for s in spans] == sorted(s.key for s in doc.spans)
        assert all(0.5 < s.score <= 1.0 and s.source == "neural" for s in spans)


def test_windows_cover_a_note_longer_than_one_window(tmp_path):
    config = _tiny("cedi")
    assert config.input == "window"
    doc = _corpus()[0]
    tagger, report = fit([doc] * 3, tmp_path / "m", config, seed=1)
    tokens = InputEncoder(config).tokenize(doc.text)
    assert len(tokens) == 21
    assert report.pieces == 3 * 5  # windows of 8 at 0, 4, 8, 12 and 13 (the last ends the note)
    assert [s.key for s in tagger.detect(doc)] == sorted(s.key for s in doc.spans)


def test_saved_model_is_json_and_safetensors_and_reloads_to_the_same_spans(tmp_path):
    docs = _corpus()
    tagger, _ = fit(docs, tmp_path / "m", _tiny("neuroner", max_epochs=5), seed=2)
    assert sorted(p.name for p in (tmp_path / "m").iterdir()) == [
        "neural.json",
        "vocab.json",
        "weights.safetensors",
    ]
    manifest = json.loads((tmp_path / "m" / "neural.json").read_text())
    assert manifest["format"] == "phiscrub-neural" and manifest["version"] == 1
    assert manifest["config"]["labels"] == ["DATE", "DOCTOR"]
    vocab = json.loads((tmp_path / "m" / "vocab.json").read_text())
    assert vocab["tags"][:5] == ["O", "B-DATE", "I-DATE", "E-DATE", "S-DATE"]
    copy = NeuralTagger.load(tmp_path / "m").save(tmp_path / "copy")
    assert copy.detect_many(docs) == tagger.detect_many(docs)


def test_same_seed_same_model_different_seed_different_model(tmp_path):
    docs = _corpus()
    config = _tiny("neuroner", max_epochs=2)
    fit(docs, tmp_path / "a", config, seed=5)
    fit(docs, tmp_path / "b", config, seed=5)
    fit(docs, tmp_path / "c", config, seed=6)
    weights = [(tmp_path / d / "weights.safetensors").read_bytes() for d in "abc"]
    assert weights[0] == weights[1] != weights[2]


def test_early_stopping_keeps_the_best_dev_epoch(tmp_path):
    docs = _corpus()
    config = _tiny("neuroner", max_epochs=40, patience=2)
    seen = []
    _, report = fit(docs[:2], tmp_path / "m", config, dev=docs[2:], seed=1, on_epoch=seen.append)
    assert report.best_dev_f1 == max(r.dev_f1 for r in seen)
    assert report.best_epoch == next(r.epoch for r in seen if r.dev_f1 == report.best_dev_f1)
    if report.stopped_early:
        assert len(seen) == report.best_epoch + 2
        assert all(r.dev_f1 <= report.best_dev_f1 for r in seen[report.best_epoch :])


def test_a_time_budget_stops_after_the_epoch_that_passes_it(tmp_path):
    docs = _corpus()
    config = _tiny("neuroner", max_epochs=40, patience=40, max_seconds=1e-9)
    seen = []
    _, report = fit(docs[:2], tmp_path / "m", config, dev=docs[2:], seed=1, on_epoch=seen.append)
    assert [r.epoch for r in seen] == [1]
    assert report.out_of_time and not report.stopped_early and report.best_epoch == 1
    assert (tmp_path / "m" / "weights.safetensors").exists()


def test_bad_model_directories(tmp_path):
    with pytest.raises(ConfigError, match="cannot read neural model"):
        NeuralTagger.load(tmp_path)
    (tmp_path / "neural.json").write_text('{"format": "phiscrub-crf"}')
    with pytest.raises(ConfigError, match="not a phiscrub neural model"):
        NeuralTagger.load(tmp_path)
    (tmp_path / "neural.json").write_text('{"format": "phiscrub-neural", "version": 9}')
    with pytest.raises(ConfigError, match="version 9"):
        NeuralTagger.load(tmp_path)


@pytest.fixture
def models(monkeypatch) -> list:
    """Every ``TaggerModel`` built during the test, in order (to poison their weights)."""
    from phiscrub.detect.neural.model import TaggerModel

    built = []
    init = TaggerModel.__init__

    def capture(self, *args, **kwargs):
        init(self, *args, **kwargs)
        built.append(self)

    monkeypatch.setattr(TaggerModel, "__init__", capture)
    return built


def _poisoning(models: list, epoch: int, seen: list):
    """An ``on_epoch`` callback that records each epoch and, after ``epoch``, makes the first
    model's output weights NaN (as a blown-up step would)."""

    def on_epoch(record) -> None:
        seen.append(record)
        if record.epoch == epoch:
            with torch.no_grad():
                models[0].output.weight.fill_(float("nan"))

    return on_epoch


def test_non_finite_losses_are_skipped_and_divergence_stops_with_the_best_weights(
    tmp_path, monkeypatch, models
):
    from safetensors.torch import load_file

    from phiscrub.detect.neural.model import TaggerModel

    calls = []
    loss = TaggerModel.loss

    def flaky(self, batch):
        calls.append(1)
        value = loss(self, batch)
        return value * float("nan") if len(calls) % 2 == 0 else value

    monkeypatch.setattr(TaggerModel, "loss", flaky)

    docs = _corpus()
    config = _tiny("neuroner", max_epochs=10, batch_size=1)
    seen = []
    tagger, report = fit(
        docs[:2],
        tmp_path / "m",
        config,
        dev=docs[2:],
        seed=1,
        on_epoch=_poisoning(models, 3, seen),
    )
    assert [r.skipped_batches for r in seen] == [3, 3, 3]  # 6 sentences, every other NaN
    assert report.diverged and len(report.epochs) == 3 and report.best_epoch <= 2
    weights = load_file(str(tmp_path / "m" / "weights.safetensors"))
    assert all(bool(torch.isfinite(w).all()) for w in weights.values())
    assert len(tagger.detect_many(docs)) == 4  # the kept weights still tag


def test_anneal_restarts_from_the_best_weights_with_a_smaller_rate(tmp_path, monkeypatch, models):
    import phiscrub.detect.neural.trainer as trainer

    scores = iter([0.5, 0.4, 0.6, 0.6, 0.3])
    monkeypatch.setattr(trainer, "_dev_f1", lambda *args: next(scores))

    docs = _corpus()
    config = _tiny("neuroner", max_epochs=5, patience=10, anneal=0.5)
    seen = []
    _, report = fit(
        docs[:2],
        tmp_path / "m",
        config,
        dev=docs[2:],
        on_epoch=_poisoning(models, 2, seen),  # blown up: only a restart can go on
    )
    assert [r.lr for r in seen] == [0.02, 0.02, 0.01, 0.01, 0.005]
    assert [r.skipped_batches for r in seen] == [0, 0, 0, 0, 0]
    assert (report.best_epoch, report.best_dev_f1, report.diverged) == (3, 0.6, False)


def test_line_input_reads_each_line_as_one_sequence(tmp_path):
    config = _tiny("neuroner").model_copy(update={"input": "line"})
    docs = _corpus()
    tagger, report = fit(docs, tmp_path / "m", config, seed=3)
    assert report.pieces == 4 * 2  # two lines per note
    found = tagger.detect_many(docs)
    assert [[s.key for s in spans] for spans in found] == [
        sorted(s.key for s in d.spans) for d in docs
    ]


def test_divergence_in_the_first_epoch_is_an_error_not_a_model_without_weights(tmp_path, models):
    from phiscrub.errors import PhiscrubError

    with pytest.raises(PhiscrubError, match="diverged in its first epoch"):
        config = _tiny("neuroner", max_epochs=3)
        fit(_corpus(), tmp_path / "m", config, on_epoch=_poisoning(models, 1, []))
    assert not (tmp_path / "m" / "weights.safetensors").exists()
