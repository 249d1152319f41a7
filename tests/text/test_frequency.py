from phiscrub.text.frequency import zipf


def test_zipf_is_case_folded_and_zero_for_unseen_words():
    assert zipf("the", "en") == 8
    assert zipf("THE", "en") == zipf("the", "en")
    assert zipf("Ryan", "en") == 5
    assert zipf("Mallampati", "en") == 0
    assert zipf("paciente", "es") == 5
