"""Loaders of the fairness data sets: row counts of the usual protocol, splits, preprocessing."""

import numpy as np
import pytest

from numerics.data import (
    load_adult_frame,
    load_compas_frame,
    load_fair_digits,
    load_fair_tabular,
    load_german_frame,
    load_titanic_frame,
)
from theory.validation import InvalidParameterError


def test_adult_rows_after_dropping_missing_values():
    df = load_adult_frame()
    assert len(df) == 45_222
    assert (df["split"] == "train").sum() == 30_162
    assert (df["split"] == "test").sum() == 15_060
    assert set(df["income"]) == {">50K", "<=50K"}


def test_adult_base_rates_match_our_reference_values():
    # ours, counted once from the UCI Adult files: P(>50K) train male 0.3138 (n=20380),
    # female 0.1137 (n=9782)
    df = load_adult_frame()
    tr = df[df["split"] == "train"]
    male = tr[tr["sex"] == "Male"]
    female = tr[tr["sex"] == "Female"]
    assert (len(male), len(female)) == (20_380, 9_782)
    assert round((male["income"] == ">50K").mean(), 4) == 0.3138
    assert round((female["income"] == ">50K").mean(), 4) == 0.1137


def test_compas_rows_after_propublica_filter():
    df = load_compas_frame()
    assert len(df) == 6_172
    counts = df["race"].value_counts()
    assert (counts["African-American"], counts["Caucasian"]) == (3_175, 2_103)
    aa = df[df["race"] == "African-American"]["two_year_recid"].mean()
    assert round(aa, 4) == 0.5231


def test_german_rows_and_sex_coding():
    df = load_german_frame()
    assert len(df) == 1_000
    assert (df["sex"] == "male").sum() == 690
    assert (df["credit"] == 1).sum() == 700
    assert round((df[df["age"] > 25]["credit"] == 1).mean(), 4) == 0.7284


def test_titanic_rows():
    df = load_titanic_frame()
    assert len(df) == 2_207
    assert set(df["gender"]) == {"male", "female"}


@pytest.mark.parametrize("name,sensitive", [("adult", "sex"), ("compas", "race"),
                                            ("compas", "sex"), ("german", "age"),
                                            ("german", "sex"), ("titanic", "gender")])
def test_fair_split_is_standardised_binary_and_disjoint(name, sensitive, seed):
    d = load_fair_tabular(name, sensitive=sensitive, random_state=seed)
    n = {"adult": 45_222, "compas": 6_172, "german": 1_000, "titanic": 2_207}[name]
    assert len(d.y_train) + len(d.y_test) == n
    assert d.X_train.shape[1] == d.X_test.shape[1] == len(d.feature_names)
    assert np.all(np.isfinite(d.X_train)) and np.all(np.isfinite(d.X_test))
    for a in (d.y_train, d.y_test, d.s_train, d.s_test):
        assert set(np.unique(a).tolist()) == {0, 1}
    # standardised with training statistics only
    assert np.allclose(d.X_train.mean(axis=0), 0, atol=1e-9)
    sd = d.X_train.std(axis=0)
    assert np.all(np.isclose(sd, 1) | np.isclose(sd, 0))
    # the sensitive attribute's own column is not an input
    assert not any(c.startswith(sensitive) for c in d.feature_names)


def test_seeded_split_is_reproducible_and_seed_dependent():
    a = load_fair_tabular("german", random_state=1)
    b = load_fair_tabular("german", random_state=1)
    c = load_fair_tabular("german", random_state=2)
    assert np.array_equal(a.X_train, b.X_train)
    assert not np.array_equal(a.X_train, c.X_train)
    assert abs(len(a.y_test) - 300) <= 1


def test_adult_uses_the_official_test_file():
    d = load_fair_tabular("adult")
    assert (len(d.y_train), len(d.y_test)) == (30_162, 15_060)


def test_fair_digits_colour_correlates_with_label_in_training_only(seed):
    d = load_fair_digits(random_state=seed)
    assert len(d.y_train) + len(d.y_test) == 1_797
    assert d.X_train.shape[1] == 128
    # the colour is the channel that carries the ink
    ink = d.X_train.reshape(-1, 2, 64).sum(axis=2)
    assert np.array_equal(np.argmax(ink, axis=1), d.s_train)
    assert abs(np.mean(d.s_train == d.y_train) - 0.9) < 0.04
    assert abs(np.mean(d.s_test == d.y_test) - 0.5) < 0.06


def test_bad_dataset_name_names_the_parameter():
    with pytest.raises(InvalidParameterError, match="'name' parameter of load_fair_tabular"):
        load_fair_tabular("mnist")
    with pytest.raises(InvalidParameterError, match="'sensitive' parameter"):
        load_fair_tabular("adult", sensitive="race")
