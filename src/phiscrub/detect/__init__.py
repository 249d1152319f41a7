"""Detectors: the protocol, and the rule, dictionary and learned detectors behind it."""

from phiscrub.detect.base import DetectionError, Detector, detect_batch

__all__ = ["DetectionError", "Detector", "detect_batch"]
