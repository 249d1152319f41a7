"""``train crf|neural|encoder|pipeline|ensemble`` and ``embeddings train``."""

from __future__ import annotations

import contextlib
import time
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Annotated, Any

import typer

from phiscrub.cli.common import (
    FormatOption,
    PrivateOption,
    TrainThreadsOption,
    app,
    err,
    out,
    report_errors,
    set_threads,
)
from phiscrub.detect.crf.config import FAMILIES
from phiscrub.errors import PhiscrubError
from phiscrub.evaluate.report import (
    criteria_table,
    leak_line,
    systems_table,
)
from phiscrub.io import read_corpus
from phiscrub.io.files import paths_overlap

train_app = typer.Typer(help="Train models; each command writes a pipeline directory.")
embeddings_app = typer.Typer(help="Word embeddings for the cluster features and neural models.")
app.add_typer(train_app, name="train")
app.add_typer(embeddings_app, name="embeddings")


@embeddings_app.command("train")
def embeddings_train_command(
    corpus: Annotated[list[Path], typer.Argument(help="Notes to learn from (files or dirs).")],
    target: Annotated[Path, typer.Option("--out", help="New word2vec text file.")],
    algorithm: Annotated[str, typer.Option(help="word2vec or fasttext (gensim).")] = "word2vec",
    dim: Annotated[int, typer.Option(help="Vector size.")] = 100,
    window: Annotated[int, typer.Option(help="Context window.")] = 5,
    min_count: Annotated[int, typer.Option(help="Ignore rarer words.")] = 2,
    epochs: Annotated[int, typer.Option(help="Passes over the text.")] = 10,
    seed: Annotated[int, typer.Option(help="Random seed.")] = 1,
    input_format: FormatOption = None,
) -> None:
    """Train word embeddings (skip-gram) on unlabeled notes; annotations are ignored."""
    from phiscrub.train.embeddings import train_vectors

    if algorithm not in ("word2vec", "fasttext"):
        raise PhiscrubError(f"--algorithm must be word2vec or fasttext, not {algorithm!r}")
    for source in corpus:
        if paths_overlap(target, source):
            raise PhiscrubError(f"{target}: the output must not overlap the input {source}")
    if target.exists():
        raise PhiscrubError(f"{target}: already exists; choose a new file")
    errors: list[PhiscrubError] = []
    docs = [doc for source in corpus for doc in read_corpus(source, input_format, errors.append)]
    words = train_vectors(
        docs,
        target,
        algorithm,
        dim,
        window,
        min_count,
        epochs,
        seed,  # type: ignore[arg-type]
    )
    out.print(f"wrote {words:,} word vectors of size {dim} from {len(docs)} documents to {target}")
    report_errors(errors)


