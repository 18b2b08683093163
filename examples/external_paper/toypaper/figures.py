"""The paper's figure: the measured gain per seed."""

from iclr26_verify import figure


@figure("toypaper", "gains", claims=("toypaper.sec3.gain_positive",))
def gains_figure(quick: bool = False):
    """The measured gain of each of the 8 seeds, with the paper's 0.5 as a line."""
    import matplotlib.pyplot as plt

    from toypaper.experiments import gains

    g = gains(8)
    fig, ax = plt.subplots(figsize=(4, 3))
    ax.plot(range(len(g)), g, "o")
    ax.axhline(0.5, color="grey", linestyle="--", label="paper: 0.5")
    ax.set(xlabel="seed", ylabel="mean gain", title="measured gain per seed")
    ax.legend()
    return fig, {"seed": list(range(len(g))), "gain": list(g)}
