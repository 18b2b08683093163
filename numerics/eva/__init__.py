"""Light torch replication of EVA (arXiv 2505.11165): an RWKV-6-style event-by-event encoder on
event streams made from translated scikit-learn digits, read out at several times along the
stream, with and without self-supervised multi-representation pre-training."""
