import pytest

from phiscrub.document import Document, Span
from phiscrub.evaluate import approximate_randomization, evaluate


def corpus(n: int) -> list[Document]:
    return [Document(f"d{i}", "Ann Lee", (Span(0, 3, "X"),)) for i in range(n)]


def test_identical_systems_are_never_significantly_different():
    gold = corpus(10)
    pairs = list(evaluate(gold, gold).pairs)
    result = approximate_randomization(pairs, pairs, shuffles=199, seed=1)
    assert result.difference == 0.0
    assert result.p_value == 1.0


def test_perfect_against_empty_on_twenty_documents_is_significant():
    gold = corpus(20)
    perfect = list(evaluate(gold, gold).pairs)
    empty = list(evaluate(gold, [d.with_spans([]) for d in gold]).pairs)
    result = approximate_randomization(perfect, empty, shuffles=999, seed=7)
    assert (result.f1_a, result.f1_b) == (1.0, 0.0)
    # only swapping all or none of 20 documents reaches a difference of 1: p about 2 / 2^20
    assert result.p_value == pytest.approx(1 / 1000)


def test_seed_makes_the_test_reproducible():
    gold = corpus(12)
    half = [d if i % 2 else d.with_spans([]) for i, d in enumerate(gold)]
    a = list(evaluate(gold, half).pairs)
    b = list(evaluate(gold, [d.with_spans([]) for d in gold]).pairs)
    first = approximate_randomization(a, b, shuffles=500, seed=3)
    assert first == approximate_randomization(a, b, shuffles=500, seed=3)
    assert 0.0 < first.p_value <= 1.0
