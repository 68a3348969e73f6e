// Speed of tabletop-rules' mahjong analysis beside the JavaScript engines, in one node run:
// shanten and hand scoring on the same seeded random hands in tabletop-rules (WebAssembly),
// @kobalab/majiang-core and riichi-ts (after checking that the three agree), a whole random
// hand against majiang-core's game played headless, and the package's size.
//
//   web/build.sh package && (cd web/bench && npm ci && node bench.mjs [hands] [repeats])
//
// Each engine is given its own input form, made before the clock starts (our MPSZ text,
// majiang-core's Shoupai objects, riichi-ts's count arrays), so parsing text is counted for
// tabletop-rules only. Times are medians of the repeats, per hand.

import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { performance } from "node:perf_hooks";

import { Mahjong, scoreHand, scoreValues, shanten, shantenBatch, shantenCounts } from "../pkg/node.js";
import { generator } from "../random.mjs";

const require = createRequire(import.meta.url);
const Majiang = require("@kobalab/majiang-core");
const riichi = { ...require("riichi-ts"), ...require("riichi-ts/dist/shanten.js") };

const HANDS = Number(process.argv[2] ?? 2000);
const REPEATS = Number(process.argv[3] ?? 11);
const KYOKU = 40;

const SUITS = ["m", "p", "s", "z"];
const suit = (t) => SUITS[Math.floor(t / 9)];
const number = (t) => (t % 9) + 1;

/** Tile indices (0..33) in MPSZ text, `123m456p`, in index order. */
function mpsz(tiles) {
  const sorted = [...tiles].sort((a, b) => a - b);
  return SUITS.map((s) => {
    const digits = sorted.filter((t) => suit(t) === s).map(number).join("");
    return digits && digits + s;
  }).join("");
}

/** The same in majiang-core's notation, `m123p456`. */
function majiangText(tiles) {
  const sorted = [...tiles].sort((a, b) => a - b);
  return SUITS.map((s) => {
    const digits = sorted.filter((t) => suit(t) === s).map(number).join("");
    return digits && s + digits;
  }).join("");
}

function counts(tiles) {
  const c = new Int8Array(34);
  for (const t of tiles) c[t]++;
  return c;
}

/** `count` random hands of 13 and 14 tiles (half each), each drawn from a shuffled wall. */
function randomHands(count, rng) {
  const hands = [];
  for (let i = 0; i < count; i++) {
    const wall = Array.from({ length: 136 }, (_, k) => k >> 2);
    for (let k = wall.length - 1; k > 0; k--) {
      const j = Math.floor(rng() * (k + 1));
      [wall[k], wall[j]] = [wall[j], wall[k]];
    }
    hands.push(wall.slice(0, i % 2 ? 14 : 13));
  }
  return hands;
}

/** `count` complete closed hands (four sets and a pair, no kind five times), each with a
 * winning tile among its tiles. */
function winningHands(count, rng) {
  const hands = [];
  while (hands.length < count) {
    const c = new Array(34).fill(0);
    const tiles = [];
    const add = (t) => { c[t]++; tiles.push(t); };
    for (let set = 0; set < 4; set++) {
      if (rng() < 0.6) {
        const s = Math.floor(rng() * 3);
        const n = Math.floor(rng() * 7);
        [0, 1, 2].forEach((k) => add(s * 9 + n + k));
      } else {
        const t = Math.floor(rng() * 34);
        [0, 1, 2].forEach(() => add(t));
      }
    }
    const pair = Math.floor(rng() * 34);
    add(pair);
    add(pair);
    if (c.some((n) => n > 4)) continue;
    const win = tiles[Math.floor(rng() * tiles.length)];
    const rest = [...tiles];
    rest.splice(rest.indexOf(win), 1);
    hands.push({ tiles, rest, win });
  }
  return hands;
}

