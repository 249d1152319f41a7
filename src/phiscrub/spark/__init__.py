"""phiscrub on Apache Spark (the ``spark`` extra): ``deidentify`` and ``detect`` of
DataFrames, with the same output as one machine. See ``phiscrub.spark.jobs``."""

from phiscrub.spark.jobs import OUTPUT, deidentify, detect

__all__ = ["OUTPUT", "deidentify", "detect"]
