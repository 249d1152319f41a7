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


def test_text_memo_computes_once_per_settings_and_text_and_forgets_the_oldest():
    from phiscrub.detect.base import TextMemo

    memo = TextMemo(size=2)
    calls: list[str] = []

    def compute(text: str):
        return lambda: calls.append(text) or (text.upper(),)

    assert memo.get("en", "a", compute("a")) == ("A",)
    assert memo.get("en", "a", compute("a")) == ("A",)
    assert memo.get("es", "a", compute("a")) == ("A",)  # other settings: computed again
    assert calls == ["a", "a"]
    memo.get("en", "b", compute("b"))  # evicts ("en", "a"), the least recently used
    memo.get("en", "a", compute("a"))
    assert calls == ["a", "a", "b", "a"]


def test_text_memo_bounded_by_characters_keeps_the_newest():
    from phiscrub.detect.base import TextMemo

    memo = TextMemo(size=10, max_chars=5)
    calls: list[str] = []

    def compute(text: str):
        return lambda: calls.append(text) or (len(text),)

    memo.get("k", "abc", compute("abc"))
    memo.get("k", "de", compute("de"))  # 5 characters: both kept
    memo.get("k", "abc", compute("abc"))
    assert calls == ["abc", "de"]
    memo.get("k", "f", compute("f"))  # 6 characters: the oldest used ("de") goes
    memo.get("k", "abc", compute("abc"))
    memo.get("k", "de", compute("de"))
    assert calls == ["abc", "de", "f", "de"]
    assert memo.get("k", "a long text", compute("a long text")) == (11,)  # over alone: kept
    assert memo.get("k", "a long text", compute("a long text")) == (11,)
    assert calls == ["abc", "de", "f", "de", "a long text"]


def test_rule_spans_carry_each_detectors_name_when_shared():
    from phiscrub.detect.rules import RuleDetector

    doc = Document("t", "Seen 03/14/2091.")
    first = RuleDetector("en", name="rules").detect(doc)
    second = RuleDetector("en", name="crf-rules").detect(doc)
    assert [(s.start, s.end, s.source) for s in first] == [(5, 15, "rules:date_numeric")]
    assert [(s.start, s.end, s.source) for s in second] == [(5, 15, "crf-rules:date_numeric")]