/** The times of `runs` (one function of `items` per engine, `null` for none), in
 * microseconds per item: each the median of `REPEATS` runs, the engines' runs taken in
 * turn so that a busy machine slows them alike, after a warm-up run of each. */
function times(items, runs) {
  const engines = runs.filter((run) => run);
  engines.forEach((run) => run(items));
  const samples = engines.map(() => []);
  for (let r = 0; r < REPEATS; r++) {
    engines.forEach((run, e) => {
      const start = performance.now();
      run(items);
      samples[e].push(((performance.now() - start) * 1000) / items.length);
    });
  }
  const medians = samples.map((xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]);
  return runs.map((run) => (run ? medians[engines.indexOf(run)] : null));
}

/** The answers of `engines` (name -> function of a hand) on `hands`, and the hands where an
 * engine disagrees with the first. */
function disagreements(hands, engines, show) {
  const [first, ...others] = Object.entries(engines);
  const lines = [];
  for (const [name, answer] of others) {
    const examples = [];
    let count = 0;
    for (const hand of hands) {
      const [ours, theirs] = [first[1](hand), answer(hand)];
      if (JSON.stringify(ours) !== JSON.stringify(theirs)) {
        if (count < 5) examples.push(`  ${show(hand)}: ${first[0]} ${JSON.stringify(ours)}, ${name} ${JSON.stringify(theirs)}`);
        count++;
      }
    }
    lines.push(`${name}: ${count} of ${hands.length} disagree with ${first[0]}`, ...examples);
  }
  return lines;
}

console.log(`node bench.mjs ${HANDS} ${REPEATS}: ${HANDS} random hands for shanten, ${Math.max(100, HANDS / 2)} winning hands, ${KYOKU} hands of play; medians of ${REPEATS}\n`);
const rows = [];
const notes = [];

// Shanten: the least over the standard form, chiitoitsu and kokushi.
{
  const hands = randomHands(HANDS, generator(1));
  const ours = hands.map(mpsz);
  const shoupai = hands.map((h) => Majiang.Shoupai.fromString(majiangText(h)));
  const arrays = hands.map(counts);
  const rtShanten = (c) => Math.min(riichi.shanten(c), riichi.shanten7(c), riichi.shanten13(c));
  const indices = hands.map((_, i) => i);
  notes.push("shanten:", ...disagreements(indices, {
    "tabletop-rules": (i) => shanten(ours[i]),
    "tabletop-rules from counts": (i) => shantenCounts(arrays[i]),
    "majiang-core": (i) => Majiang.Util.xiangting(shoupai[i]),
    "riichi-ts": (i) => rtShanten(arrays[i]),
  }, (i) => ours[i]));
  const batch = new Uint8Array(hands.length * 34);
  arrays.forEach((c, i) => batch.set(c, i * 34));
  const batched = shantenBatch(batch);
  const wrong = indices.filter((i) => batched[i] !== shanten(ours[i])).length;
  notes.push(`tabletop-rules in one call (shantenBatch): ${wrong} of ${hands.length} disagree with tabletop-rules`);
  const [text, fromCounts, inBatch, mj, rt] = times(indices, [
    (xs) => { for (const i of xs) shanten(ours[i]); },
    (xs) => { for (const i of xs) shantenCounts(arrays[i]); },
    () => shantenBatch(batch),
    (xs) => { for (const i of xs) Majiang.Util.xiangting(shoupai[i]); },
    (xs) => { for (const i of xs) rtShanten(arrays[i]); },
  ]);
  rows.push(["shanten, 13 and 14 tiles (`shanten`, MPSZ text)", hands.length, text, mj, rt]);
  rows.push(["shanten from counts (`shantenCounts`)", hands.length, fromCounts, mj, rt]);
  rows.push(["shanten, all the hands in one call (`shantenBatch`)", hands.length, inBatch, mj, rt]);
}

