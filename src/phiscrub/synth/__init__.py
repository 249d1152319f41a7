"""Synthetic annotated clinical notes (English), built by a template grammar over synthetic
patients, for training and testing where no open corpus exists."""

from phiscrub.synth.generate import NOTE_TYPES, SynthNote, SynthStats, synthesize, tracked

__all__ = ["NOTE_TYPES", "SynthNote", "SynthStats", "synthesize", "tracked"]
