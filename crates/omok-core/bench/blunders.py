#!/usr/bin/env python3
"""Finds where omok-engine lost its games against Rapfi: Rapfi, at a high node cap, judges the
position before and after each of omok-engine's moves.

    python3 crates/omok-core/bench/blunders.py GAMES.sgf RULE [NODES] [COLOUR]

GAMES is a c-gomoku-cli SGF file of `bench/rapfi.sh match` (the engines named `omok` and
`rapfi`), RULE its rule (0 freestyle, 1 standard, 4 renju), NODES Rapfi's cap a position (default
300000), COLOUR `B` or `W`: only the games omok-engine lost with that colour (default both).
Rapfi is `$WORK/pbrain-rapfi` (WORK as in rapfi.sh, default /tmp/omok-rapfi).

A line per lost game: its number, then per move of omok-engine's from the fourth on
`n:played/rapfi's before->after`, where `before` is Rapfi's evaluation for omok-engine to
move and `after` Rapfi's for the opponent once the move is played (`+M11`: the side to move
wins in 11 plies). The game's line stops at the first move after which the opponent wins.
"""

import os
import re
import subprocess
import sys

WORK = os.environ.get("WORK", "/tmp/omok-rapfi")


def judge(moves, rule, nodes):
    """Rapfi's evaluation of the position after `moves` (SGF points) and its move there."""
    mover = len(moves) % 2
    lines = ["START 15", f"INFO rule {rule}", "INFO timeout_turn 600000",
             "INFO timeout_match 100000000", f"INFO max_node {nodes}", "BOARD"]
    lines += [f"{ord(m[0]) - 97},{ord(m[1]) - 97},{1 if i % 2 == mover else 2}"
              for i, m in enumerate(moves)]
    lines.append("DONE")
    # Rapfi stops thinking at any input: END only once it has answered.
    rapfi = subprocess.Popen([f"{WORK}/pbrain-rapfi"], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)
    rapfi.stdin.write("\n".join(lines) + "\n")
    rapfi.stdin.flush()
    evaluation, best = None, None
    for line in rapfi.stdout:
        if found := re.search(r"Eval (\S+)", line):
            evaluation = found.group(1)
        if answer := re.fullmatch(r"(\d+),(\d+)", line.strip()):
            best = "".join(chr(97 + int(c)) for c in answer.groups())
            break
    rapfi.stdin.write("END\n")
    rapfi.stdin.close()
    rapfi.wait()
    return evaluation, best


def lost_games(path, colour):
    """(number, omok-engine's colour, moves) of each game omok-engine lost."""
    for game in open(path).read().split("(;FF")[1:]:
        number = re.search(r"GN\[(\d+)\]", game).group(1)
        ours = "B" if re.search(r"PB\[(\w+)\]", game).group(1) == "omok" else "W"
        result = re.search(r"RE\[([^\]]*)\]", game).group(1)
        if result[:1] in "BW" and not result.startswith(ours) and colour in (None, ours):
            yield number, ours, [m for _, m in re.findall(r";([BW])\[(\w\w)\]", game)]


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    path, rule = sys.argv[1], sys.argv[2]
    nodes = sys.argv[3] if len(sys.argv) > 3 else "300000"
    colour = sys.argv[4] if len(sys.argv) > 4 else None
    if not os.path.isfile(path):
        sys.exit(f"blunders.py: no file {path}")
    if rule not in ("0", "1", "4") or not nodes.isdigit() or colour not in (None, "B", "W"):
        sys.exit(f"blunders.py: RULE is 0, 1 or 4, NODES a whole number, COLOUR B or W\n{__doc__}")
    if not os.access(f"{WORK}/pbrain-rapfi", os.X_OK):
        sys.exit(f"blunders.py: no Rapfi at {WORK}/pbrain-rapfi (bench/rapfi.sh build makes it; set WORK)")
    for number, ours, moves in lost_games(path, colour):
        judged = []
        for n in range(3, len(moves)):
            if (n % 2 == 0) != (ours == "B"):
                continue
            before, best = judge(moves[:n], rule, nodes)
            after, _ = judge(moves[: n + 1], rule, nodes)
            judged.append(f"{n}:{moves[n]}/{best} {before}->{after}")
            if after and after.startswith("+M"):
                break
        print(number, " | ".join(judged), flush=True)


if __name__ == "__main__":
    main()
