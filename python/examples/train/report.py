"""Learning curves of the training examples: a CSV row per evaluation, a PNG redrawn from it.

Each evaluation is a duplicate tournament (``tabletop_env.distributed.tournament``): every deal
played once per seat, so the agent and the bot hold the same cards in turn; ``mean`` is the
agent's mean return per game over the deals and ``ci95`` the half-width of its 95% interval.
"""

import csv
import pathlib

import matplotlib

matplotlib.use("Agg")  # files only: no display is needed
import matplotlib.pyplot as plt  # noqa: E402 - after the backend is chosen

#: The CSV's columns: seconds of training, environment steps (every seat's moves in every
#: slot), the learner's decisions, its mean training return over the episodes ended since
#: the last row, then the evaluation's deals, mean and 95% half-width.
COLUMNS = ["seconds", "env_steps", "decisions", "train_return", "eval_deals", "eval_mean",
           "eval_ci95"]


class Curve:
    """``<out>/curve.csv`` and ``<out>/curve.png`` of one run, titled ``title``, the return
    in ``unit`` (the bot's level, 0 in duplicate deals, is drawn as a line)."""

    def __init__(self, out, title, unit):
        self.out = pathlib.Path(out)
        self.out.mkdir(parents=True, exist_ok=True)
        self.title, self.unit = title, unit
        self.rows = []
        with open(self.out / "curve.csv", "w", newline="") as f:
            csv.writer(f).writerow(COLUMNS)

    def add(self, **row):
        """Appends a row (every name of ``COLUMNS``) to the CSV and redraws the PNG."""
        self.rows.append([row[name] for name in COLUMNS])
        with open(self.out / "curve.csv", "a", newline="") as f:
            csv.writer(f).writerow(self.rows[-1])
        self.plot()

    def plot(self):
        """Two panels, against minutes and against environment steps: the evaluation's mean
        return with its 95% interval, and the training return."""
        columns = dict(zip(COLUMNS, map(list, zip(*self.rows))))
        mean, ci = columns["eval_mean"], columns["eval_ci95"]
        fig, axes = plt.subplots(1, 2, figsize=(11, 4), sharey=True)
        for ax, x, label in ((axes[0], [s / 60 for s in columns["seconds"]], "minutes of training"),
                             (axes[1], columns["env_steps"], "environment steps")):
            ax.errorbar(x, mean, yerr=ci, marker="o", capsize=3, label="evaluation (95% interval)")
            ax.plot(x, columns["train_return"], alpha=0.6, label="training episodes (sampled)")
            ax.axhline(0, color="grey", linestyle="--", label="the bot (duplicate deals)")
            ax.set_xlabel(label)
            ax.grid(alpha=0.3)
        axes[0].set_ylabel(f"mean return per game ({self.unit})")
        axes[0].legend(loc="lower right", fontsize=8)
        fig.suptitle(self.title)
        fig.tight_layout()
        fig.savefig(self.out / "curve.png", dpi=80)
        plt.close(fig)
