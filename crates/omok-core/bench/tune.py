#!/usr/bin/env python3
"""Fits the weights of omok-engine's evaluation to the results of played games (the Texel
method: a logistic regression of each position's result on the evaluation's terms).

    python3 crates/omok-core/bench/tune.py GAMES.sgf [...]

GAMES are c-gomoku-cli SGF files (`bench/rapfi.sh` writes them: 15x15, rule 0 freestyle,
1 standard, 4 renju). Every position after the fourth move that the search would evaluate
is a sample (`src/search/tune.rs` writes its features: the line classes of the empty points,
the bonus threats, each for the player to move less the opponent's, and the best threat of
each side); its label is the game's result for the player to move. The fit is a Newton
descent on the log loss. It prints the log loss of the weights in the source and of the
fitted ones, on the games left out of the fit (every fifth) and on all of them, and the
fitted weights as the source writes them: `LineClass::value`, the bonuses of `combine`
(pattern.rs), `MOVER_THREAT` and `WAITER_THREAT` (search/mod.rs). Needs numpy.
"""

import os
import pathlib
import re
import subprocess
import sys
import tempfile

try:
    import numpy as np
except ImportError:
    sys.exit("tune.py needs numpy: run it with the venv that .ci/run makes (.venv-ci/bin/python) "
             "or after `pip install numpy`")

ROOT = pathlib.Path(__file__).resolve().parents[3]
RULES = {"0": "freestyle", "1": "standard", "4": "renju"}
RESULTS = {"B+1": 1.0, "W+1": 0.0, "0": 0.5}
CLASSES = ["Dead", "One", "Two", "OpenTwo", "Three", "OpenThree", "Four", "FourFour",
           "OpenFour", "Five", "Overline"]
BONUSES = ["DoubleThree", "FourThree", "OpenFour"]
THREATS = ["Forbidden", "None", "Three", "DoubleThree", "Four", "FourThree", "OpenFour", "Five"]
# The weights in the source, in the order of the features.
SOURCE = ([0, 4, -2, 29, 32, 219, 450, 535, 562, 0, 0] + [163, 1177, 174]
          + [0, -225, -557, -1234, -848, 2390, 5000, 5000]
          + [-w for w in [0, 0, -1359, -2609, -2226, -2992, -1766, 2000]])
# Fitted: the classes and bonuses seen in samples; the best threats but a baseline of each
# side (Forbidden for the mover; Forbidden and None for the opponent) and those the samples
# exclude (the mover's open four and five, the opponent's five).
FREE = ([1, 2, 3, 4, 5, 6, 7, 8] + [11, 12, 13] + [14 + t for t in range(1, 6)]
        + [22 + t for t in range(2, 7)])
# Evaluation points per unit of log-odds. The first (hand-set) weights fitted the results
# best as a logistic of 0.0003 times the evaluation; at that scale the fitted weights spread
# 3.5 times more, so they are divided by 3.5 to keep the evaluation's spread (its aspiration
# window is in points).
POINTS = 1 / (0.0003 * 3.5)


def games(paths):
    """(rule, black's result, moves) of every finished 15x15 game in the SGF files."""
    for path in paths:
        for game in pathlib.Path(path).read_text().split("(;")[1:]:
            rule, size, result = (re.search(rf"{k}\[([^\]]*)\]", game) for k in ("RU", "SZ", "RE"))
            if not (rule and size and result) or size.group(1) != "15":
                continue
            if rule.group(1) not in RULES or result.group(1) not in RESULTS:
                continue
            moves = [f"{ord(x) - 97},{ord(y) - 97}" for x, y in re.findall(r";[BW]\[([a-o])([a-o])\]", game)]
            yield RULES[rule.group(1)], RESULTS[result.group(1)], moves


def features(paths):
    """The samples' game numbers, labels and features, from `src/search/tune.rs`."""
    with tempfile.TemporaryDirectory() as tmp:
        positions, out = pathlib.Path(tmp, "positions"), pathlib.Path(tmp, "features.csv")
        lines = [f"{rule};{black};{' '.join(moves)}" for rule, black, moves in games(paths)]
        positions.write_text("\n".join(lines) + "\n")
        env = dict(os.environ, OMOK_TUNE_POSITIONS=str(positions), OMOK_TUNE_FEATURES=str(out))
        subprocess.run(["cargo", "test", "--release", "-q", "-p", "omok-core", "--lib",
                        "search::tune", "--", "--ignored"], cwd=ROOT, env=env, check=True,
                       stdout=subprocess.DEVNULL)
        data = np.loadtxt(out, delimiter=",", ndmin=2).reshape(-1, 2 + len(SOURCE))
    print(f"{len(lines)} games, {len(data)} positions")
    return data[:, 0], data[:, 1], data[:, 2:]


def fit(x, y):
    """Logistic regression weights (no intercept) by Newton's method."""
    theta = np.zeros(x.shape[1])
    for _ in range(100):
        p = 1 / (1 + np.exp(-(x @ theta)))
        hessian = (x * (p * (1 - p))[:, None]).T @ x / len(y) + 1e-6 * np.eye(x.shape[1])
        step = np.linalg.solve(hessian, x.T @ (p - y) / len(y))
        theta -= step
        if np.abs(step).max() < 1e-10:
            break
    return theta


def log_loss(z, y):
    p = np.clip(1 / (1 + np.exp(-z)), 1e-9, 1 - 1e-9)
    return float(-(y * np.log(p) + (1 - y) * np.log(1 - p)).mean())


def main(paths):
    missing = [p for p in paths if not pathlib.Path(p).is_file()]
    if missing:
        sys.exit(f"no such file: {', '.join(missing)}")
    game, y, x = features(paths)
    if len(y) == 0:
        sys.exit("the files hold no finished 15x15 game with positions to fit")
    source = np.array(SOURCE, float)
    # The source's evaluation at its best logistic scale.
    scale = min(np.linspace(1e-5, 1e-2, 1000), key=lambda k: log_loss(k * (x @ source), y))
    held_out = game % 5 == 0
    theta = fit(x[~held_out][:, FREE], y[~held_out])
    print(f"held out: source {log_loss(scale * (x[held_out] @ source), y[held_out]):.4f}, "
          f"fitted {log_loss(x[held_out][:, FREE] @ theta, y[held_out]):.4f}")
    theta = fit(x[:, FREE], y)
    print(f"all: source {log_loss(scale * (x @ source), y):.4f}, fitted {log_loss(x[:, FREE] @ theta, y):.4f}")
    weights = source.copy()
    weights[FREE] = np.round(theta * POINTS)
    names = CLASSES + [f"bonus {b}" for b in BONUSES] + [f"MOVER_THREAT {t}" for t in THREATS] \
        + [f"-WAITER_THREAT {t}" for t in THREATS]
    for k in FREE:
        print(f"{names[k]:26} {SOURCE[k]:7} -> {int(weights[k]):7}")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