// Scoring: closed winning hands by ron with riichi, seat South, round East, no dora.
{
  const hands = winningHands(Math.max(100, HANDS / 2), generator(2));
  const ours = hands.map((h) => `${mpsz(h.tiles)} win ${mpsz([h.win])} ron riichi seat S round E`);
  const rule = Majiang.rule({ "ダブル役満あり": false });
  const param = Majiang.Util.hule_param({ rule, zhuangfeng: 0, menfeng: 1, lizhi: 1 });
  const majiang = hands.map((h) => [
    Majiang.Shoupai.fromString(majiangText(h.rest)),
    `${suit(h.win)}${number(h.win)}-`,
  ]);
  const majiangScore = ([shoupai, rongpai]) => Majiang.Util.hule(shoupai, rongpai, param);
  const rtScore = (h) => {
    const hand = new riichi.Riichi(h.rest.slice(), [], { bakaze: 27, jikaze: 28 }, h.win,
      false, true, false, false, false, false, 0, false, true, false);
    hand.disableDoubleyakuman();
    hand.disableHairi();
    return hand.calc();
  };
  const ourScore = (text) => {
    try {
      return scoreHand(text);
    } catch {
      return null;
    }
  };
  const indices = hands.map((_, i) => i);
  // Points always; han and fu below yakuman.
  notes.push("scoring (points, han, fu):", ...disagreements(indices, {
    "tabletop-rules": (i) => {
      const s = ourScore(ours[i]);
      return s && [s.payment.ron, s.yakuman ? 0 : s.han, s.yakuman ? 0 : s.fu];
    },
    "majiang-core": (i) => {
      const s = majiangScore(majiang[i]);
      return s && [s.defen, s.damanguan ? 0 : s.fanshu, s.damanguan ? 0 : s.fu];
    },
    "riichi-ts": (i) => {
      const s = rtScore(hands[i]);
      return s.isAgari ? [s.ten, s.yakuman ? 0 : s.han, s.yakuman ? 0 : s.fu] : null;
    },
  }, (i) => ours[i]));
  const [values, explained, mj, rt] = times(indices, [
    (xs) => { for (const i of xs) scoreValues(ours[i]); },
    (xs) => { for (const i of xs) scoreHand(ours[i]); },
    (xs) => { for (const i of xs) majiangScore(majiang[i]); },
    (xs) => { for (const i of xs) rtScore(hands[i]); },
  ]);
  rows.push(["hand scoring, values (`scoreValues`)", hands.length, values, mj, rt]);
  rows.push(["hand scoring, explained (`scoreHand`)", hands.length, explained, mj, rt]);
}

