"""The replacement stage: redact, tag or surrogate each PHI span."""

from phiscrub.replace.keys import SecretKey
from phiscrub.replace.stage import (
    OPERATORS,
    OffsetMap,
    ReplaceConfig,
    Replacement,
    Replacer,
)
from phiscrub.replace.surrogate import SurrogateGenerator, SurrogateSettings

__all__ = [
    "OPERATORS",
    "OffsetMap",
    "ReplaceConfig",
    "Replacement",
    "Replacer",
    "SecretKey",
    "SurrogateGenerator",
    "SurrogateSettings",
]
