"""Empirical claims of the token_distill topic: Token Distillation against its baselines on a
byte-level LM trained here on Python's standard library (:mod:`.experiments`), and the paper's
LLM-scale results, registered as unavailable.

Every test is pre-registered: the statistic is a paired difference of held-out NLL (nats/byte of
the 8 bytes after the new token; not the distillation objective) between two methods on the same
token and LM seed, over 12 tokens × 4 LM seeds = 48 pairs (tokens of one LM are not independent;
the spread over LM seeds is part of the variance), one-sided t at α = 0.05, with the smallest
effect of interest 0.05 nats/byte (ours: about 2 % of the byte NLL). Quick mode (30 LM steps,
3 tokens, 1 seed) cannot decide and says so.

Where our defaults differ from the authors' code: lr 1e-2 constant, 3 epochs, batch 32, fp32,
every aligned position of 48-byte windows without BOS; the package uses lr 1e-4 constant,
1 epoch, batch 1, bf16, 50-token snippets with BOS; the paper's code lr 5e-5 with linear warm-up
and decay over 3 epochs. Our NTP baseline predicts original bytes (the byte head has no rows for
new tokens), the code's CE also predicts new ids through trained output rows.
"""

from __future__ import annotations

from theory.claims import Judge, Preregistered, Unavailable, claim

REPO = "konstantinjdobler/token-distillation@ac9ef2cc3375f778facc753bda15e8ac5cdd2844"
_SCOPE = ("byte-level LM (d = 48, 2 layers, context 48, 500 steps) trained on CPython stdlib "
          "source; 12 new tokens mined from it; 64 training and 32 held-out 48-byte windows per "
          "token; 4 LM seeds")
_ANALOGUE = ("a 2-layer byte LM trained here instead of open-weight LLMs; new tokens are frequent "
             "Python words; held-out NLL of the next 8 bytes instead of the paper's benchmarks; "
             "our optimiser settings (lr 1e-2, 3 epochs, batch 32)")
_UNITS = "over 12 tokens × 4 LM seeds (48 pairs)"
_EFFECT = "ours: smallest effect of interest, 0.05 nats/byte (about 2 % of the byte NLL)"


def _T(stat):
    return Preregistered(statistic=stat + ", " + _UNITS, alternative="greater", seeds=48,
                         effect=0.05, effect_source=_EFFECT, alpha=0.05)


def _quick_note(quick, a, b):
    from numerics.token_distill.experiments import paired

    if quick:
        d = paired(True, a, b)
        raise Unavailable(f"undecided in quick mode: 30 LM steps, 3 tokens, 1 seed cannot decide "
                          f"a paired test over tokens and seeds (quick mean {d.mean():+.4f} "
                          f"nats/byte over {d.size} pairs); the full run decides")


def _means(quick):
    from numerics.token_distill.experiments import results

    r = results(quick)
    return r, {m: float(v.mean()) for m, v in r["nll"].items()}


def _paired_claim(quick, a, b, name, T):
    from iclr26_verify.registry import stats
    from numerics.token_distill.experiments import paired

    _quick_note(quick, a, b)
    r, mean = _means(quick)
    d = paired(quick, a, b)
    j = Judge()
    res = stats.one_sample(name, d, T)
    j.test(res)
    wins = int((d > 0).sum())
    return j.evidence(note="Mean held-out NLL (nats/byte): " + ", ".join(
        f"{m} {v:.4f}" for m, v in mean.items()) + f". {b} − {a}: {res.estimate:+.4f} "
        f"[{res.interval[0]:+.4f}, {res.interval[1]:+.4f}], p = {res.p_value:.2g}, power "
        f"{res.power:.2f}; {a} better on {wins}/{d.size} pairs. LM train loss "
        + ", ".join(f"{x:.3f}" for x in r["lm_loss"]) + ".")


_T_FVT = _T("paired difference of held-out NLL, FVT − distillation (nats/byte)")


@claim("token_distill.light.td_beats_fvt", kind="empirical", evidence=("observation",),
       where="README L11 (outperforms heuristic initialisations); abstract",
       statement="Distilling hidden states into the new row, started from FVT, gives a lower "
       "held-out NLL of the bytes after the new token than FVT (the mean of the subtoken rows) "
       "itself (" + _SCOPE + "). Checked on held-out NLL only, not on the paper's benchmarks.",
       source=("code", REPO + ":README.md:L11 (Token Distillation outperforms heuristic "
               "embedding initialisation methods; L9 defines them as weighted sums of existing "
               "rows, FVT's mean among them); the abstract (arXiv 2505.20133) says only 'strong "
               "baselines'; printed tables not seen"),
       setting=("analogue", _ANALOGUE), test=_T_FVT)
def _td_fvt(quick: bool = False):
    return _paired_claim(quick, "td", "fvt", "FVT − td", _T_FVT)


_T_AV = _T("paired difference of held-out NLL, AdaptiVocab − distillation (nats/byte)")