// A whole hand of four random players: tabletop-rules' Mahjong with its random bots (any
// legal action: calls, riichi, wins), played by `playBots` (one call) and by the per-action
// API (`botAction` then `apply`, the events of each action crossing to JavaScript);
// majiang-core's Game run headless (do_sync) with players that discard a random tile and
// call nothing (wins are not declared).
{
  const ourHand = (seed) => {
    const game = new Mahjong(seed, "tenhou");
    game.deal();
    game.playBots(["random", "random", "random", "random"], seed);
    if (!game.needsWall()) throw new Error("the hand did not end");
    game.free();
  };
  const ourSteps = (seed) => {
    const game = new Mahjong(seed, "tenhou");
    game.deal();
    let actions = 0;
    while (!game.needsWall() && !game.isOver()) {
      const seat = game.toMove();
      game.apply(seat, game.botAction(seat, "random", seed * 1000 + actions));
      actions++;
    }
    game.free();
    return actions;
  };
  class RandomPlayer extends Majiang.Player {
    constructor(rng) {
      super();
      this.rng = rng;
    }
    action_kaiju() { this._callback(); }
    action_qipai() { this._callback(); }
    action_zimo(zimo) { this.discard(zimo.l); }
    action_fulou(fulou) { this.discard(fulou.l); }
    discard(seat) {
      if (seat !== this._menfeng) return this._callback();
      const tiles = this.get_dapai(this.shoupai);
      this._callback({ dapai: tiles[Math.floor(this.rng() * tiles.length)] });
    }
    action_dapai() { this._callback(); }
    action_gang() { this._callback(); }
    action_hule() { this._callback(); }
    action_pingju() { this._callback(); }
    action_jieju() { this._callback(); }
  }
  // An East-only match without renchan (a match of one hand ends only on a win, which
  // these players never declare): the time of a hand is the match's over its hands.
  const rule = Majiang.rule({ "場数": 1, "連荘方式": 0 });
  let majiangHands = 0;
  const majiangMatch = (seed) => {
    const rng = generator(seed);
    const players = [0, 1, 2, 3].map(() => new RandomPlayer(rng));
    let paipu = null;
    new Majiang.Game(players, (p) => { paipu = p; }, rule).do_sync();
    if (!paipu) throw new Error("majiang-core's game did not end");
    majiangHands += paipu.log.length;
  };
  const seeds = Array.from({ length: KYOKU }, (_, i) => i + 1);
  const actions = seeds.map(ourSteps).reduce((a, b) => a + b, 0) / KYOKU;
  notes.push(`a random hand: tabletop-rules ${actions.toFixed(0)} actions on average (every seat answers each discard)`);
  // Matches of majiang-core as many as hands of ours, over 8 hands a match.
  const matches = seeds.slice(0, KYOKU / 8);
  majiangHands = 0;
  matches.forEach(majiangMatch);
  const handsPerMatch = majiangHands / matches.length;
  notes.push(`majiang-core: ${handsPerMatch.toFixed(1)} hands a match`);
  const [ours, steps, perMatch] = times(seeds, [
    (xs) => { for (const s of xs) ourHand(s); },
    (xs) => { for (const s of xs) ourSteps(s); },
    () => { for (const s of matches) majiangMatch(s); },
  ]);
  // `times` divides by the seeds; the majiang-core runs played `matches` matches.
  const majiangPerHand = (perMatch * seeds.length) / matches.length / handsPerMatch;
  rows.push(["a hand of 4 random players (`playBots`)", KYOKU, ours, majiangPerHand, null]);
  rows.push(["the same, action by action (`botAction`, `apply`)", KYOKU, steps, majiangPerHand, null]);
}

const fmt = (us) => (us == null ? "-" : us < 10 ? `${us.toFixed(2)} µs` : us < 10000 ? `${us.toFixed(0)} µs` : `${(us / 1000).toFixed(1)} ms`);
const ratio = (ours, theirs) => (theirs == null ? "-" : `${(theirs / ours).toFixed(1)}x`);
const table = [
  "| per hand (median of " + REPEATS + ") | hands | tabletop-rules | majiang-core | riichi-ts | vs majiang-core | vs riichi-ts |",
  "|---|---:|---:|---:|---:|---:|---:|",
  ...rows.map(([name, n, ours, mj, rt]) =>
    `| ${name} | ${n} | ${fmt(ours)} | ${fmt(mj)} | ${fmt(rt)} | ${ratio(ours, mj)} | ${ratio(ours, rt)} |`),
];
const wasm = readFileSync(new URL("../pkg/dist/tabletop_wasm_bg.wasm", import.meta.url));
const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KiB`;
const versions = ["@kobalab/majiang-core", "riichi-ts"].map((p) => {
  const json = readFileSync(new URL(`node_modules/${p}/package.json`, import.meta.url), "utf8");
  return `${p} ${JSON.parse(json).version}`;
});

console.log(`Node ${process.version}; ${versions.join(", ")}\n`);
console.log("Agreement on the benched hands:");
console.log(notes.join("\n") + "\n");
console.log(table.join("\n"));
console.log(`\n"vs" is how many times faster tabletop-rules is.`);
console.log(`Package size: dist/tabletop_wasm_bg.wasm ${kb(wasm.length)} raw, ${kb(gzipSync(wasm, { level: 9 }).length)} gzipped (all four games).`);
