"""``phiscrub train encoder``: fine-tune the pretrained encoder into a pipeline directory::

OUT/pipeline.json   a pipeline running the encoder alone
OUT/encoder/        the model directory (encoder.json, tokenizer.json, weight shards)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from phiscrub.detect.neural import require_torch
from phiscrub.evaluate import evaluate
from phiscrub.evaluate.scorer import Evaluation
from phiscrub.io import read_corpus
from phiscrub.pipeline import EncoderDetectorConfig, MergeConfig, Pipeline, PipelineConfig
from phiscrub.train.members import check_outputs

if TYPE_CHECKING:  # the encoder's modules need PyTorch, which is optional
    from phiscrub.detect.encoder.trainer import EpochRecord, FineTuneReport, FineTuneSettings

ENCODER_DIRECTORY = "encoder"


@dataclass
class EncoderTrainResult:
    out: Path
    report: FineTuneReport
    evaluation: Evaluation | None


def train_encoder(
    train: Path,
    out: Path,
    settings: FineTuneSettings | None = None,
    dev: Path | None = None,
    base: Path | None = None,
    input_format: str | None = None,
    device: str = "cpu",
    on_epoch: Callable[[EpochRecord], None] | None = None,
) -> EncoderTrainResult:
    """Fine-tune the encoder in ``base`` (default: the installed MiniLM-L6) on ``train``.

    The model keeps no text of the training notes: its vocabulary is the base model's, and its
    weights are numbers (``phiscrub model audit`` reads the shards' metadata only).
    """
    require_torch()
    from phiscrub.detect.encoder.model_dir import base_directory
    from phiscrub.detect.encoder.trainer import FineTuneSettings, fine_tune

    check_outputs(out, [p for p in (train, dev, base) if p is not None])
    docs = list(read_corpus(train, input_format))
    dev_docs = list(read_corpus(dev, input_format)) if dev is not None else []
    report = fine_tune(
        docs,
        dev_docs,
        base if base is not None else base_directory(),
        out / ENCODER_DIRECTORY,
        settings or FineTuneSettings(),
        device,
        on_epoch,
    )
    pipeline = Pipeline(
        PipelineConfig(
            name="encoder",
            language="en",
            detector=[EncoderDetectorConfig(type="encoder", model=ENCODER_DIRECTORY)],
            merge=MergeConfig(policy="priority"),
        ),
        out,
    )
    pipeline.save(out)
    evaluation = None
    if dev_docs:
        found = [doc.with_spans(det.spans) for doc, det in pipeline.detect_all(dev_docs)]
        evaluation = evaluate(dev_docs, found)
    return EncoderTrainResult(out, report, evaluation)
