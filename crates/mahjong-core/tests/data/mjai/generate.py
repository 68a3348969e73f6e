"""Writes the mjai fixture logs of this folder with two other engines (run by hand, not by CI).

    python3 -m venv /tmp/mjvenv
    /tmp/mjvenv/bin/pip install mjai==0.2.1 riichienv==0.4.11
    /tmp/mjvenv/bin/python generate.py                     # writes the logs
    /tmp/mjvenv/bin/python generate.py scan 120            # what libriichi games 1..=120 hold
    /tmp/mjvenv/bin/python generate.py scan-riichienv 240  # the same for riichienv
    /tmp/mjvenv/bin/python generate.py scan-sanma tenhou 1 300  # riichienv's sanma games
    /tmp/mjvenv/bin/python generate.py write-sanma tenhou 1 300 DIR  # ... written to DIR

Both engines play whole hanchan under their Tenhou rules, driven by the simple player
below (`Chooser`): it always answers a legal action, takes every win, declares most kans,
riichi and kyuushu kyuuhai it may, calls some pons and chis, and otherwise discards a tile
that keeps its shanten lowest. The players only choose; the engines deal, check every
action and write the logs.

- `mjai.mlibriichi.arena.Match` (Mortal's libriichi arena as the mjai 0.2.1 package ships
  it) plays with Python agents (`MlibriichiAgent`, answering from `PlayerState`); its
  `RulebaseBot` is not used (it fails after a kan of its own), nor its Docker engine (it
  sends the game index as the seat in `start_game`).
- `riichienv.RiichiEnv` (game mode 2: a four-player hanchan, `GameRule.default_tenhou()`)
  with `RiichiEnvAgent` choosing among `Observation.legal_actions()`; its `mjai_log` is
  written one JSON object per line as the engine gives it.
- The same engine's three-player hanchan (game mode 5, sanma) under
  `GameRule.default_tenhou()` or `default_mjsoul()`, the player also declaring kita (North
  set aside) 9 times in 10 and counting shanten with `calculate_shanten_3p`.
"""

import gzip
import json
import random
import sys
import tempfile
from pathlib import Path

from mahjong.shanten import Shanten
from mjai.mlibriichi.arena import Match
from riichienv import ActionType, GameRule, RiichiEnv, calculate_shanten, calculate_shanten_3p

HERE = Path(__file__).resolve().parent
# The games: libriichi's seed pair and this player's seed, riichienv's seed. Chosen with
# `generate.py scan 120` and `generate.py scan-riichienv 240` for what each log holds (see
# the README).
MLIBRIICHI_GAMES = [((k, k), k) for k in (11, 16, 18, 42, 44)]
RIICHIENV_GAMES = [58, 59, 221, 236]
# riichienv's three-player hanchan: (the GameRule, seed), chosen with `generate.py
# scan-sanma` for what each log holds (see the README).
RIICHIENV_SANMA_GAMES = [("tenhou", k) for k in (142, 252, 363, 383)]
SANMA_RULES = {"tenhou": GameRule.default_tenhou, "mjsoul": GameRule.default_mjsoul}

SUITS = "mps"
HONORS = ["E", "S", "W", "N", "P", "F", "C"]
# How often the player takes an offered action of each kind (wins always).
TAKE = {"ryukyoku": 0.7, "kita": 0.9, "ankan": 0.9, "kakan": 0.9, "daiminkan": 0.7,
        "reach": 0.9, "pon": 0.5, "chi": 0.3}


def tile_name(index):
    """The mjai name of tile kind 0..33."""
    return HONORS[index - 27] if index >= 27 else f"{index % 9 + 1}{SUITS[index // 9]}"


def tile_index(name):
    """The kind 0..33 of an mjai tile name (red fives as fives)."""
    if name in HONORS:
        return 27 + HONORS.index(name)
    return SUITS.index(name[1]) * 9 + int(name[0]) - 1


