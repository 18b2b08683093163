"""The documentation site builds offline with warnings as errors, shows every claim, and its
links, images and scripts are all local."""

import json
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

ROOT = Path(__file__).resolve().parent.parent
CLAIMS = json.loads((ROOT / "reports" / "claims.json").read_text())["claims"]


class _Refs(HTMLParser):
    def __init__(self):
        super().__init__()
        self.refs, self.ids = [], set()

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        for key in ("id", "name"):
            if a.get(key):
                self.ids.add(a[key])
        for key in ("href", "src"):
            if a.get(key):
                self.refs.append((tag, key, a[key], a.get("rel")))


# one build shared with tests/test_docs_browser.py (the docs_site fixture of tests/conftest.py)
pytestmark = pytest.mark.xdist_group("docs_site")


@pytest.fixture(scope="module")
def site(docs_site):
    return docs_site


def _pages(site):
    site = site[0] if isinstance(site, tuple) else site
    return sorted(site.rglob("*.html"))


def test_every_claim_has_a_card(site):
    site, _ = site
    cards = set()
    for page in (site / "_generated" / "papers").glob("*.html"):
        cards |= set(re.findall(r'id="claim-([^"]+)"', page.read_text()))
    missing = {c["id"] for c in CLAIMS} - cards
    assert not missing, sorted(missing)[:10]


def test_internal_links_and_images_resolve(site):
    site, _ = site
    broken = []
    parsed = {}
    for page in _pages(site):
        rel = page.relative_to(site).as_posix()
        if rel.startswith(("src/", "_static/")):
            continue  # highlighted sources (anchors only) and the theme's own templates
        p = _Refs()
        p.feed(page.read_text())
        parsed[page] = p
    for page, p in parsed.items():
        for _tag, _key, ref, _ in p.refs:
            url = urlsplit(ref)
            if url.scheme or ref.startswith(("//", "mailto:", "javascript:", "data:")):
                continue
            target = page if not url.path else (page.parent / unquote(url.path)).resolve()
            if target.is_dir():
                target = target / "index.html"
            if not target.exists():
                broken.append(f"{page.relative_to(site)}: {ref}")
            elif url.fragment and target.suffix == ".html" and "/src/" not in target.as_posix():
                ids = parsed[target].ids if target in parsed else set()
                if target in parsed and unquote(url.fragment) not in ids:
                    broken.append(f"{page.relative_to(site)}: {ref} (no anchor)")
    assert not broken, broken[:20]


def test_each_paper_page_opens_with_its_findings_then_its_blueprint(site):
    site, _ = site
    papers = json.loads((ROOT / "reports" / "claims.json").read_text()).get("papers") or {}
    assert papers, "reports/claims.json has no blueprints (papers): regenerate the report"
    problems = []
    for topic, paper in papers.items():
        page = (site / "_generated" / "papers" / f"{topic}.html").read_text()
        body = page[page.index("<h1"):]
        box, graph = body.find('class="finding-box"'), body.find('class="blueprint-svg"')
        cards = body.find('class="claim-card"')
        if not 0 <= box < graph < cards:
            problems.append(f"{topic}: the page does not open with the finding box, then the "
                            "blueprint graph, then the cards")
            continue
        first = body[box:body.index("How sure we are", box)]
        failing = [c["id"] for c in CLAIMS if c["topic"] == topic and c["verdict"] in (
            "refuted", "reading_fails", "not_reproduced", "failed_prediction")]
        problems += [f"{topic}: {cid} is not linked from the finding box" for cid in failing
                     if f'href="#claim-{cid}"' not in first]
        p = _Refs()
        p.feed(page)
        hrefs = re.findall(r'xlink:href="#([^"]+)"', page)
        if len(hrefs) != len(paper["nodes"]):
            problems.append(f"{topic}: {len(hrefs)} linked nodes of {len(paper['nodes'])}")
        problems += [f"{topic}: node link #{h} lands nowhere" for h in hrefs
                     if unquote(h) not in p.ids]
        for n in paper["nodes"]:
            if n["status"] in ("unchecked", "unavailable") and n["anchor"] not in p.ids:
                problems.append(f"{topic}: {n['label']} is missing from the unchecked table")
    assert not problems, problems[:20]


def test_no_page_loads_remote_scripts_or_styles(site):
    site, _ = site
    remote = []
    for page in _pages(site):
        p = _Refs()
        p.feed(page.read_text())
        for tag, _key, ref, rel in p.refs:
            is_asset = tag in ("script", "img") or (tag == "link" and rel and
                                                    "stylesheet" in rel)
            if is_asset and re.match(r"^(https?:)?//", ref):
                remote.append(f"{page.relative_to(site)}: {ref}")
    assert not remote, remote[:10]
    assert (site / "_static" / "mathjax" / "tex-chtml.js").exists()


# --- cards: evidence as a table, maths rendered ------------------------------------------------
def _pages_module():
    from iclr26_verify.outputs import sphinx as iclr26_pages

    return iclr26_pages


def _row(cid):
    return next(c for c in CLAIMS if c["id"] == cid)


def test_a_long_family_is_summarised_with_the_full_table_folded_away():
    pages = _pages_module()
    html = pages._evidence(_row("tsne.cor4.all_perplexities"))
    summary, _, folded = html.partition("<details>")
    assert folded, "the full list is folded away"
    lines = re.findall(r"<li[^>]*>(.*?)</li>", summary)
    assert 1 <= len(lines) <= 9 and any(" fail; worst " in t for t in lines), lines
    assert summary.count("<tr") == 0 and folded.count('class="ev-fails"') >= 1


