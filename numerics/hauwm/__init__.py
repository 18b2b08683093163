"""Light torch experiment of the hauwm topic: a small probabilistic ensemble conditioned on the
horizon h, trained with each candidate loss form (:mod:`theory.hauwm._losses`) on processes whose
Var[x_{t+h} | x_t] is known, and its calibration per horizon. Torch lives in
``numerics.hauwm.model`` and ``numerics.hauwm.experiments`` (imported by name)."""
