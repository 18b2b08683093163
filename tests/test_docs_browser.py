"""The built site in a real browser (headless Chromium through Selenium): figures load, maths is
typeset, the verdict filter shows one verdict, every paper page has a summary.

The site is the one tests/test_docs.py builds (the session fixture ``docs_site``; both files are
in the ``docs_site`` xdist group, so one worker builds it once). Chromium and chromedriver come
from Debian's packages (``apt-get install chromium chromium-driver``; ``.ci/run`` installs them
where missing); without them every test here skips, saying so.
"""

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.xdist_group("docs_site")

sys.path.insert(0, str(ROOT / "docs"))
import screenshots  # docs/screenshots.py: the browser, its flags, loading a page

sys.path.remove(str(ROOT / "docs"))
WAIT = 60  # seconds; a loaded 2-core machine typesets a long page in a few


def new_browser(profile: Path):
    if screenshots.chromium_paths() is None:
        pytest.skip("headless Chromium and chromedriver are not installed "
                    "(apt-get install chromium chromium-driver)")
    pytest.importorskip("selenium")
    return screenshots.new_browser(profile)


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    b = new_browser(tmp_path_factory.mktemp("chromium-profile"))
    yield b
    b.quit()


@pytest.fixture(scope="module")
def site(docs_site):
    return docs_site


def _open(browser, page: Path):
    """Load the page, wait for its images and, where it loads MathJax, its first pass."""
    screenshots.open_page(browser, page, wait=WAIT)


def _severe(browser) -> list:
    return [e for e in browser.get_log("browser") if e["level"] == "SEVERE"]


def _paper_pages(site) -> list[Path]:
    return sorted(p for p in (site / "_generated" / "papers").glob("*.html")
                  if p.stem != "index")


def test_figures_load(browser, site):
    site, topic = site
    for page in (site / "_generated" / "papers" / f"{topic}.html",
                 site / "_generated" / "gallery" / "index.html"):
        _open(browser, page)
        images = browser.execute_script(
            "return Array.from(document.images).map(i => [i.getAttribute('src'), i.naturalWidth])")
        assert images, f"{page.name}: no image"
        assert all(w > 0 for _, w in images), (page.name, [s for s, w in images if not w])
        if "papers" in page.parts:
            assert any("figures/" in (s or "") for s, _ in images), images
        assert not _severe(browser), _severe(browser)


def test_maths_is_typeset(browser, site):
    site, topic = site
    _open(browser, site / "index.html")
    assert browser.execute_script("return document.querySelectorAll('mjx-container').length")
    _open(browser, site / "_generated" / "papers" / f"{topic}.html")
    # every TeX span of a card (statement, note, evidence) came out as MathJax output
    untypeset = browser.execute_script(
        "return Array.from(document.querySelectorAll('.claim-card .math'))"
        ".filter(m => !m.querySelector('mjx-container')).map(m => m.textContent)")
    assert not untypeset, untypeset[:5]
    assert not _severe(browser), _severe(browser)


@pytest.fixture(scope="module")
def paper_pages(browser, site):
    """Each paper page loaded once (images, MathJax): its title, its summary's text, the
    statements that still show raw TeX and the number that show typeset maths."""
    site, _ = site
    seen = {}
    for page in _paper_pages(site):
        _open(browser, page)
        seen[page.stem] = browser.execute_script(
            "const s = document.querySelector('section#summary');"
            "const h = document.querySelector('h1');"
            "const st = Array.from(document.querySelectorAll('.claim-statement'));"
            "return {title: h ? h.innerText : '',"
            " summary: s ? s.innerText.replace(/^Summary\\s*/, '') : '',"
            " raw: st.filter(e => /\\^\\{|_\\{|\\\\(frac|sqrt|sigma|alpha)\\b|\\$/"
            ".test(e.innerText)).map(e => e.innerText.slice(0, 80)),"
            " rendered: st.filter(e => e.querySelector('mjx-container, sup, sub')).length};")
        seen[page.stem].update(browser.execute_script(_LAYOUT))
        seen[page.stem]["errors"] = _severe(browser)
    return seen


#: What a page's layout does to its cards and numbers: cards wider than their column (by how
#: many pixels), number spans that run over two lines, MathJax's error boxes.
_LAYOUT = """
const lines = (e) => new Set(Array.from(e.getClientRects()).filter(r => r.width > 0)
                              .map(r => Math.round(r.top))).size;
return {
  overflow: Array.from(document.querySelectorAll('.claim-card'))
    .filter(c => c.scrollWidth > c.clientWidth + 1)
    .map(c => c.id + ' +' + (c.scrollWidth - c.clientWidth) + 'px'),
  numbers: document.querySelectorAll('.claim-card .num, .finding-box .num').length,
  wrapped: Array.from(document.querySelectorAll('.claim-card .num, .finding-box .num'))
    .filter(n => lines(n) > 1)
    .map(n => (n.closest('[id]') || {id: ''}).id + ': ' + n.textContent),
  math_errors: Array.from(document.querySelectorAll('mjx-merror'))
    .map(e => e.getAttribute('data-mjx-error') || e.textContent),
};
"""


