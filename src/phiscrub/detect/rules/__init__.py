"""Rule-based detection: patterns as data, with context cues and validators."""

from phiscrub.detect.rules.detector import RuleDetector
from phiscrub.detect.rules.patterns import Pattern, PatternSpec, load_patterns, parse_patterns

__all__ = ["Pattern", "PatternSpec", "RuleDetector", "load_patterns", "parse_patterns"]