@contextlib.contextmanager
def _training_progress() -> Iterator[tuple[Any, Callable[[str, int, int, float | None], None]]]:
    """A rich progress display on stderr and the ``advance(stage, done, total, loss)`` callback
    that trainers call: one bar per stage (features, iterations, epochs), with the loss."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        "{task.fields[loss]}",
        console=err,
        transient=True,
    ) as bar:
        tasks: dict[str, Any] = {}

        def advance(stage: str, done: int, total: int, loss: float | None) -> None:
            if stage not in tasks:
                tasks[stage] = bar.add_task(stage, total=total, loss="")
            text = f"loss {loss:,.2f}" if loss is not None else ""
            bar.update(tasks[stage], completed=done, loss=text)

        yield bar, advance


@train_app.command("crf")
def train_crf_command(
    train: Annotated[Path, typer.Option(help="Annotated training corpus.")],
    target: Annotated[Path, typer.Option("--out", help="New directory for the pipeline.")],
    dev: Annotated[Path | None, typer.Option(help="Annotated corpus to report on.")] = None,
    config: Annotated[
        Path | None, typer.Option(help="CRF settings (TOML or JSON; see CRFConfig).")
    ] = None,
    embeddings: Annotated[
        Path | None, typer.Option(help="word2vec text file for the cluster features.")
    ] = None,
    without: Annotated[
        list[str] | None,
        typer.Option(help=f"Turn a feature family off (repeatable): {', '.join(FAMILIES)}."),
    ] = None,
    language: Annotated[
        str | None, typer.Option(help="en or es: gazetteers and rules for the features.")
    ] = None,
    input_format: FormatOption = None,
    private: PrivateOption = True,
) -> None:
    """Train the feature-rich CRF; OUT becomes a pipeline for detect and deid --pipeline."""
    from phiscrub.train.members import read_crf_config, train_crf

    _warn_if_not_private(private)
    settings = read_crf_config(config, without or [], language)
    with _training_progress() as (_bar, advance):
        result = train_crf(
            train,
            target,
            settings,
            dev,
            embeddings,
            input_format,
            advance,
            on_dev=lambda done, total: advance("tagging dev", done, total, None),
            private=private,
        )
    report = result.report
    out.print(
        f"trained on {report.documents} documents ({report.tokens:,} tokens, "
        f"{report.sequences:,} sequences) in {report.seconds:.1f} s; "
        f"iterations {', '.join(f'{k} {v}' for k, v in report.iterations.items())}; "
        f"{report.misaligned_spans} spans snapped to token boundaries"
    )
    out.print(f"wrote the pipeline to {result.pipeline}")
    if result.dev is not None:
        rate = result.dev_characters / result.dev_seconds if result.dev_seconds else 0.0
        out.print(criteria_table(result.dev))
        out.print(leak_line(result.dev))
        out.print(f"tagged dev at {rate:,.0f} characters/s")


@train_app.command("neural")
def train_neural_command(
    train: Annotated[Path, typer.Option(help="Annotated training corpus.")],
    target: Annotated[Path, typer.Option("--out", help="New directory for the pipeline.")],
    config: Annotated[
        str, typer.Option(help="neuroner, bilstm-fea, cedi, or a TOML/JSON file of settings.")
    ] = "neuroner",
    dev: Annotated[
        Path | None, typer.Option(help="Annotated corpus for early stopping and the report.")
    ] = None,
    embeddings: Annotated[
        Path | None, typer.Option(help="word2vec/GloVe text file to start the token vectors.")
    ] = None,
    max_epochs: Annotated[int | None, typer.Option(min=1, help="Epochs at most.")] = None,
    patience: Annotated[
        int | None, typer.Option(min=1, help="Epochs without a better dev F1 before stopping.")
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed of initialisation and shuffling.")] = 1,
    device: Annotated[str, typer.Option(help="cpu or cuda.")] = "cpu",
    threads: TrainThreadsOption = None,
    language: Annotated[
        str | None, typer.Option(help="en or es: gazetteers and rules for feature embeddings.")
    ] = None,
    input_format: FormatOption = None,
    private: PrivateOption = True,
) -> None:
    """Train a neural tagger (NeuroNER, BiLSTM-FEA or CEDI); OUT becomes a pipeline for
    detect and deid --pipeline."""
    from phiscrub.train.members import read_neural_config, train_neural

    _warn_if_not_private(private)
    if device not in ("cpu", "cuda"):
        raise typer.BadParameter("expected cpu or cuda", param_hint="--device")
    settings = read_neural_config(config, language, max_epochs, patience)
    set_threads(threads, now=True)
    with _training_progress() as (bar, advance):

        def epoch_done(record) -> None:
            f1 = f", dev strict F1 {record.dev_f1:.4f}" if record.dev_f1 is not None else ""
            bar.console.print(
                f"epoch {record.epoch}: {record.seconds:.1f} s, loss {record.loss:,.2f}{f1}"
            )

        result = train_neural(
            train,
            target,
            settings,
            dev,
            embeddings,
            input_format,
            seed,
            device,
            advance,
            epoch_done,
            private=private,
        )
    report = result.report
    out.print(
        f"trained {settings.preset} on {report.documents} documents ({report.tokens:,} tokens, "
        f"{report.pieces:,} pieces, {report.parameters:,} parameters) in {report.seconds:.1f} s; "
        f"{len(report.epochs)} epochs, best {report.best_epoch}"
        + (" (stopped early)" if report.stopped_early else "")
        + (" (out of time: training.max_seconds)" if report.out_of_time else "")
    )
    out.print(f"wrote the pipeline to {result.pipeline}")
    if result.dev is not None:
        out.print(criteria_table(result.dev))
        out.print(leak_line(result.dev))


def _print_systems(pipeline: Path, dev: dict) -> None:
    """Where a trained pipeline went and, with dev notes, each system's scores on them."""
    out.print(f"wrote the pipeline to {pipeline}")
    if dev:
        out.print(systems_table(dev))
        final = dev[next(reversed(dev))]
        out.print(criteria_table(final))
        out.print(leak_line(final))


