"""Screenshots of the built site in headless Chromium: the home page, two paper pages (their
top, and their first claim cards).

    python docs/screenshots.py [SITE] [OUT]

``SITE`` defaults to ``docs/_build/html`` (``make docs``), ``OUT`` to ``docs/_static/screenshots``.
Each PNG is a 1280 × 1500 window, scaled down to 960 pixels wide. The browser helpers here
are also those of ``tests/test_docs_browser.py``: one set of flags.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

DOCS = Path(__file__).resolve().parent
# No network, no profile, no background services: the browser sees only the files of the site.
CHROMIUM_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                  "--no-first-run", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync",
                  "--allow-file-access-from-files", "--hide-scrollbars")
# name: (page, element scrolled to the top first, or None for the top of the page)
SHOTS = {"home": ("index.html", None),
         "paper_tsne": ("_generated/papers/tsne.html", None),
         "paper_tsne_cards": ("_generated/papers/tsne.html", ".claim-filters"),
         "paper_compression": ("_generated/papers/compression.html", None),
         "paper_compression_cards": ("_generated/papers/compression.html", ".claim-filters")}


def chromium_paths() -> tuple[str, str] | None:
    """(chromium, chromedriver) from the PATH, or None where either is missing."""
    chrome = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver") or shutil.which("chromium-driver")
    return (chrome, driver) if chrome and driver else None


def new_browser(profile: Path, width: int = 1280, height: int = 1000):
    """Headless Chromium with a fresh, empty profile in ``profile`` (raises if not installed)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    paths = chromium_paths()
    if paths is None:
        raise RuntimeError("headless Chromium and chromedriver are not installed "
                           "(apt-get install chromium chromium-driver)")
    opts = webdriver.ChromeOptions()
    opts.binary_location = paths[0]
    for arg in (*CHROMIUM_FLAGS, f"--user-data-dir={profile}",
                f"--window-size={width},{height}"):
        opts.add_argument(arg)
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(paths[1]), options=opts)


def open_page(browser, page: Path, wait: float = 60) -> None:
    """Load ``page`` and wait for its images and its first MathJax pass."""
    from selenium.webdriver.support.ui import WebDriverWait

    browser.get(page.as_uri())
    WebDriverWait(browser, wait).until(lambda b: b.execute_script(
        "return document.readyState === 'complete' && "
        "Array.from(document.images).every(i => i.complete)"))
    if browser.execute_script("return !!document.querySelector('script[src*=\"mathjax\"]')"):
        WebDriverWait(browser, wait).until(lambda b: b.execute_script(
            "return !!(window.MathJax && MathJax.startup && MathJax.startup.promise)"))
        browser.set_script_timeout(wait)
        browser.execute_async_script("const done = arguments[arguments.length - 1];"
                                     "MathJax.startup.promise.then(() => done(1), () => done(0));")


def take(site: Path, out: Path, height: int = 1500, scale_to: int = 960) -> list[Path]:
    from PIL import Image

    out.mkdir(parents=True, exist_ok=True)
    written = []
    with tempfile.TemporaryDirectory(prefix="iclr26-chromium-") as profile:
        browser = new_browser(Path(profile), height=height)
        try:
            for name, (rel, anchor) in SHOTS.items():
                open_page(browser, site / rel)
                if anchor:
                    browser.execute_script(
                        "const e = document.querySelector(arguments[0]);"
                        "if (e) window.scrollTo(0, e.getBoundingClientRect().top + "
                        "window.scrollY - 90);", anchor)
                path = out / f"{name}.png"
                browser.save_screenshot(str(path))
                with Image.open(path) as im:
                    im = im.convert("RGB")
                    im = im.resize((scale_to, round(im.height * scale_to / im.width)),
                                   Image.LANCZOS)
                    im.quantize(colors=256).save(path, optimize=True)
                written.append(path)
        finally:
            browser.quit()
    return written


if __name__ == "__main__":
    site = Path(sys.argv[1]) if len(sys.argv) > 1 else DOCS / "_build" / "html"
    out = Path(sys.argv[2]) if len(sys.argv) > 2 else DOCS / "_static" / "screenshots"
    for p in take(site.resolve(), out):
        print(f"{p} ({p.stat().st_size // 1024} KiB)")
