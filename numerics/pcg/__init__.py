"""Light torch replication of Tao & Barkeshli (arXiv 2510.26792): a small causal transformer
trained in context on truncated-LCG sequences from disjoint (a, c) pools, per-position test
accuracy on unseen (a, c), and the exact classical predictor beside it."""
