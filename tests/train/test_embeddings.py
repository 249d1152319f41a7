import numpy as np
import pytest

from phiscrub.document import Document
from phiscrub.errors import FormatError
from phiscrub.text.vectors import embedding_key, read_vectors
from phiscrub.train.embeddings import note_sentences, train_vectors


def test_keys_are_lowercase_with_digits_as_zero():
    assert embedding_key("Ruiz2069") == "ruiz0000"
    assert embedding_key("Día") == "día"


def test_sentences_are_lines_of_keys():
    docs = [Document("a", "Seen 3/4.\nDr Lee\n\n"), Document("b", "ok")]
    assert list(note_sentences(docs)) == [["seen", "0", "/", "0", "."], ["dr", "lee"], ["ok"]]


def test_trained_vectors_are_written_in_the_word2vec_text_format(tmp_path):
    docs = [Document(str(i), "fever and cough today\nrash and fever") for i in range(20)]
    out = tmp_path / "vec.txt"
    words = train_vectors(docs, out, dim=8, min_count=1, epochs=2)
    lines = out.read_text().splitlines()
    assert lines[0] == "5 8" and words == 5
    vectors = read_vectors(out)
    assert sorted(vectors.words) == ["and", "cough", "fever", "rash", "today"]
    assert vectors.vectors.shape == (5, 8) and vectors.dim == 8
    assert not list(tmp_path.glob(".*tmp"))


def test_reading_glove_files_without_a_header(tmp_path):
    path = tmp_path / "glove.txt"
    path.write_text("lee 0.5 1\nruiz -1 2.5\n")
    vectors = read_vectors(path)
    assert vectors.words == ["lee", "ruiz"]
    np.testing.assert_allclose(vectors.vectors, [[0.5, 1], [-1, 2.5]])
    assert read_vectors(path, limit=1).words == ["lee"]


@pytest.mark.parametrize(
    "content, problem",
    [
        ("2 2\nlee 0.5 1\nruiz 1\n", "line 3: expected a word and 2 numbers"),
        ("lee 0.5 x\n", "line 1: a value is not a number"),
        ("", "no vectors"),
    ],
)
def test_bad_vector_files_name_the_line(tmp_path, content, problem):
    path = tmp_path / "v.txt"
    path.write_text(content)
    with pytest.raises(FormatError, match=problem):
        read_vectors(path)