class Chooser:
    """Picks among offered actions: every win, most kans and riichi, some calls, and a
    shanten-keeping discard."""

    def __init__(self, seed):
        self.rng = random.Random(seed)

    def choose(self, options, discards, shanten_after):
        """`options`: (kind, action) pairs other than discards; `discards`: discard
        actions; `shanten_after(action)`: the shanten after that discard."""
        for kind in ["hora", "ryukyoku", "kita", "ankan", "kakan", "daiminkan", "reach", "pon", "chi"]:
            offered = [a for k, a in options if k == kind]
            if offered and (kind == "hora" or self.rng.random() < TAKE[kind]):
                return self.rng.choice(offered)
        if discards:
            scored = [(shanten_after(d), i) for i, d in enumerate(discards)]
            best = min(s for s, _ in scored)
            return discards[self.rng.choice([i for s, i in scored if s == best])]
        passes = [a for k, a in options if k == "pass"]
        return passes[0] if passes else None


class MlibriichiAgent:
    """A Python agent of libriichi's arena: it lists every action the `PlayerState` may
    take, keeps those `validate_reaction` accepts, and lets the `Chooser` pick."""

    def __init__(self, name, seed):
        self.engine_type = "mjai-log"
        self.name = name
        self.player_ids = []
        self.chooser = Chooser(seed)
        self.shanten = Shanten()

    def set_player_ids(self, player_ids):
        self.player_ids = player_ids

    def start_game(self, game_idx):
        pass

    def end_kyoku(self, game_idx):
        pass

    def end_game(self, game_idx, scores):
        pass

    def react_batch(self, game_states):
        return [self.react(gs.state, json.loads(gs.events_json)) for gs in game_states]

    def valid(self, state, actions):
        ok = []
        for action in actions:
            try:
                state.validate_reaction(json.dumps(action))
                ok.append(action)
            except BaseException:  # the engine raises a Rust panic type on refusal
                pass
        return ok

    def copies(self, state, index, n):
        """The ways to take `n` copies of kind `index` from the hand (with or without its
        red five)."""
        plain = [tile_name(index)] * n
        if not (index < 27 and index % 9 == 4 and state.akas_in_hand[index // 9]):
            return [plain]
        # The engine takes a plain 5 for the red one: name only the copies held.
        with_red = [[tile_name(index) + "r"] + plain[1:]]
        return with_red + ([plain] if state.tehai[index] > n else [])

    def react(self, state, events):
        me = state.player_id
        cans = state.last_cans
        last = events[-1]
        options = []
        if cans.can_tsumo_agari:
            options.append(("hora", {"type": "hora", "actor": me, "target": me,
                                     "pai": state.last_self_tsumo()}))
        if cans.can_ron_agari:
            options.append(("hora", {"type": "hora", "actor": me, "target": cans.target_actor,
                                     "pai": state.last_kawa_tile()}))
        if cans.can_ryukyoku:
            options.append(("ryukyoku", {"type": "ryukyoku", "actor": me}))
        if cans.can_riichi:
            options.append(("reach", {"type": "reach", "actor": me}))
        if cans.can_ankan:
            for t in state.ankan_candidates():
                for consumed in self.copies(state, tile_index(t), 4):
                    options.append(("ankan", {"type": "ankan", "actor": me, "consumed": consumed}))
        if cans.can_kakan:
            for t in state.kakan_candidates():
                (pai,) = self.copies(state, tile_index(t), 1)[:1]
                pons = [e for e in events if e["type"] == "pon" and e["actor"] == me
                        and tile_index(e["pai"]) == tile_index(t)]
                if pons:
                    consumed = pons[-1]["consumed"] + [pons[-1]["pai"]]
                    options.append(("kakan", {"type": "kakan", "actor": me, "pai": pai[0],
                                              "consumed": consumed}))
        if cans.can_chi or cans.can_pon or cans.can_daiminkan:
            options += self.calls(state, me, cans)
        options = [(k, a) for k, a in options if self.valid(state, [a])]
        discards = []
        if cans.can_discard:
            drawn = last["pai"] if last["type"] == "tsumo" and last["actor"] == me else None
            forbidden = state.forbidden_tiles
            for index, count in enumerate(state.tehai):
                # The arena does not refuse kuikae (a discard the call forbids under
                # Tenhou's rules); Mortal's own players never make one, nor does this one.
                if count == 0 or forbidden[index]:
                    continue
                red = index < 27 and index % 9 == 4 and state.akas_in_hand[index // 9]
                # The engine takes a plain 5 for the red one: name only the copies held.
                names = {tile_name(index) + "r"} if red else set()
                if count > int(red):
                    names.add(tile_name(index))
                for pai in names:
                    discards.append({"type": "dahai", "actor": me, "pai": pai,
                                     "tsumogiri": pai == drawn})
            discards = self.valid(state, discards)
        if cans.can_act and not options and not discards:
            options = [("pass", {"type": "none"})]
        choice = self.chooser.choose(options, discards, lambda d: self.after(state, d))
        return json.dumps(choice or {"type": "none"})

    def calls(self, state, me, cans):
        target = cans.target_actor
        pai = state.last_kawa_tile()
        index = tile_index(pai)
        options = []
        if cans.can_pon or cans.can_daiminkan:
            for n, kind in ((2, "pon"), (3, "daiminkan")):
                for consumed in self.copies(state, index, n):
                    options.append((kind, {"type": kind, "actor": me, "target": target,
                                           "pai": pai, "consumed": consumed}))
        if cans.can_chi and index < 27:
            for low in range(index - 2, index + 1):
                kinds = [k for k in range(low, low + 3) if k != index]
                if low < 0 or low // 9 != index // 9 or (low + 2) // 9 != index // 9:
                    continue
                for a in self.copies(state, kinds[0], 1):
                    for b in self.copies(state, kinds[1], 1):
                        options.append(("chi", {"type": "chi", "actor": me, "target": target,
                                                "pai": pai, "consumed": a + b}))
        return options

    def after(self, state, discard):
        hand = list(state.tehai)
        hand[tile_index(discard["pai"])] -= 1
        try:
            return self.shanten.calculate_shanten(hand)
        except Exception:
            return 8


class RiichiEnvAgent:
    """Chooses among riichienv's `Observation.legal_actions()` with the `Chooser`."""

    KINDS = {ActionType.TSUMO: "hora", ActionType.RON: "hora",
             ActionType.KYUSHU_KYUHAI: "ryukyoku", ActionType.ANKAN: "ankan",
             ActionType.KAKAN: "kakan", ActionType.DAIMINKAN: "daiminkan",
             ActionType.RIICHI: "reach", ActionType.PON: "pon", ActionType.CHI: "chi",
             ActionType.KITA: "kita", ActionType.PASS: "pass"}

    def __init__(self, seed, shanten=calculate_shanten):
        self.chooser = Chooser(seed)
        self.shanten = shanten

    def act(self, obs):
        legal = obs.legal_actions()
        options = [(self.KINDS[a.action_type], a) for a in legal
                   if a.action_type != ActionType.DISCARD]
        discards = [a for a in legal if a.action_type == ActionType.DISCARD]

        def after(action):
            hand = list(obs.hand)
            hand.remove(action.tile)
            return self.shanten(hand)

        return self.chooser.choose(options, discards, after) or legal[0]


def write_lines(path, lines):
    path.write_text("".join(line.rstrip("\n") + "\n" for line in lines))
    print(f"{path.name}: {len(lines)} lines", file=sys.stderr)


def mlibriichi_game(seeds, player_seed, path):
    with tempfile.TemporaryDirectory() as folder:
        agents = [MlibriichiAgent(f"p{i}", player_seed * 10 + i) for i in range(4)]
        Match(log_dir=folder).py_match(*agents, seed_start=seeds)
        (log,) = Path(folder).glob("*.json.gz")
        with gzip.open(log, "rt") as f:
            write_lines(path, f.read().splitlines())


def riichienv_game(seed, path):
    env = RiichiEnv(game_mode=2, seed=seed, rule=GameRule.default_tenhou())
    obs = env.reset()
    agents = [RiichiEnvAgent(seed * 10 + i) for i in range(4)]
    while not env.done():
        obs = env.step({pid: agents[pid].act(o) for pid, o in obs.items()})
    write_lines(path, [json.dumps(line, separators=(",", ":")) for line in env.mjai_log])


def riichienv_sanma_game(rule, seed, path):
    """A three-player hanchan of riichienv (game mode 5) under its `rule` (a key of
    `SANMA_RULES`)."""
    env = RiichiEnv(game_mode=5, seed=seed, rule=SANMA_RULES[rule]())
    obs = env.reset()
    agents = [RiichiEnvAgent(seed * 10 + i, calculate_shanten_3p) for i in range(3)]
    while not env.done():
        obs = env.step({pid: agents[pid].act(o) for pid, o in obs.items()})
    write_lines(path, [json.dumps(line, separators=(",", ":")) for line in env.mjai_log])


def features(path):
    """What a log holds that a replay must handle, as words."""
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    kans = ("daiminkan", "kakan", "ankan")
    found = set()
    drawn = 0
    for at, line in enumerate(lines[1:], start=1):
        kind, before = line["type"], lines[at - 1]
        drawn = 0 if kind == "start_kyoku" else drawn + (kind == "tsumo")
        if kind in kans + ("reach", "kita"):
            found.add(kind)
        if kind == "hora" and before["type"] == "kita":
            found.add("ron on kita")
        if kind in kans and any(l["type"] in kans for l in lines[max(0, at - 4):at]):
            found.add("kan after kan")
        if kind == "hora":
            found.add("tsumo" if line["actor"] == line["target"] else "ron")
            if len(line.get("deltas", [])) == 3 and line["actor"] == line["target"]:
                found.add("sanma tsumo")
            if before["type"] == "hora":
                found.add("double ron")
        if kind == "ryukyoku":
            reason = line.get("reason", "")
            if drawn <= 4 and before["type"] == "tsumo":
                found.add("kyuushu kyuuhai")
            elif reason not in ("", "exhaustive_draw"):
                found.add(f"abortive draw {reason}")
            elif not reason and not any(line["deltas"]) and before["type"] == "dahai" and drawn < 70:
                found.add("abortive draw")
            else:
                found.add("exhaustive draw")
    return sorted(found)


def scan(engine, count):
    """Plays games 1..=`count` of `engine` in a scratch folder and prints what each log
    holds: how the games above were chosen."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.jsonl"
        for k in range(1, count + 1):
            if engine == "mlibriichi":
                mlibriichi_game((k, k), k, path)
            else:
                riichienv_game(k, path)
            print(engine, k, features(path), flush=True)


def sanma(command, rule, first, last, folder=None):
    """Plays riichienv's sanma games `first..=last` under `rule`, printing what each log
    holds (`scan-sanma`), or writing each as `DIR/sanma-riichienv-RULE-SEED.jsonl`
    (`write-sanma`, for a scan of many games by the Rust side)."""
    with tempfile.TemporaryDirectory() as scratch:
        for k in range(first, last + 1):
            name = f"sanma-riichienv-{rule}-{k}.jsonl"
            path = Path(folder or scratch) / name
            riichienv_sanma_game(rule, k, path)
            if command == "scan-sanma":
                print(name, features(path), flush=True)


def main():
    if len(sys.argv) in (5, 6) and sys.argv[1] in ("scan-sanma", "write-sanma"):
        return sanma(sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), *sys.argv[5:])
    if len(sys.argv) == 3 and sys.argv[1] in ("scan", "scan-riichienv"):
        engine = "mlibriichi" if sys.argv[1] == "scan" else "riichienv"
        return scan(engine, int(sys.argv[2]))
    for seeds, player_seed in MLIBRIICHI_GAMES:
        mlibriichi_game(seeds, player_seed, HERE / f"mlibriichi-{player_seed}.jsonl")
    for seed in RIICHIENV_GAMES:
        riichienv_game(seed, HERE / f"riichienv-{seed}.jsonl")
    for rule, seed in RIICHIENV_SANMA_GAMES:
        riichienv_sanma_game(rule, seed, HERE / f"sanma-riichienv-{rule}-{seed}.jsonl")


if __name__ == "__main__":
    main()
