import itertools

import pytest

torch = pytest.importorskip("torch")

from phiscrub.detect.neural.crf import CRF, allowed_transitions  # noqa: E402

TAGS = ["O", "B-X", "I-X", "E-X", "S-X"]


def _crf(seed: int) -> CRF:
    torch.manual_seed(seed)
    crf = CRF(TAGS, "BIOES")
    with torch.no_grad():
        for p in crf.parameters():
            p.normal_()
    return crf


def _brute(crf: CRF, emissions: torch.Tensor, length: int):
    """Every path's score by enumeration: (log Z, best path, per-token marginals)."""
    with torch.no_grad():
        return _enumerate(crf, emissions, length)


def _enumerate(crf: CRF, emissions: torch.Tensor, length: int):
    trans, start, end = crf.scores()
    n = len(TAGS)
    scores = {}
    for path in itertools.product(range(n), repeat=length):
        s = start[path[0]] + emissions[0, path[0]] + end[path[-1]]
        for t in range(1, length):
            s = s + trans[path[t - 1], path[t]] + emissions[t, path[t]]
        scores[path] = s
    stacked = torch.stack(list(scores.values()))
    log_z = torch.logsumexp(stacked, 0)
    best = max(scores, key=lambda p: float(scores[p]))
    marginals = torch.zeros(length, n)
    for path, s in scores.items():
        for t, tag in enumerate(path):
            marginals[t, tag] += torch.exp(s - log_z)
    return log_z, list(best), marginals, scores


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_log_likelihood_viterbi_and_marginals_match_brute_force_on_padded_batches(seed):
    crf = _crf(seed)
    torch.manual_seed(seed + 10)
    lengths = [4, 2, 3]
    emissions = torch.randn(3, 4, len(TAGS))
    mask = torch.tensor([[t < n for t in range(4)] for n in lengths])
    tags = torch.tensor([[1, 2, 3, 0], [4, 0, 0, 0], [0, 4, 0, 0]])
    with torch.no_grad():
        log_z = crf.log_partition(emissions, mask)
        ll = crf.log_likelihood(emissions, tags, mask)
        paths = crf.decode(emissions, mask)
        marginals, scaled_log_z = crf.posteriors(emissions, mask)
    assert torch.allclose(scaled_log_z, log_z, atol=1e-4)  # from the rescaled forward pass
    for b, n in enumerate(lengths):
        z, best, brute_marginals, scores = _brute(crf, emissions[b], n)
        assert float(log_z[b]) == pytest.approx(float(z), abs=1e-4)
        gold = tuple(tags[b, :n].tolist())
        assert float(ll[b]) == pytest.approx(float(scores[gold] - z), abs=1e-4)
        assert paths[b] == best
        assert torch.allclose(marginals[b, :n], brute_marginals, atol=1e-5)
        assert float(marginals[b, n:].abs().sum()) == 0.0


def test_bioes_constraints():
    allowed, start, end = allowed_transitions(["O", "B-A", "I-A", "E-A", "S-A", "B-B"], "BIOES")
    assert allowed[1, 2] and allowed[1, 3] and allowed[2, 3] and allowed[3, 0] and allowed[0, 5]
    assert not allowed[0, 2] and not allowed[1, 0] and not allowed[1, 5] and not allowed[4, 2]
    assert start.tolist() == [True, True, False, False, True, True]
    assert end.tolist() == [True, False, False, True, True, False]
    bio, bio_start, _ = allowed_transitions(["O", "B-A", "I-A", "B-B", "I-B"], "BIO")
    assert bio[1, 2] and bio[2, 2] and not bio[0, 2] and not bio[3, 2] and bio[2, 3]
    assert bio_start.tolist() == [True, True, False, True, False]


def test_viterbi_never_takes_a_forbidden_transition():
    crf = CRF(TAGS, "BIOES")
    emissions = torch.zeros(1, 3, len(TAGS))
    emissions[0, :, 2] = 50.0  # I-X everywhere is forbidden at the start, end and after O
    path = crf.decode(emissions, torch.ones(1, 3, dtype=torch.bool))[0]
    assert path == [1, 2, 3]


def test_only_sequences_whose_best_path_may_hold_a_tag_are_decoded():
    from phiscrub.detect.neural.tagger import needs_decoding

    # p(not O) per token: .1 + .1 < .9 (all O wins), .3 + .3 > .7 (may not), padding ignored
    marginals = torch.tensor(
        [
            [[0.9, 0.1], [0.9, 0.1], [0.0, 1.0]],
            [[0.7, 0.3], [0.7, 0.3], [0.7, 0.3]],
            [[0.4, 0.6], [1.0, 0.0], [1.0, 0.0]],
        ]
    )
    mask = torch.tensor([[True, True, False], [True, True, True], [True, False, False]])
    assert needs_decoding(marginals, mask).tolist() == [False, True, True]
    # and wherever a sequence is skipped, Viterbi's path is all O
    crf = _crf(3)
    generator = torch.Generator().manual_seed(5)
    emissions = torch.randn(200, 6, len(TAGS), generator=generator) * 2
    emissions[:, :, 0] += torch.rand(200, 1, generator=generator) * 8  # from unsure to sure O
    full = torch.ones(200, 6, dtype=torch.bool)
    skipped = ~needs_decoding(crf.marginals(emissions, full), full)
    assert 20 < int(skipped.sum()) < 180
    paths = crf.decode(emissions, full)
    assert all(paths[b] == [0] * 6 for b in skipped.nonzero().flatten().tolist())


def _tags(labels: int) -> list[str]:
    return ["O"] + [f"{p}-L{k}" for k in range(labels) for p in "BIES"]


def test_pruned_viterbi_finds_the_same_paths_as_full_viterbi():
    tags = _tags(6)  # 25 tags
    torch.manual_seed(0)
    crf = CRF(tags, "BIOES")
    with torch.no_grad():
        for p in crf.parameters():
            p.normal_()
    lengths = torch.randint(1, 13, (300,))
    emissions = torch.randn(300, 12, len(tags)) * torch.rand(300, 1, 1) * 6  # flat to peaked
    mask = torch.arange(12)[None, :] < lengths[:, None]
    full = crf.decode(emissions, mask)
    marginals, log_z = crf.posteriors(emissions, mask)
    decode = crf.decode
    fallbacks = []
    for width in (1, 2, 4, 8):
        calls = []
        crf.decode = lambda e, m, calls=calls: calls.append(len(e)) or decode(e, m)
        assert crf.decode_pruned(emissions, mask, marginals, log_z, width=width) == full
        fallbacks.append(sum(calls))
    # a narrower search lacks its proof more often, and those sequences are searched in full
    assert 0 < fallbacks[-1] < fallbacks[0] < 300
    assert fallbacks == sorted(fallbacks, reverse=True)


def test_pruned_viterbi_falls_back_where_the_distribution_is_flat():
    crf = CRF(_tags(3), "BIOES")  # all scores zero: every allowed path equally likely
    emissions = torch.zeros(2, 5, 13)
    mask = torch.ones(2, 5, dtype=torch.bool)
    marginals, log_z = crf.posteriors(emissions, mask)
    calls = []
    decode = crf.decode
    crf.decode = lambda e, m: calls.append(len(e)) or decode(e, m)
    assert crf.decode_pruned(emissions, mask, marginals, log_z, width=2) == decode(emissions, mask)
    assert calls == [2]  # no path is likelier than the left-out tags' marginals
