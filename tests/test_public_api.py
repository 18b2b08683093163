"""The public API (``iclr26_verify``) and topic discovery, in this process."""

import subprocess
import sys

import pytest

import iclr26_verify
import theory
from iclr26_verify.registry import topics


def test_every_public_name_resolves_to_the_objects_the_topics_use():
    import iclr26_verify.registry.stats
    import iclr26_verify.run.figures
    import iclr26_verify.run.store
    import theory.claims

    for name in iclr26_verify.__all__:
        assert getattr(iclr26_verify, name) is not None, name
    assert iclr26_verify.claim is theory.claims.claim
    assert iclr26_verify.Judge is theory.claims.Judge
    assert iclr26_verify.experiment is iclr26_verify.run.store.experiment
    assert iclr26_verify.figure is iclr26_verify.run.figures.figure
    assert iclr26_verify.paired is iclr26_verify.registry.stats.paired
    # theory.claims is the registry module itself (one registry, one state)
    import iclr26_verify.registry.claims as registry

    assert theory.claims is registry


def test_importing_the_api_and_discovery_loads_neither_torch_nor_numerics():
    code = ("import sys, iclr26_verify; from iclr26_verify.registry import topics; topics.keys(); "
            "bad = [m for m in sys.modules if m.split('.')[0] in ('torch', 'numerics', 'theory')]; "
            "print(bad[:5]); sys.exit(1 if bad else 0)")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_the_nineteen_topics_come_from_entry_points_in_report_order():
    found = topics.topics()
    assert tuple(found) == theory.TOPICS and len(found) >= 19
    assert theory.TOPICS[:3] == ("multisets", "tsne", "compression")
    assert all(found[k].distribution == "iclr26-verify" for k in theory.TOPICS[:19])
    assert theory.PAPERS["tsne"].startswith("Bergam, Snoeck & Verma")
    assert topics.get("tsne").modules == ("theory.tsne",)
    assert set(theory.TOPICS) <= set(topics.keys())


@pytest.mark.parametrize("kwargs, match", [
    ({"key": "Bad-Key", "title": "t", "modules": ("m",)}, "'key' parameter of Topic"),
    ({"key": "ok", "title": "t", "modules": ()}, "'modules' parameter of Topic"),
    ({"key": "ok", "title": "t", "modules": (1,)}, "'modules' parameter of Topic"),
])
def test_topic_rejects_bad_fields(kwargs, match):
    with pytest.raises(ValueError, match=match):
        iclr26_verify.Topic(**kwargs)


def test_unknown_topic_and_unregistered_claim_id_name_the_registered_ones():
    with pytest.raises(ValueError, match="registered topic key"):
        iclr26_verify.claim("nopaper.thm1.x", where="Thm 1", statement="s")
    with pytest.raises(ValueError, match="'topic' parameter must be one of"):
        topics.check_keys(("nopaper",))
    with pytest.raises(topics.TopicError, match="is not registered"):
        topics._load_one("nopaper")