def test_a_short_card_is_a_table_with_its_failing_row_marked():
    pages = _pages_module()
    html = pages._evidence(_row("blae.code.bilip_term_equals_paper"))
    assert "<details>" not in html and html.count("<tr") == 2  # header and one comparison
    assert 'class="ev-fails"' in html and "κ = 1" in html


def test_cards_say_an_equal_value_once_and_labels_never_run_into_values():
    pages = _pages_module()
    for row in CLAIMS:
        html = pages._evidence(row)
        for cells in re.findall(r"<tr class=\"ev-[a-z]+\">(.*?)</tr>", html):
            tds = re.findall(r"<td[^>]*>(.*?)</td>", cells)
            if len(tds) == 7 and tds[2] == "=":  # an equality set out in two cells
                assert tds[3] != tds[4], (row["id"], tds)
        text = re.sub(r"<[^>]+>", " ", html)
        assert not re.search(r"[^\s<>=≤≥!]=[−\d]", text), row["id"]


def test_statements_and_notes_render_their_maths():
    pages = _pages_module()
    assert pages._rich("e^{−2h(S)+2C} and σ_X²") == "e<sup>−2h(S)+2C</sup> and σ<sub>X</sub>²"
    assert pages._rich("(c/6 + epsilon/3)/epsilon") == "(c/6 + ε/3)/ε"
    tex = pages._rich(r"ratio $\frac{c}{\epsilon}$, \(x^2\) and `a_b`")
    assert (r'<span class="math notranslate nohighlight">\(\frac{c}{\epsilon}\)</span>' in tex
            and r"\(x^2\)</span>" in tex and "<code>a_b</code>" in tex)
    # one notation: ASCII indices and operators are set as subscripts, as TeX would set them;
    # longer identifiers and dotted ids stay as they are
    assert pages._rich("a < b & t_end, min_r") == ("a &lt; b &amp; t<sub>end</sub>, "
                                                   "min<sub>r</sub>")
    assert pages._rich("H_b(q_S1), max_r dL/dr >= 0, ||x||_F") == (
        "H<sub>b</sub>(q<sub>S1</sub>), max<sub>r</sub> dL/dr ≥ 0, ‖x‖<sub>F</sub>")
    assert pages._rich("n_iter, sil_tsne, tsne.exp1.same_p") == "n_iter, sil_tsne, tsne.exp1.same_p"


def test_numbers_are_set_in_unbreakable_spans_outside_maths_and_code():
    pages = _pages_module()
    out = pages._rich("ratio 0.620 / 9 at n = 16 × 16; p 2.13e-06, −0.4477; $x_{10}$ `a 12`")
    spans = re.findall(r'<span class="num">(.*?)</span>', out)
    assert spans == ["0.620 / 9", "16 × 16", "2.13e-06", "−0.4477"], spans
    assert r"\(x_{10}\)" in out and "<code>a 12</code>" in out
    assert pages._numh(-0.25) == '<span class="num">−0.25</span>'


def test_paper_pages_load_mathjax_and_show_rendered_statements(site):
    site, _ = site
    page = (site / "_generated" / "papers" / "compression.html").read_text()
    assert "mathjax/tex-chtml.js" in page
    assert "e<sup>−2h(S)+2C</sup>" in page and "e^{−2h(S)+2C}" not in page
    multisets = (site / "_generated" / "papers" / "multisets.html").read_text()
    assert "(c/6 + epsilon/3)/epsilon" not in multisets
    tsne = (site / "_generated" / "papers" / "tsne.html").read_text()
    card = tsne.split('id="claim-tsne.cor4.all_perplexities"')[1].split('class="claim-card"')[0]
    assert "<details>" in card and 'class="evidence-summary"' in card
    assert "<dt>measured</dt>" not in tsne and "<dt>expected</dt>" not in tsne


def test_home_page_counts_the_undecided_apart(site):
    site, _ = site
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", (site / "index.html").read_text()))
    s = json.loads((ROOT / "reports" / "claims.json").read_text())["summary"]
    assert (f"{s['decided']} decided (all {s['decided_on_target']} reached their expected "
            "verdict") in text
    assert f"not decided: {s['undecided']} undecided" in text


def test_notebook_pages_offer_the_ipynb_and_the_py(site):
    site, _ = site
    pages = sorted((site / "_generated" / "notebooks").glob("[0-9][0-9]_*.html"))
    assert pages, "no notebook page"
    missing = []
    for page in pages:
        text = page.read_text()
        for suffix in (".ipynb", ".py"):
            href = f"../../notebooks/{page.stem}{suffix}"
            if href not in text or not (site / "notebooks" / f"{page.stem}{suffix}").is_file():
                missing.append(f"{page.name}: {href}")
    assert not missing, missing[:10]


def test_a_quick_impostor_figure_says_it_is_not_the_verified_run():
    """The t-SNE impostor figure sits under verified cards; its quick panels differ by rounding
    amplified over a short run, so a quick figure says in its title that it is not the verified
    run (the full figure keeps the paper's title)."""
    import matplotlib.pyplot as plt

    from numerics.tsne.figures import impostors_figure

    fig, table = impostors_figure(quick=True)
    title = fig._suptitle.get_text()
    plt.close(fig)
    assert "QUICK RUN, not the verified one" in title and "distributions" in title, title
    assert all(r["max_abs_dP"] <= 1e-12 for r in table)