def test_statements_show_rendered_maths_not_raw_tex(paper_pages):
    raw = [f"{topic}: {t}" for topic, p in paper_pages.items() for t in p["raw"]]
    assert not raw, raw[:10]
    assert sum(p["rendered"] for p in paper_pages.values()), "no statement shows typeset maths"


def test_verdict_filter_shows_one_verdict(browser, site):
    site, topic = site
    from selenium.webdriver.common.by import By

    _open(browser, site / "_generated" / "papers" / f"{topic}.html")
    shown = ("return Array.from(document.querySelectorAll('.claim-card'))"
             ".filter(c => !c.hidden).map(c => c.dataset.verdict)")
    before = browser.execute_script(shown)
    verdicts = sorted(set(before))
    assert len(verdicts) >= 2, f"{topic}: one verdict only, the filter shows nothing"
    keep = max(verdicts, key=before.count)
    for box in browser.find_elements(By.CSS_SELECTOR, 'input[data-filter="verdict"]'):
        if box.is_selected() != (box.get_attribute("value") == keep):
            box.click()
    after = browser.execute_script(shown)
    assert after and set(after) == {keep}, (keep, sorted(set(after)))
    assert len(after) == before.count(keep)
    count = browser.find_element(By.CSS_SELECTOR, ".claim-count").text
    assert count.startswith(f"{len(after)} of "), count


def test_every_paper_page_has_a_title_and_a_summary(paper_pages):
    rows = json.loads((ROOT / "reports" / "claims.json").read_text())["claims"]
    assert set(paper_pages) == {r["topic"] for r in rows}
    missing = [(t, p["title"][:40], p["summary"][:40]) for t, p in paper_pages.items()
               if len(p["title"]) < 10 or len(p["summary"]) < 80]
    assert not missing, missing
    errors = {t: p["errors"] for t, p in paper_pages.items() if p["errors"]}
    assert not errors, errors


def test_blueprint_graph_renders_and_its_nodes_land_on_cards(browser, site):
    site, _ = site
    papers = json.loads((ROOT / "reports" / "claims.json").read_text()).get("papers") or {}
    bad = []
    for topic in papers:
        _open(browser, site / "_generated" / "papers" / f"{topic}.html")
        seen = browser.execute_script(
            "const g = document.querySelector('svg.blueprint-svg');"
            "if (!g) return null;"
            "const r = g.getBoundingClientRect();"
            "const links = Array.from(g.querySelectorAll('a')).map(a =>"
            " (a.getAttribute('href') || a.getAttribute('xlink:href') || '').slice(1));"
            "return {width: r.width, height: r.height, nodes: g.querySelectorAll('g.node').length,"
            " missing: links.filter(id => !document.getElementById(id))};")
        if seen is None:
            bad.append(f"{topic}: no graph")
        elif seen["width"] < 200 or seen["height"] < 30 or not seen["nodes"] or seen["missing"]:
            bad.append(f"{topic}: {seen}")
    assert not bad, bad


def test_no_card_overflows_its_column(paper_pages):
    over = [f"{topic}: {c}" for topic, p in paper_pages.items() for c in p["overflow"]]
    assert not over, over[:10]


def test_numbers_never_wrap_across_lines(paper_pages):
    assert sum(p["numbers"] for p in paper_pages.values()), "no number span on any paper page"
    wrapped = [f"{topic}: {n}" for topic, p in paper_pages.items() for n in p["wrapped"]]
    assert not wrapped, wrapped[:10]


def test_no_math_errors_site_wide(browser, site, paper_pages):
    """Every page that loads MathJax (paper pages, the API reference, notebooks, the home page)
    typesets without an error box ("Math input error": a docstring that is not a raw string,
    or TeX MathJax cannot parse)."""
    site, _ = site
    errors = [f"papers/{t}: {e}" for t, p in paper_pages.items() for e in p["math_errors"]]
    for page in sorted(site.rglob("*.html")):
        rel = page.relative_to(site).as_posix()
        if rel.startswith(("_generated/papers/", "src/", "_static/", "_sources/")):
            continue
        if "mathjax" not in page.read_text():
            continue
        _open(browser, page)
        errors += [f"{rel}: {e}" for e in browser.execute_script(_LAYOUT)["math_errors"]]
    assert not errors, errors[:10]
