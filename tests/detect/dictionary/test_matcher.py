from phiscrub.detect.dictionary.matcher import PhraseMatcher
from phiscrub.text.tokenize import tokenize


def test_longest_match_wins_and_matches_do_not_overlap():
    matcher = PhraseMatcher([("New York", "STATE"), ("New York City", "CITY"), ("York", "CITY")])
    text = "Moved from New York City to York, then new york."
    tokens = tokenize(text)
    hits = [
        (text[tokens[m.first].start : tokens[m.last].end], m.value) for m in matcher.find(tokens)
    ]
    assert hits == [("New York City", "CITY"), ("York", "CITY"), ("new york", "STATE")]
    assert "new YORK" in matcher and "Boston" not in matcher and len(matcher) == 3
