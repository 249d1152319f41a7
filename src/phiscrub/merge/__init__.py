"""Merge policies: how overlapping spans from several detectors become one set of PHI spans."""

from phiscrub.merge.policies import (
    DEFAULT_PRIORITY,
    POLICIES,
    Dropped,
    MergePolicy,
    MergeResult,
    merge_spans,
)

__all__ = ["DEFAULT_PRIORITY", "POLICIES", "Dropped", "MergePolicy", "MergeResult", "merge_spans"]
