"""Token Distillation on a small byte-level LM trained offline on Python's standard library
(torch): the corpus and mined new tokens (:mod:`.corpus`), the LM (:mod:`.model`), the trainer
of new rows with the baselines (:mod:`.distill`) and the experiment (:mod:`.experiments`)."""
