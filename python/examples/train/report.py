"""Learning curves of the training examples: a CSV row per evaluation, a PNG redrawn from it.

An evaluation against a bot is a duplicate tournament (``tabletop_env.distributed.tournament``):
every deal played once per rotation of the seats, so the agent and the bot hold the same cards
in turn; ``mean`` is the agent's mean return per game over the deals and ``ci95`` the
half-width of its 95% interval.
"""

import contextlib
import csv
import pathlib
import time

import matplotlib

matplotlib.use("Agg")  # files only: no display is needed
import matplotlib.pyplot as plt  # noqa: E402 - after the backend is chosen
from tqdm import tqdm  # noqa: E402

class Budget:
    """When a run stops, and its progress bar: after ``minutes`` of training (the time spent
    in ``timed`` blocks, so evaluations are left out; ``None``: no limit) or ``count`` units
    (``None``: no limit), whichever comes first. The bar counts the units when ``count`` is
    given, else the seconds."""

    def __init__(self, minutes, count, unit, progress=True):
        self.limit = float("inf") if minutes is None else minutes * 60
        self.count, self.seconds, self.done = count, 0.0, 0
        total = count or (None if minutes is None else int(self.limit))
        self.bar = tqdm(total=total, disable=not progress, unit=unit if count else "s")

    def left(self):
        """Whether the run goes on."""
        return (self.count is None or self.done < self.count) and self.seconds < self.limit

    @contextlib.contextmanager
    def timed(self):
        """Counts the block's time as training."""
        tick = time.monotonic()
        yield
        self.seconds += time.monotonic() - tick

    def advance(self, units, **postfix):
        """Counts ``units`` done and shows ``postfix`` beside the bar."""
        self.done += units
        self.bar.update(units if self.count else int(self.seconds) - self.bar.n)
        if postfix:
            self.bar.set_postfix(**postfix)


#: The columns of a run against a bot: seconds of training, environment steps (every seat's
#: moves in every slot), the learner's decisions, its mean training return over the episodes
#: ended since the last row, then the evaluation's deals, mean and 95% half-width.
EVAL_COLUMNS = ["seconds", "env_steps", "decisions", "train_return", "eval_deals",
                "eval_mean", "eval_ci95"]


class Curve:
    """``<out>/curve.csv`` with ``columns`` and ``<out>/curve.png``, which ``draw(columns,
    figure_path)`` redraws from every row so far (``columns``: name to list of values)."""

    def __init__(self, out, columns, draw):
        self.out = pathlib.Path(out)
        self.out.mkdir(parents=True, exist_ok=True)
        self.columns, self.draw = columns, draw
        self.rows = []
        with open(self.out / "curve.csv", "w", newline="") as f:
            csv.writer(f).writerow(columns)

    def add(self, **row):
        """Appends a row (a value for every column) to the CSV and redraws the PNG."""
        self.rows.append([row[name] for name in self.columns])
        with open(self.out / "curve.csv", "a", newline="") as f:
            csv.writer(f).writerow(self.rows[-1])
        self.draw(dict(zip(self.columns, map(list, zip(*self.rows)))), self.out / "curve.png")


def against_a_bot(title, unit):
    """The drawing of ``EVAL_COLUMNS``: against minutes and against environment steps, the
    evaluation's mean return with its 95% interval, the training return, and the bot's level
    (0 in duplicate deals)."""

    def draw(columns, path):
        mean, ci = columns["eval_mean"], columns["eval_ci95"]
        fig, axes = plt.subplots(1, 2, figsize=(11, 4), sharey=True)
        for ax, x, label in ((axes[0], [s / 60 for s in columns["seconds"]], "minutes of training"),
                             (axes[1], columns["env_steps"], "environment steps")):
            ax.errorbar(x, mean, yerr=ci, marker="o", capsize=3, label="evaluation (95% interval)")
            ax.plot(x, columns["train_return"], alpha=0.6, label="training episodes (sampled)")
            ax.axhline(0, color="grey", linestyle="--", label="the bot (duplicate deals)")
            ax.set_xlabel(label)
            ax.grid(alpha=0.3)
        axes[0].set_ylabel(f"mean return per game ({unit})")
        axes[0].legend(loc="lower right", fontsize=8)
        _save(fig, title, path)

    return draw


def _save(fig, title, path):
    fig.suptitle(title)
    fig.tight_layout()
    fig.savefig(path, dpi=80)
    plt.close(fig)


def panels(title, x, x_label, series):
    """A drawing of one panel per ``(ylabel, [column, ...])`` of ``series`` against column
    ``x`` (labelled ``x_label``)."""

    def draw(columns, path):
        fig, axes = plt.subplots(1, len(series), figsize=(5.5 * len(series), 4), squeeze=False)
        for ax, (ylabel, names) in zip(axes[0], series):
            for name in names:
                ax.plot(columns[x], columns[name], marker=".", label=name.replace("_", " "))
            ax.set_xlabel(x_label)
            ax.set_ylabel(ylabel)
            ax.grid(alpha=0.3)
            ax.legend(fontsize=8)
        _save(fig, title, path)

    return draw
