"""The least one CEDI epoch can cost: its n-gram context encoder's arithmetic alone, against a
whole NeuroNER epoch (issue 22's bar: a CEDI epoch at most 2x a NeuroNER epoch).

    python benchmarks/cedi_floor.py

On the first 40 MEDDOCAN train documents (by id), seed 1, PyTorch on one thread, this trains
one epoch of ``neuroner`` and one of ``cedi`` (as ``cedi_epoch.py`` does) and counts the
distinct n-gram rows CEDI's two context RNNs read in that epoch (after the encoder's own
de-duplication). It then times a bare ``nn.LSTM`` of CEDI's sizes, forward and backward, over
that many rows of random inputs in large batches (the fastest of several batch sizes): the
cost of the context encoder's arithmetic with nothing else around it, no data preparation,
no other layer, no optimiser step. A second bare LSTM with a one-wide input times the
recurrent half alone, the part no sharing of input projections between windows can remove.
Writes ``benchmarks/results/cedi_floor.json`` and BENCHMARKS.md.
"""

from __future__ import annotations

import time

import torch
from cedi_epoch import TRAIN_DOCUMENTS, _config, _fit
from corpora import MEDDOCAN
from record import record
from torch import nn

from phiscrub.detect.neural import encoders
from phiscrub.io import read_corpus

BATCH_SIZES = (512, 2048, 8192)


def _bare_lstm_seconds(rows: int, steps: int, dim: int, hidden: int) -> float:
    """CPU seconds of the fastest batch size for one forward and backward pass of an
    ``nn.LSTM(dim, hidden)`` over ``rows`` sequences of ``steps`` random vectors."""
    torch.manual_seed(1)
    lstm = nn.LSTM(dim, hidden, batch_first=True)
    best = float("inf")
    for size in BATCH_SIZES:
        inputs = torch.randn(size, steps, dim, requires_grad=True)
        started = time.process_time()
        for first in range(0, rows, size):
            out, _ = lstm(inputs[: min(size, rows - first)])
            out[:, -1].sum().backward()
        best = min(best, time.process_time() - started)
    return best


def main() -> None:
    torch.set_num_threads(1)
    ordered = sorted(read_corpus(MEDDOCAN / "train" / "brat"), key=lambda d: d.doc_id)
    train = ordered[:TRAIN_DOCUMENTS]
    rows = {"distinct": 0, "all": 0}
    counted = encoders._last_output

    def counting(rnn: nn.Module, tokens: nn.Module, ids: torch.Tensor) -> torch.Tensor:
        rows["distinct"] += int(torch.unique(ids, dim=0).shape[0])
        rows["all"] += int(ids.shape[0])
        return counted(rnn, tokens, ids)

    neuroner = _fit(train, _config("neuroner", 1), []).epochs[0].seconds
    encoders._last_output = counting
    try:
        config = _config("cedi", 1)
        cedi = _fit(train, config, []).epochs[0].seconds
    finally:
        encoders._last_output = counted
    steps, hidden, dim = config.context.n + 1, config.context.hidden, config.token.dim
    whole = _bare_lstm_seconds(rows["distinct"], steps, dim, hidden)
    recurrent = _bare_lstm_seconds(rows["distinct"], steps, 1, hidden)
    multiply_adds = rows["distinct"] * steps * 4 * hidden * (dim + hidden)
    record(
        "cedi_floor",
        {
            "train documents": f"first {TRAIN_DOCUMENTS} of MEDDOCAN train (by id)",
            "threads": 1,
            "context RNN": f"LSTM {dim} -> {hidden}, {steps} steps, forward and backward RNNs",
            "neuroner s/epoch": round(neuroner, 2),
            "cedi s/epoch": round(cedi, 2),
            "cedi / neuroner": round(cedi / neuroner, 2),
            "context rows read (both RNNs)": rows["all"],
            "distinct context rows (both RNNs)": rows["distinct"],
            "forward multiply-adds of those rows (G)": round(multiply_adds / 1e9, 1),
            "bare LSTM, forward + backward over those rows (s)": round(whole, 2),
            "bare LSTM floor / neuroner epoch": round(whole / neuroner, 2),
            "recurrent half alone (s)": round(recurrent, 2),
            "recurrent half / neuroner epoch": round(recurrent / neuroner, 2),
        },
    )


if __name__ == "__main__":
    main()
