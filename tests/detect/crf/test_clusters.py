import gzip
import json

import numpy as np
import pytest

from phiscrub.detect.crf.clusters import ClusterTable, brown_clusters, make_clusters
from phiscrub.errors import FormatError
from phiscrub.text.vectors import WordVectors


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


def _brown_file(tmp_path, table: dict) -> object:
    path = tmp_path / "en_lexeme_cluster.json.gz"
    with gzip.open(path, "wt", encoding="utf-8") as handle:
        json.dump(table, handle)
    return path


def test_brown_prefixes_first_spelling_wins_and_word_cap(tmp_path):
    # paths 1011, 111110110, 1111011101 (the integer's binary digits), in frequency order
    path = _brown_file(tmp_path, {"the": 11, "John": 502, "john": 989, "2019": 5, "rare": 7})
    table = brown_clusters("en", [2, 4, 6], max_words=3, path=path)
    assert table.granularities == (2, 4, 6)
    assert table.ids == {"the": (2, 11, 11), "john": (3, 15, 62), "0000": (2, 5, 5)}
    assert table.lookup("JOHN") == (3, 15, 62)  # "John" came first; "john" is not kept again
    assert table.lookup("rare") is None  # past max_words


def test_brown_bad_table_names_the_file(tmp_path):
    path = _brown_file(tmp_path, ["not", "a", "table"])
    with pytest.raises(FormatError, match=r"en_lexeme_cluster\.json\.gz: not a Brown"):
        brown_clusters("en", [4], path=path)
