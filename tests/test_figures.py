"""Every registered figure runs in quick mode under Agg and writes a PNG and its CSV."""

import csv

import pytest

from numerics.figures import discover_figures, render
from theory import TOPICS

SPECS = discover_figures()


@pytest.mark.parametrize("spec", SPECS, ids=[f"{s.topic}/{s.name}" for s in SPECS])
def test_figure_renders_png_and_csv_in_quick_mode(spec, tmp_path):
    png, csv_path = render(spec, tmp_path, quick=True, dpi=40)
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    with open(csv_path) as fh:
        rows = list(csv.reader(fh))
    assert len(rows) >= 2, "the CSV holds no data rows"


def test_every_topic_has_a_figure():
    assert {s.topic for s in SPECS} == set(TOPICS)


def test_figures_name_registered_claims_of_their_topic():
    from theory.claims import discover

    ids = {c.id for c in discover()}
    bad = [(s.topic, s.name, c) for s in SPECS for c in s.claims
           if c not in ids or not c.startswith(f"{s.topic}.")]
    assert not bad, bad


def test_every_topic_has_a_figure_tied_to_its_claims():
    assert {s.topic for s in SPECS if s.claims} == set(TOPICS)
