"""Why Adam stalls CEDI (issue 22): the state of the network over its first training steps,
under Adam (lr .001) and under the preset's SGD (lr .02).

    python benchmarks/cedi_adam.py

``cedi`` on the first 40 MEDDOCAN train documents (by id), seed 1, random token vectors, one
thread, the trainer's batches (16 windows, a note's windows together), the loss averaged per
window and gradients clipped by value as in training. Every 6th step, on that step's batch:
the loss, the gradient norms of the context encoder, the token BiLSTM and the output layer, the
mean absolute pre-activation of the token BiLSTM's input gates, the share of token BiLSTM and
tanh-layer outputs past .95 in absolute value (saturated), the spread of the BiLSTM's outputs
across tokens, and the share of tokens the network tags as PHI (argmax of its emissions)
against the gold share. Writes ``benchmarks/results/cedi_adam.json`` and BENCHMARKS.md.
"""

from __future__ import annotations

import random

import torch
from corpora import MEDDOCAN
from numpy.random import default_rng
from record import record

from phiscrub.detect.neural import NeuralConfig, preset
from phiscrub.detect.neural.inputs import make_batch
from phiscrub.detect.neural.trainer import (
    _new_model,
    _singletons,
    _window_batches,
    prepare,
    seed_everything,
)
from phiscrub.io import read_corpus

STEPS = 25


def _norm(module: torch.nn.Module) -> float:
    grads = [p.grad for p in module.parameters() if p.grad is not None]
    return float(torch.sqrt(sum((g**2).sum() for g in grads)))


def _state(model, batch) -> str:
    """The figures of one batch, with the weights as they are (no dropout)."""
    model.eval()
    with torch.no_grad():
        mask = batch.mask
        x = torch.cat([e(batch) for e in model.encoders.values()], 2)
        x = torch.cat([x, model.attention(x, mask)], 2)
        h, _ = model.lstm(x)
        t = torch.tanh(model.hidden(h))
        weights = model.lstm
        pre = x @ weights.weight_ih_l0.T + weights.bias_ih_l0 + weights.bias_hh_l0
        tagged = (
            (model.emissions(batch).argmax(-1) != 0) & mask
        ).float().mean() / mask.float().mean()
        gold = ((batch.tags != 0) & mask).float().mean() / mask.float().mean()
    model.train()
    lstm_saturated = (h[mask].abs() > 0.95).float().mean()
    tanh_saturated = (t[mask].abs() > 0.95).float().mean()
    return (
        f"|pre-activation| {pre[mask].abs().mean():.2f}, saturated: BiLSTM "
        f"{lstm_saturated:.2f}, tanh {tanh_saturated:.2f}; "
        f"BiLSTM spread {h[mask].std(0).mean():.3f}; tagged as PHI {tagged:.3f} (gold {gold:.3f})"
    )


def _run(optimizer: str, lr: float) -> dict[str, str]:
    torch.set_num_threads(1)
    train = sorted(read_corpus(MEDDOCAN / "train" / "brat"), key=lambda d: d.doc_id)[:40]
    data = preset("cedi")
    data["language"] = "es"
    seed_everything(1)
    prepared = prepare(train, NeuralConfig.model_validate(data))
    config, vocab = prepared.config, prepared.vocab
    inputs = [
        prepared.encoder.encode(d, True, t, s)
        for d, t, s in zip(train, prepared.tokens, prepared.strings, strict=True)
    ]
    model = _new_model(config, vocab, None, 1)
    params = [p for p in model.parameters() if p.requires_grad]
    step_with = torch.optim.Adam if optimizer == "adam" else torch.optim.SGD
    opt = step_with(params, lr=lr)
    unk = (_singletons(inputs, len(vocab.tokens)), 0.5, default_rng(1))
    items = [(x, a, b) for x in inputs for a, b in x.ranges]
    parts = {"context": model.encoders["context"], "BiLSTM": model.lstm, "output": model.output}
    rows: dict[str, str] = {}
    for step, chunk in enumerate(_window_batches(items, 16, random.Random(1))[:STEPS], start=1):
        batch = make_batch(chunk, config, unk)
        if step % 6 == 1:
            before = _state(model, batch)
        loss = model.loss(batch) / len(chunk)
        opt.zero_grad()
        loss.backward()
        norms = ", ".join(f"{n} {_norm(m):.3g}" for n, m in parts.items())
        torch.nn.utils.clip_grad_value_(model.parameters(), config.training.clip)
        opt.step()
        if step % 6 == 1:
            rows[f"{optimizer} step {step}"] = f"loss {loss.item():.1f}; grad {norms}; {before}"
            print(f"{optimizer} step {step}: {rows[f'{optimizer} step {step}']}", flush=True)
    return rows


def main() -> None:
    summary: dict[str, str] = {"optimizers": "adam (lr .001), sgd (lr .02)"}
    summary.update(_run("adam", 0.001))
    summary.update(_run("sgd", 0.02))
    record("cedi_adam", summary, {})


if __name__ == "__main__":
    main()
