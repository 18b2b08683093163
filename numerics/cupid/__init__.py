"""CUPID in torch: the plug-in module (MLP and the released conv form), its loss, host splitting,
training, scores, MC-dropout and the digits experiments (modules imported by name)."""
