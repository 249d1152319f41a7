"""The review site: what it marks, that it stays private, and (in a headless browser) that a
person's corrections come back as JSONL that phiscrub reads."""

import json
import shutil
import stat

import pytest

from phiscrub.document import Document, Span
from phiscrub.io import read_corpus
from phiscrub.review import Reviewed, write_review_site

TEXT = "Seen by Dr. Okafor on 03/14/2091 at Mercy Hospital. </script> 😀 Ann"


def _system() -> Document:
    return Document(
        "n-1",
        TEXT,
        (
            Span(12, 18, "DOCTOR", 0.9, "crf"),
            Span(22, 32, "DATE", 0.9, "rules"),
            Span(36, 50, "CITY", 0.5, "crf"),  # a false alarm: gold says HOSPITAL
        ),
    )


def _gold() -> Document:
    spans = (
        Span(12, 18, "DOCTOR"),
        Span(22, 32, "DATE"),
        Span(36, 50, "HOSPITAL"),
        Span(64, 67, "PATIENT"),  # missed (after the emoji: code point offsets)
    )
    return Document("n-1", TEXT, spans)


def test_misses_and_false_alarms_are_marked_and_scored():
    note = Reviewed(_system(), _gold())
    assert [(m["start"], m["end"], m["label"], m["kind"]) for m in note.marks()] == [
        (12, 18, "DOCTOR", "found"),
        (22, 32, "DATE", "found"),
        (36, 50, "CITY", "false-alarm"),
        (36, 50, "HOSPITAL", "missed"),
        (64, 67, "PATIENT", "missed"),
    ]
    scores = note.scores()
    assert scores == {"precision": 2 / 3, "recall": 0.5, "f1": pytest.approx(4 / 7)}


def test_the_site_is_private_and_its_data_cannot_close_the_script(tmp_path):
    assert write_review_site([Reviewed(_system(), _gold())], tmp_path / "site") == 1
    page = tmp_path / "site" / "notes" / "n-1.html"
    for path in (tmp_path / "site", tmp_path / "site" / "notes"):
        assert stat.S_IMODE(path.stat().st_mode) == 0o700
    for path in (page, tmp_path / "site" / "index.html"):
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
    html = page.read_text(encoding="utf-8")
    assert html.count("</script>") == 2  # the data block and the script, not the note's
    data = html.split("id=data>", 1)[1].split("</script>", 1)[0]
    assert json.loads(data)["text"] == TEXT
    assert "http" not in html.lower().replace("http-equiv", "")  # nothing from a network
    index = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert "<td>3</td>" in index and "0.571" in index  # spans, strict F1


def _browser():
    webdriver = pytest.importorskip("selenium.webdriver")
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    if browser is None or driver is None:
        pytest.skip("chromium and chromedriver are not installed (.ci/run installs them)")
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = browser
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(driver), options=options)


def test_corrections_in_a_browser_round_trip_into_jsonl(tmp_path):
    write_review_site([Reviewed(_system(), _gold())], tmp_path / "site")
    page = (tmp_path / "site" / "notes" / "n-1.html").as_uri()
    browser = _browser()
    try:
        from selenium.webdriver.common.by import By
        from selenium.webdriver.support.ui import Select

        browser.get(page)
        labelled = browser.find_elements(By.CSS_SELECTOR, "mark[data-label]")
        assert [m.get_attribute("data-label") for m in labelled] == [
            "DOCTOR",
            "DATE",
            "HOSPITAL",
            "PATIENT",
        ]  # fmt: skip  (CITY and HOSPITAL share one stretch: the last drawn names it)
        # reject the date
        labelled[1].click()
        browser.find_element(By.XPATH, "//div[@id='menu']//button[text()='reject']").click()
        # relabel the false alarm CITY -> HOSPITAL (its stretch holds the missed HOSPITAL too:
        # the menu lists both, CITY first), and accept the missed patient
        browser.find_elements(By.CSS_SELECTOR, "mark[data-label]")[2].click()
        rows = browser.find_elements(By.CSS_SELECTOR, "#menu div")
        assert [r.text.split(" ")[0] for r in rows] == ["CITY", "HOSPITAL"]
        Select(rows[0].find_element(By.TAG_NAME, "select")).select_by_value("HOSPITAL")
        browser.find_elements(By.CSS_SELECTOR, "mark[data-label]")[-1].click()
        browser.find_element(By.XPATH, "//div[@id='menu']//button[text()='accept']").click()
        # add a span by selecting "Mercy" with the mouse's range, then the add button
        browser.execute_script(
            """
            const node = Array.from(document.querySelectorAll('#note mark'))
              .find((m) => m.textContent.startsWith('Mercy')).firstChild;
            const range = document.createRange();
            range.setStart(node, 0); range.setEnd(node, 5);
            const selection = window.getSelection();
            selection.removeAllRanges(); selection.addRange(range);
            """
        )
        Select(browser.find_element(By.ID, "add-label")).select_by_value("ORGANIZATION")
        browser.find_element(By.ID, "add").click()
        line = browser.execute_script("return window.phiscrubReview.jsonl();")
        errors = [e for e in browser.get_log("browser") if e["level"] == "SEVERE"]
    finally:
        browser.quit()
    assert errors == []
    (tmp_path / "reviewed.jsonl").write_text(line, encoding="utf-8")
    [doc] = read_corpus(tmp_path / "reviewed.jsonl")
    assert doc.text == TEXT
    assert [(s.start, s.end, s.label) for s in doc.spans] == [
        (12, 18, "DOCTOR"),
        (36, 41, "ORGANIZATION"),
        (36, 50, "HOSPITAL"),
        (64, 67, "PATIENT"),
    ]