@claim("token_distill.light.td_beats_adaptivocab", kind="empirical", evidence=("observation",),
       where="README L11 (outperforms heuristic initialisations); abstract",
       statement="Distillation gives a lower held-out NLL after the new token than the "
       "AdaptiVocab initialisation (softmax(2j)-weighted subtoken rows) (" + _SCOPE + "). "
       "Checked on held-out NLL only, not on the paper's benchmarks.",
       source=("code", REPO + ":README.md:L11 (Token Distillation outperforms heuristic "
               "embedding initialisation methods, L9: weighted sums of existing rows); "
               "AdaptiVocab is one of the package's pre-init options (token_distillation/"
               "token_distillation/tokdist.py:L537-L545); printed tables not seen"),
       setting=("analogue", _ANALOGUE), test=_T_AV)
def _td_av(quick: bool = False):
    return _paired_claim(quick, "td", "adaptivocab", "AdaptiVocab − td", _T_AV)


_T_RAND = _T("paired difference of held-out NLL, random row − distillation (nats/byte)")


@claim("token_distill.light.td_beats_random", kind="empirical", evidence=("observation",),
       where="abstract (outperforms baselines); paper code's random baseline",
       statement="Distillation gives a lower held-out NLL after the new token than a random row "
       "drawn from the byte table's per-column mean and standard deviation (" + _SCOPE + ").",
       source=("abstract", "arXiv 2505.20133 abstract; the random baseline as in "
               + REPO + ":paper/apply_embedding_init.py:L404-L413; printed tables not seen"),
       setting=("analogue", _ANALOGUE), test=_T_RAND)
def _td_rand(quick: bool = False):
    return _paired_claim(quick, "td", "rand", "random − td", _T_RAND)


_T_NTP = _T("paired difference of held-out NLL, next-token training − distillation "
            "(nats/byte)")


@claim("token_distill.light.td_beats_ntp", kind="empirical", evidence=("observation",),
       where="README L11 (outperforms embedding optimisation by next-token prediction)",
       # the full run fails this statement with power ≥ 0.8: not reproduced on this analogue
       expected="not_reproduced",
       statement="On held-out NLL of the 8 bytes after the new token (the NTP baseline's own "
       "training objective, on other windows), distillation scores lower than training the same "
       "row by next-token prediction from the same FVT start with the same optimiser and windows "
       "(" + _SCOPE + "). This checks the README's comparison on that metric only; the paper "
       "compares on downstream benchmarks and judged definitions, which this row does not test.",
       source=("code", REPO + ":README.md:L11 (the paper finds Token Distillation better than "
               "embedding optimisation via the next-token prediction objective); the printed "
               "comparison and its metric were not seen"),
       setting=("analogue", _ANALOGUE), test=_T_NTP)
def _td_ntp(quick: bool = False):
    return _paired_claim(quick, "td", "ntp", "NTP − td", _T_NTP)


_T_NTP_WINS = _T("paired difference of held-out NLL, distillation − next-token training "
                 "(nats/byte)")


@claim("token_distill.light.ntp_beats_td_on_nll", kind="empirical", evidence=("observation",),
       where="ours (the counterpart of token_distill.light.td_beats_ntp)", prediction=True,
       expected="extension",
       statement="Ours: on this byte LM and metric, training the new row by next-token prediction "
       "gives a lower held-out NLL after the new token than distillation, from the same start, "
       "optimiser and windows (" + _SCOPE + "); a distilled row can at best match its teacher, "
       "while next-token training may exceed it.",
       source=("ours", ("the reverse direction and the explanation (weak teacher, metric = the "
               "baseline's objective) are ours")),
       setting=("analogue", _ANALOGUE), test=_T_NTP_WINS)
def _ntp_td(quick: bool = False):
    return _paired_claim(quick, "ntp", "td", "td − NTP", _T_NTP_WINS)


_T_GAP = _T("paired (FVT − distillation) − ½ (FVT − original tokenisation) of held-out NLL "
            "(nats/byte)")


@claim("token_distill.light.td_closes_half_gap", kind="empirical", evidence=("observation",),
       where="ours (the original tokenisation is the distillation target)",
       prediction=True, expected="extension",
       statement="Ours: distillation closes at least half of the held-out NLL gap between FVT "
       "and the original tokenisation (the teacher it distils) (" + _SCOPE + ").",
       source=("ours", "the 50 % threshold and the teacher as reference are ours"),
       setting=("analogue", _ANALOGUE), test=_T_GAP)
def _gap(quick: bool = False):
    from iclr26_verify.registry import stats

    _quick_note(quick, "td", "fvt")
    r, mean = _means(quick)
    n = r["nll"]
    d = ((n["fvt"] - n["td"]) - 0.5 * (n["fvt"] - n["teacher"])).ravel()
    frac = (n["fvt"] - n["td"]).sum() / (n["fvt"] - n["teacher"]).sum()
    res = stats.one_sample("(FVT − td) − ½(FVT − teacher)", d, _T_GAP)
    j = Judge()
    j.test(res)
    return j.evidence(note=f"Share of the FVT → teacher gap closed, pooled: {frac:.2f}; "
                      f"statistic {res.estimate:+.4f} [{res.interval[0]:+.4f}, "
                      f"{res.interval[1]:+.4f}], p = {res.p_value:.2g}. Teacher "
                      f"{mean['teacher']:.4f}, FVT {mean['fvt']:.4f}, td {mean['td']:.4f}, NTP "
                      f"{mean['ntp']:.4f} nats/byte.")


