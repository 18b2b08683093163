"""Torch engines of the BLAE topic: the MLP autoencoder, decoder Jacobians, BLAE training with
the paper's and the released code's losses, the baselines, and the evaluation."""
