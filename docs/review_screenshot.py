"""Make docs/review.png: the review page of a synthetic note (the ``rules`` pipeline against the
generator's gold spans; of 12 notes, the one with the lowest strict F1), in headless chromium.

    python docs/review_screenshot.py
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

from phiscrub.pipeline import load_pipeline
from phiscrub.review import Reviewed, write_review_site
from phiscrub.synth import synthesize

HERE = Path(__file__).resolve().parent


def main() -> None:
    gold = [n.document for n in synthesize(12, 2026)]
    found = list(load_pipeline("rules").annotate_all(gold))
    notes = [Reviewed(d, g) for d, g in zip(found, gold, strict=True)]
    shown = min(notes, key=lambda n: (n.scores() or {}).get("f1", 1.0))  # one with mistakes
    with tempfile.TemporaryDirectory() as scratch:
        site = Path(scratch) / "site"
        write_review_site(notes, site)
        page = site / shown.page
        options = webdriver.ChromeOptions()
        options.binary_location = shutil.which("chromium") or ""
        for flag in ("--headless=new", "--no-sandbox", "--window-size=1200,900"):
            options.add_argument(flag)
        browser = webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=options)
        try:
            browser.get(page.as_uri())
            browser.save_screenshot(str(HERE / "review.png"))
        finally:
            browser.quit()


if __name__ == "__main__":
    main()