@claim("token_distill.light.only_new_rows_change", kind="empirical", evidence=("sanity",),
       where="code: gradient surgery and its torch.equal check (train_loop.py L308-L332)",
       statement="In every run, after distillation and after next-token training, every LM "
       "parameter and every original input row is bit-identical to the trained LM's "
       "(torch.equal), and the new rows moved.",
       source=("code", REPO + ":token_distillation/token_distillation/train_loop.py:L308-L332"),
       setting=("analogue", "our byte LM and trainer; the rule is the code's"))
def _rows(quick: bool = False):
    from numerics.token_distill.experiments import results

    r = results(quick)
    j = Judge()
    j.fact("all parameters but the new rows bit-identical", r["bit_identical"])
    j.fact("the new rows moved (td and ntp)", r["new_rows_moved"])
    return j.evidence(note="AdamW with weight decay 0 over the input table, gradients of the 256 "
                      "byte rows zeroed every step (theory: token_distill.opt.surgery_bit_identical).")


_LLM = ("needs open-weight LLMs (the README's example is Llama-3.1-8B-Instruct), their "
        "corpora (PubMed, FineWeb-2) and GPU time; the paper's tables were not seen either")


@claim("token_distill.paper.llm_benchmarks", kind="empirical", evidence=("observation",),
       where="abstract; experiments (tables not seen)", expected="unavailable",
       statement="On a wide range of open-weight LLMs, for biomedical domain terms and for "
       "language adaptation, Token Distillation outperforms heuristic initialisations, the "
       "pretrained hypernetwork ZeTT and next-token embedding training.",
       source=("abstract", "arXiv 2505.20133 abstract (a wide range of open-weight models, "
               "outperforms even strong baselines); the baselines named as in " + REPO
               + ":README.md:L11 and the two settings as in paper/new_tokens/"),
       setting=("analogue", "not run: LLM scale"))
def _llm(quick: bool = False):
    raise Unavailable(_LLM)


@claim("token_distill.paper.llm_judge_eval", kind="empirical", evidence=("observation",),
       where="experiments (LLM-as-a-judge; the repo's Llama-3.1-70B templates)",
       expected="unavailable",
       statement="Generations with the new tokens, judged for correctness and similarity by an "
       "LLM judge, favour Token Distillation over the baselines.",
       source=("secondary", "the 'Definition Generation Quality' table of the public summary "
               "zhaoyang97/Paper-Notes-en@62d684b1fbd695af03b179217c04fadb9c8aab4b:docs/ICLR2026/"
               "model_compression/token_distillation_attention-aware_input_embeddings_for_new_"
               "tokens.md (Token Distillation 68.5 / 74.4 vs NTP 52.0 / 59.4); the judge prompt "
               "templates in " + REPO + ":paper/llm_as_a_judge_evals/; the printed results were "
               "not seen"),
       setting=("analogue", "not run: needs a 70B judge"))
def _judge(quick: bool = False):
    raise Unavailable("needs a 70B-parameter judge model and the LLM-scale runs; " + _LLM)


@claim("token_distill.paper.td_plus_ntp", kind="empirical", evidence=("observation",),
       where="README (Token Distillation + α NTP, 'CE-auto-weighted')", expected="unavailable",
       statement="Token Distillation + α NTP, the distillation loss plus next-token prediction "
       "weighted by α = L_d / L_CE (held fixed within a step), is one of the paper's arms, and "
       "it can improve the new embeddings over distillation alone.",
       source=("code", REPO + ":README.md:L95-L96 (the DistillationConfig example: "
               "'Token Distillation + alpha NTP in the paper', loss_methods MSE-on-hiddens plus "
               "CE-auto-weighted) and token_distillation/token_distillation/train_loop.py:"
               "L286-L289 (α from the paper, loss.item() / ce_loss.item()); whether it improves "
               "is read from the public summary's tables (Paper-Notes-en, 64.7 vs 64.6 and "
               "76.7 / 83.3 vs 68.5 / 74.4), the printed comparison was not seen"),
       setting=("analogue", "not run"))
def _td_ntp_combo(quick: bool = False):
    raise Unavailable("the paper's numbers for this arm were not seen and the light run does "
                      "not include it (time budget on 2 shared cores); " + _LLM)


@claim("token_distill.paper.snippet_returns", kind="empirical", evidence=("observation",),
       where="README (diminishing returns beyond 50-token snippets and 100 snippets per token)",
       expected="unavailable",
       statement="Returns diminish beyond snippets of 50 tokens and 100 snippets per token "
       "(the authors' hedge: this may vary with the model and the kind of new tokens).",
       source=("code", REPO + ":README.md:L119 (diminishing returns for snippet_len beyond 50 "
               "and snippets_per_token beyond 100); the printed ablation, if any, was not seen"),
       setting=("analogue", "not run: LLM scale"))
def _returns(quick: bool = False):
    raise Unavailable("a statement about LLM-scale runs; " + _LLM)
