from phiscrub.detect import detect_batch
from phiscrub.document import Document, Span

DOCS = [Document("a", "Ann"), Document("b", "Bob")]


class OneByOne:
    name = "one"

    def detect(self, doc: Document) -> list[Span]:
        return [Span(0, 3, "PATIENT", 1.0, f"one:{doc.doc_id}")]


class Batched(OneByOne):
    name = "many"
    batches: list[int]

    def __init__(self) -> None:
        self.batches = []

    def detect_many(self, docs: list[Document]) -> list[list[Span]]:
        self.batches.append(len(docs))
        return [[Span(0, 1, "PATIENT", 0.5, "many")] for _ in docs]


def test_detect_batch_uses_detect_many_when_there_is_one():
    assert detect_batch(OneByOne(), DOCS) == [
        [Span(0, 3, "PATIENT", 1.0, "one:a")],
        [Span(0, 3, "PATIENT", 1.0, "one:b")],
    ]
    batched = Batched()
    assert detect_batch(batched, DOCS) == [[Span(0, 1, "PATIENT", 0.5, "many")]] * 2
    assert batched.batches == [2]
