import numpy as np
import pytest

from phiscrub.detect.crf.clusters import ClusterTable, make_clusters
from phiscrub.embeddings import WordVectors
from phiscrub.errors import FormatError


def test_kmeans_puts_alike_words_together_at_each_granularity():
    words = ["lee", "ruiz", "novak", "fever", "cough", "rash", "Lee2"]
    vectors = np.array(
        [[1, 0.1], [1, 0.0], [0.9, 0.1], [0, 1], [0.1, 1], [0.0, 0.9], [1, 0.05]], dtype=np.float32
    )
    table = make_clusters(WordVectors(words, vectors), [2, 50], seed=3)
    assert table.granularities == (2, 50)
    names = {table.ids[w][0] for w in ("lee", "ruiz", "novak")}
    symptoms = {table.ids[w][0] for w in ("fever", "cough", "rash")}
    assert len(names) == 1 and len(symptoms) == 1 and names != symptoms
    assert max(ids[1] for ids in table.ids.values()) < len(words)  # k capped at the word count
    assert table.lookup("RUIZ") == table.ids["ruiz"]
    assert table.lookup("Lee7") == table.ids["lee0"]  # keys are digit-normalised
    assert table.lookup("unseen") is None


def test_table_round_trip_and_bad_file(tmp_path):
    table = ClusterTable((4, 16), {"martínez": (1, 9), "dr": (0, 2)})
    table.save(tmp_path)
    assert ClusterTable.load(tmp_path) == table
    (tmp_path / "clusters.json").write_text('{"ids": {}}')
    with pytest.raises(FormatError, match=r"clusters\.json: not a cluster table"):
        ClusterTable.load(tmp_path)
