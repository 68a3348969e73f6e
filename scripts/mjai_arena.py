#!/usr/bin/env python3
"""Plays the `mjai-bot` program in libriichi's arena against the PyPI `mjai` package's
rule-based bots, and reports its average placement and rank points with 95% intervals.

A benchmark, not a CI test. Usage:

    python3 scripts/mjai_arena.py [--hanchan 200] [--bot efficiency] [--venv /tmp/mjai-arena-venv]
        [--seed 10000] [--start 0]

Hanchan `h` plays seed `seed + h // 4` with our bot in seat `h % 4`; `--start` resumes a run.

It creates the venv with `mjai==0.2.1` when missing, builds `target/release/mjai-bot`, and
plays each hanchan with our bot in one seat and three `mjai.bot.RulebaseBot`s, in duplicate:
each seed four times, our bot in seat 0, 1, 2, 3 in turn. An invalid action by any bot is an error of the arena (mjai.app's
chombo `ryukyoku` with `reason` `error`), counted and reported.

Two workarounds, both of the `mjai` 0.2.1 package, not of our bot:
- its engine sends the game index, not the seat, as `id` in `start_game`: every bot here is
  told its seat by its player id, and `start_game` is rewritten with the seat;
- its `RulebaseBot` raises after a kan of its own (`think` reads a state whose hand has
  changed size): the rule-based seat then answers as `mjai.Bot.think` does by default
  (tsumogiri, or nothing), which is always legal.
"""

import argparse
import gzip
import json
import math
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RANK_POINTS = [90, 45, 0, -135]


def ensure_venv(venv: Path) -> Path:
    python = venv / "bin" / "python"
    if not python.exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "-q", "mjai==0.2.1"], check=True)
    return python


def mask(events, seat):
    """The events as `seat` may see them (the arena gives the whole truth)."""
    out = []
    for ev in events:
        ev = dict(ev)
        if ev["type"] == "tsumo" and ev["actor"] != seat:
            ev["pai"] = "?"
        if ev["type"] == "start_kyoku":
            ev["tehais"] = [t if i == seat else ["?"] * 13 for i, t in enumerate(ev["tehais"])]
        out.append(ev)
    return out


class Engine:
    """An arena agent. libriichi's arena plays several games at once (the seats rotated),
    and this agent sits in each at seat `player_ids[game]`: it keeps one bot per game,
    made by `make(seat) -> (react, close)`, and sends it the events since its last answer,
    one JSON array per line."""

    engine_type = "mjai-log"

    def __init__(self, name, make):
        self.name = name
        self.make = make
        self.player_ids = []
        self.games = {}
        self.results = []

    def set_player_ids(self, player_ids):
        self.player_ids = player_ids

    def react_batch(self, game_states):
        answers = []
        for state in game_states:
            game = self.games[state.game_index]
            events = json.loads(state.events_json)
            if game["sent"] > len(events):
                game["sent"] = 0
            new = mask(events[game["sent"]:], game["seat"])
            game["sent"] = len(events)
            answers.append(game["react"](json.dumps(new, separators=(",", ":"))) if new else '{"type":"none"}')
        return answers

    def start_game(self, game_idx):
        # Workaround: the package's engine sends `id: game_idx`; the seat is the player id.
        seat = self.player_ids[game_idx]
        react, close = self.make(seat)
        self.games[game_idx] = {"seat": seat, "react": react, "close": close, "sent": 0}
        react(json.dumps([{"type": "start_game", "id": seat}]))

    def end_kyoku(self, game_idx):
        self.games[game_idx]["react"]('[{"type":"end_kyoku"}]')
        self.games[game_idx]["sent"] = 0

    def end_game(self, game_idx, scores):
        game = self.games.pop(game_idx)
        game["react"]('[{"type":"end_game"}]')
        game["close"]()
        self.results.append((game["seat"], list(scores)))


def our_bot(binary, bot, seed, seat):
    proc = subprocess.Popen(
        [binary, str(seat), "--bot", bot, "--seed", str(seed)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def react(line):
        proc.stdin.write(line + "\n")
        proc.stdin.flush()
        return proc.stdout.readline().strip()

    def close():
        proc.stdin.close()
        proc.wait()

    return react, close


def rulebase_bot(seat):
    from mjai.bot.rulebase import RulebaseBot
    from mjai import Bot

    bot = RulebaseBot(player_id=seat)

    def react(line):
        answer = bot.react(line)
        # Workaround: RulebaseBot.think raises after its own kan; `react` then answers
        # `none` even when it must discard. Answer as the base Bot would.
        if answer == '{"type":"none"}' and bot.can_discard:
            answer = Bot.think(bot)
        return answer

    return react, lambda: None


def mean_ci(values):
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.96 * math.sqrt(var / n)


def places(scores):
    order = sorted(range(4), key=lambda i: (-scores[i], i))
    return [order.index(i) + 1 for i in range(4)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--hanchan", type=int, default=200)
    ap.add_argument("--bot", default="efficiency")
    ap.add_argument("--venv", default="/tmp/mjai-arena-venv")
    ap.add_argument("--seed", type=int, default=10000)
    ap.add_argument("--start", type=int, default=0, help="the first hanchan's number (to resume a run)")
    args = ap.parse_args()
    python = ensure_venv(Path(args.venv))
    if Path(sys.executable).resolve() != python.resolve():
        os.execv(str(python), [str(python), __file__] + sys.argv[1:])
    subprocess.run(["cargo", "build", "--release", "--bin", "mjai-bot"], cwd=ROOT, check=True)
    binary = str(ROOT / "target" / "release" / "mjai-bot")

    from mjai.mlibriichi.arena import Match

    # Duplicate: each seed is played four times, our bot in each seat in turn.
    our_places, errors, started = [], 0, time.time()
    for h in range(args.start, args.start + args.hanchan):
        seat = h % 4
        ours = Engine("mjai-bot", lambda s: our_bot(binary, args.bot, h, s))
        engines = [Engine(f"rulebase{i}", rulebase_bot) for i in range(4)]
        engines[seat] = ours
        with tempfile.TemporaryDirectory() as log_dir:
            Match(log_dir=log_dir).py_match(*engines, seed_start=(args.seed + h // 4, 2000))
            for path in Path(log_dir).glob("*"):
                for line in gzip.open(path, "rt"):
                    event = json.loads(line)
                    errors += event["type"] == "ryukyoku" and event.get("reason") == "error"
        for game_seat, scores in ours.results:
            our_places.append(places(scores)[game_seat])
            print(f"hanchan {h + 1}: seat {game_seat}, scores {scores}, place {our_places[-1]}", flush=True)
    place, place_ci = mean_ci(our_places)
    rank, rank_ci = mean_ci([RANK_POINTS[p - 1] for p in our_places])
    print(f"{len(our_places)} hanchan in {time.time() - started:.0f} s; errors (invalid actions): {errors}")
    print(f"mjai-bot --bot {args.bot}: mean place {place:.3f} ± {place_ci:.3f}, "
          f"rank points {rank:.1f} ± {rank_ci:.1f} (95%)")


if __name__ == "__main__":
    main()