@train_app.command("encoder")
def train_encoder_command(
    train: Annotated[Path, typer.Option(help="Annotated training corpus.")],
    target: Annotated[Path, typer.Option("--out", help="New directory for the pipeline.")],
    dev: Annotated[
        Path | None, typer.Option(help="Annotated corpus: the best epoch on it is kept.")
    ] = None,
    base: Annotated[
        Path | None,
        typer.Option(help="Pretrained BERT directory (default: the installed MiniLM-L6)."),
    ] = None,
    epochs: Annotated[int, typer.Option(min=1, help="Passes over the training windows.")] = 4,
    learning_rate: Annotated[float, typer.Option(min=0.0, help="AdamW's peak rate.")] = 5e-5,
    batch_size: Annotated[int, typer.Option(min=1, help="Windows per step.")] = 32,
    window: Annotated[int, typer.Option(min=8, max=512, help="Word pieces per window.")] = 128,
    seed: Annotated[int, typer.Option(help="Seed of initialisation and shuffling.")] = 1,
    device: Annotated[str, typer.Option(help="cpu or cuda.")] = "cpu",
    threads: TrainThreadsOption = None,
    input_format: FormatOption = None,
) -> None:
    """Fine-tune a pretrained encoder (MiniLM-L6) to tag PHI; OUT becomes a pipeline for
    detect and deid --pipeline (extra: phiscrub[encoder])."""
    from phiscrub.detect.encoder.trainer import FineTuneSettings
    from phiscrub.train.encoder import train_encoder

    if device not in ("cpu", "cuda"):
        raise typer.BadParameter("expected cpu or cuda", param_hint="--device")
    set_threads(threads, now=True)
    settings = FineTuneSettings(
        epochs, learning_rate, batch_size, window, min(32, window // 4), seed=seed
    )

    def epoch_done(record) -> None:
        f1 = f", dev piece F1 {record.dev_f1:.4f}" if record.dev_f1 is not None else ""
        out.print(f"epoch {record.epoch}: {record.seconds:.1f} s, loss {record.loss:,.2f}{f1}")

    result = train_encoder(train, target, settings, dev, base, input_format, device, epoch_done)
    report = result.report
    out.print(
        f"fine-tuned on {report.documents} documents ({report.windows:,} windows, "
        f"{report.tags} tags); best epoch {report.best_epoch}"
    )
    if result.evaluation is not None:
        out.print(criteria_table(result.evaluation))
    out.print(f"wrote the pipeline to {target}")


@train_app.command("pipeline")
def train_pipeline_command(
    config: Annotated[
        Path,
        typer.Option(help="Pipeline recipe (TOML/JSON): a pipeline config plus training settings."),
    ],
    train: Annotated[Path, typer.Option(help="Annotated training corpus.")],
    target: Annotated[Path, typer.Option("--out", help="New directory for the pipeline.")],
    dev: Annotated[
        Path | None, typer.Option(help="Annotated corpus for early stopping and the report.")
    ] = None,
    folds: Annotated[
        int | None, typer.Option(min=2, help="Cross-prediction folds (default: the recipe's).")
    ] = None,
    threads: TrainThreadsOption = None,
    jobs: Annotated[
        int,
        typer.Option(
            min=1, help="Members' trainings (folds and final) run in this many processes."
        ),
    ] = 1,
    cross_predictions: Annotated[
        Path | None,
        typer.Option(
            help="Write the spans the ensemble learned from here (JSONL of offsets, labels, "
            "sources and scores; no text), to fit other ensembles without training again."
        ),
    ] = None,
    input_format: FormatOption = None,
    private: PrivateOption = True,
) -> None:
    """Train every member of a pipeline and its ensemble (k-fold cross-prediction), then
    report each member, the ensemble and the whole pipeline on the dev corpus."""
    from phiscrub.train.pipeline import train_pipeline

    _warn_if_not_private(private)
    set_threads(threads, now=True)
    started = time.perf_counter()

    def event(message: str) -> None:
        out.print(f"[{time.perf_counter() - started:7.1f} s] {message}")

    result = train_pipeline(
        config,
        train,
        target,
        dev,
        input_format,
        folds,
        event,
        jobs,
        cross_predictions,
        private=private,
    )
    _print_systems(result.pipeline, result.dev)


def _warn_if_not_private(private: bool) -> None:
    if not private:
        from phiscrub.privacy import PRIVACY_OFF_WARNING

        warnings.warn(PRIVACY_OFF_WARNING, stacklevel=2)


def _names(value: str | None) -> list[str] | None:
    """A comma-separated list of names; "none" (or nothing) is the empty list."""
    if value is None:
        return None
    return [n.strip() for n in value.split(",") if n.strip() and n.strip() != "none"]


def _label_values(value: str | None) -> dict[str, float] | None:
    """``LABEL=VALUE,...`` as a mapping; "none" is the empty one."""
    if value is None:
        return None
    found: dict[str, float] = {}
    for item in _names(value) or []:
        label, _, number = item.partition("=")
        try:
            if not label.strip():
                raise ValueError(item)
            found[label.strip()] = float(number)
        except ValueError:
            raise typer.BadParameter(
                f"{item!r} is not LABEL=VALUE", param_hint="--thresholds"
            ) from None
    return found


@train_app.command("ensemble")
def train_ensemble_command(
    pipeline: Annotated[Path, typer.Option(help="A trained pipeline directory (not changed).")],
    target: Annotated[Path, typer.Option("--out", help="New directory for the pipeline.")],
    train: Annotated[
        Path | None,
        typer.Option(
            help="The corpus its cross-predictions were made for (not needed when "
            "only thresholds change)."
        ),
    ] = None,
    cross_predictions: Annotated[
        Path | None, typer.Option(help="What `train pipeline --cross-predictions` wrote.")
    ] = None,
    dev: Annotated[Path | None, typer.Option(help="Annotated corpus for the report.")] = None,
    members: Annotated[
        str | None, typer.Option(help="Comma-separated detector names (default: as before).")
    ] = None,
    classifier: Annotated[
        str | None, typer.Option(help="svm, linear-svm or logistic (default: as before).")
    ] = None,
    c: Annotated[float | None, typer.Option("--c", help="The classifier's C.")] = None,
    threshold: Annotated[
        float | None, typer.Option(help="Decision value above which a candidate is accepted.")
    ] = None,
    thresholds: Annotated[
        str | None,
        typer.Option(
            help="Labels' own decision values, as LABEL=VALUE,... (none: every label takes "
            "--threshold)."
        ),
    ] = None,
    fill: Annotated[
        str | None,
        typer.Option(help="Members whose spans fill the ensemble's gaps (comma-separated; none)."),
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed of the classifier.")] = 1,
    input_format: FormatOption = None,
) -> None:
    """Fit a trained pipeline's ensemble again from kept cross-predictions (another
    classifier, C, threshold, members or gap fill) without training its members, or only
    change its decision thresholds; write the result as a new pipeline and report it on the
    dev corpus."""
    from phiscrub.train.refit import refit_ensemble

    changes = {
        key: value
        for key, value in {
            "members": _names(members),
            "classifier": classifier,
            "c": c,
            "threshold": threshold,
            "thresholds": _label_values(thresholds),
            "fill": _names(fill),
        }.items()
        if value is not None
    }
    result = refit_ensemble(
        pipeline,
        train,
        cross_predictions,
        target,
        changes,
        dev,
        input_format,
        seed,
        out.print,
    )
    _print_systems(result.pipeline, result.dev)
