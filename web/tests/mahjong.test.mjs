// The mahjong bindings of tabletop-rules under node (node:test): the hanchan played by the
// bots, the hand analysis on the shared test data (answers of independent implementations),
// the calculator on the 3,000 scored wins, the log reader on real records, and bad input of
// every method (the right code, the game unchanged, the module still working).
//
// Run after `web/build.sh package`: `node --test web/tests/`.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import {
  Mahjong, readLog, scoreHand, scoreValues, shanten, shantenCounts,
  shantenBatch, ukeire, waits,
} from "../pkg/node.js";

const root = new URL("../../", import.meta.url);
const read = (path) => readFileSync(new URL(path, root), "utf8");

/** Each tile of compact MPSZ text (`123m4z` -> 1m 2m 3m 4z), red fives kept. */
function tilesOf(text) {
  const tiles = [];
  let digits = "";
  for (const c of text) {
    if (c >= "0" && c <= "9") digits += c;
    else {
      for (const d of digits) tiles.push(d + c);
      digits = "";
    }
  }
  return tiles;
}

const KINDS = ["m", "p", "s"].flatMap((s) => [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => n + s))
  .concat([1, 2, 3, 4, 5, 6, 7].map((n) => n + "z"));

/** The 34 counts per kind of a hand in compact MPSZ (red fives as fives). */
function countsOf(text) {
  const counts = new Array(34).fill(0);
  for (const tile of tilesOf(text)) counts[KINDS.indexOf(tile.replace(/^0/, "5"))]++;
  return counts;
}

/** Runs `f`, which must throw a TabletopError of `code`; returns the error. */
function throwsCode(f, code, message) {
  let error;
  try {
    f();
  } catch (e) {
    error = e;
  }
  assert.ok(error instanceof Error, `expected a thrown ${code}`);
  assert.equal(error.name, "TabletopError");
  assert.equal(error.code, code, error.message);
  if (message) assert.match(error.message, message);
  return error;
}

const POINTS = { tenhou: 100_000, tenhou_sanma: 105_000 };

/**
 * Plays `game` to its end with `bot` at every seat, checking each action is among the
 * seat's legal actions and that the points and riichi sticks add up after every action;
 * `onAction(count)` is called before each action. Returns the number of actions.
 */
function playOut(game, bot, onAction = () => {}) {
  const total = POINTS[game.rules];
  let actions = 0;
  while (!game.isOver()) {
    if (game.needsWall()) {
      const [started] = game.deal();
      assert.equal(started.type, "HandStarted");
      continue;
    }
    onAction(actions);
    const seat = game.toMove();
    for (let other = 0; other < 4; other++) {
      if (other !== seat) assert.deepEqual(game.legalActions(other), []);
    }
    const legal = game.legalActions(seat);
    const action = game.botAction(seat, bot, actions);
    assert.ok(legal.includes(action), `${action} is not among ${legal}`);
    const events = game.apply(seat, action);
    for (const event of events) assert.equal(typeof event.text, "string");
    const points = game.points().reduce((a, b) => a + b, 0);
    if (!game.isOver()) assert.equal(points + 1000 * game.riichiSticks(), total);
    actions++;
  }
  return actions;
}

test("a hanchan played to its end by the efficiency bots from a seed", () => {
  const game = new Mahjong(7, "tenhou");
  assert.equal(game.needsWall(), true);
  assert.equal(game.view(0), null);
  const actions = playOut(game, "efficiency");
  assert.ok(actions > 500, `${actions} actions`);
  const result = game.result();
  assert.equal(result.points.reduce((a, b) => a + b, 0), 100_000);
  assert.deepEqual(result.points, game.points());
  assert.ok(result.hands >= 8, `${result.hands} hands`);
  assert.equal(result.points[result.ranking[0]], Math.max(...result.points));
  assert.match(result.text, /^the match ends by .* after \d+ hands: 1st seat \d/);
  // The same seed and bots play the same match; another seed another.
  const again = new Mahjong(7, "tenhou");
  playOut(again, "efficiency");
  assert.deepEqual(again.snapshot(), game.snapshot());
  const other = new Mahjong(8, "tenhou");
  other.deal();
  assert.notDeepEqual(JSON.parse(other.snapshot()).walls[0], JSON.parse(game.snapshot()).walls[0]);
  // Over: nothing more is dealt or played.
  throwsCode(() => game.deal(), "ILLEGAL_ACTION", /over/);
  throwsCode(() => game.apply(0, "tsumogiri"), "ILLEGAL_ACTION", /over/);
  assert.equal(game.toMove(), null);
  assert.equal(game.botAction(0, "efficiency"), null);
});

test("random and classroom bots and three-player riichi play to the end", () => {
  for (const [rules, bot] of [["tenhou", "random"], ["tenhou", "classroom"], ["tenhou_sanma", "efficiency"]]) {
    const game = new Mahjong(3, rules);
    playOut(game, bot);
    const result = game.result();
    assert.equal(result.points.reduce((a, b) => a + b, 0), POINTS[rules], `${rules} ${bot}`);
    assert.equal(game.players, rules === "tenhou_sanma" ? 3 : 4);
  }
});

test("playBots plays the bots' turns in one call, as botAction and apply do one by one", () => {
  const [bots, steps] = [new Mahjong(21, "tenhou"), new Mahjong(21, "tenhou")];
  for (const game of [bots, steps]) game.deal();
  // Seat 2 is played from outside: the bots stop whenever it must act.
  const seen = [];
  for (let turn = 0; turn < 20 && !bots.needsWall(); turn++) {
    const events = bots.playBots(["efficiency", "efficiency", null, "efficiency"], 0, 2);
    const expected = [];
    while (steps.toMove() !== 2 && !steps.needsWall()) {
      expected.push(...steps.apply(steps.toMove(), steps.botAction(steps.toMove(), "efficiency"), 2));
    }
    assert.deepEqual(events, expected);
    assert.deepEqual(bots.snapshot(), steps.snapshot());
    seen.push(...events);
    if (bots.toMove() === 2) {
      assert.equal(bots.toMove(), 2);
      const action = bots.botAction(2, "efficiency");
      bots.apply(2, action);
      steps.apply(2, action);
    }
  }
  // The others' draws are hidden from seat 2, its own shown.
  const draws = seen.filter((e) => e.type === "Draw");
  assert.ok(draws.some((e) => e.seat === 2) && draws.some((e) => e.seat !== 2));
  for (const draw of draws) assert.equal(draw.tile === null, draw.seat !== 2, draw.text);
  // Every seat a bot: the hand is played to its end, and no further.
  const before = bots.snapshot();
  throwsCode(() => bots.playBots(["efficiency", "genius"]), "BAD_ARGUMENT", /not a mahjong bot/);
  throwsCode(() => bots.playBots(["random", "random", "random", "random", "random"]), "BAD_ARGUMENT", /5 entries, at most 4/);
  throwsCode(() => bots.playBots({ length: 1e9 }), "BAD_ARGUMENT", /at most 4/);
  throwsCode(() => bots.playBots(["random"], 0, 4), "BAD_ARGUMENT", /not a seat/);
  assert.deepEqual(bots.snapshot(), before);
  const rest = bots.playBots(["random", "random", "random", "random"], 9);
  assert.equal(bots.needsWall(), true);
  assert.ok(rest.some((e) => e.type === "Win" || e.type === "Ryuukyoku" || e.type === "Abort"));
  assert.deepEqual(bots.playBots(["random", "random", "random", "random"]), []);
});

test("a seat's view shows its own tiles only, and its legal actions", () => {
  const game = new Mahjong(11, "tenhou");
  game.deal();
  assert.equal(game.toMove(), 0);
  const dealer = game.view(0);
  assert.equal(dealer.seat, 0);
  assert.equal(dealer.seats[0].hand.length, 14);
  assert.ok(dealer.seats[0].hand.includes(dealer.seats[0].drawn));
  assert.deepEqual(dealer.legal, game.legalActions(0));
  assert.ok(dealer.legal.includes("tsumogiri"));
  assert.deepEqual(dealer.seats.slice(1).map((s) => s.hand), [null, null, null]);
  assert.equal(dealer.doraIndicators.length, 1);
  assert.equal(dealer.liveTiles, 136 - 14 - 52 - 1);
  assert.deepEqual(dealer.seats.map((s) => s.points), [25000, 25000, 25000, 25000]);
  const other = game.view(2);
  assert.equal(other.seats[2].hand.length, 13);
  assert.equal(other.seats[0].hand, null);
  assert.deepEqual(other.legal, []);
  // The dealer's discard: seat 1 is asked to claim it or pass, and sees the tile offered.
  const [discard] = game.apply(0, "tsumogiri", 1);
  assert.equal(discard.type, "Discard");
  assert.equal(discard.tile.tile, dealer.seats[0].drawn);
  assert.equal(game.toMove(), 1);
  assert.ok(game.legalActions(1).includes("pass"));
  assert.equal(game.view(1).offered, dealer.seats[0].drawn);
  // Passes, then seat 1 draws: its draw is hidden from the others' events.
  game.apply(1, "pass");
  game.apply(2, "pass");
  const [draw] = game.apply(3, "pass", 2);
  assert.deepEqual([draw.type, draw.seat, draw.tile], ["Draw", 1, null]);
  assert.equal(draw.text, "seat 1 draws a tile");
});

test("a snapshot taken mid-game restores the match, which plays on the same", () => {
  const game = new Mahjong(5, "tenhou");
  let restored;
  playOut(game, "efficiency", (count) => {
    if (count !== 700) return;
    const snapshot = game.snapshot();
    assert.equal(JSON.parse(snapshot).actions.length, 700);
    restored = Mahjong.fromSnapshot(snapshot);
    assert.equal(restored.snapshot(), snapshot);
    for (let seat = 0; seat < 4; seat++) assert.deepEqual(restored.view(seat), game.view(seat));
    assert.deepEqual(
      [restored.toMove(), restored.roundWind(), restored.handNumber(), restored.honba(), restored.hands()],
      [game.toMove(), game.roundWind(), game.handNumber(), game.honba(), game.hands()],
    );
  });
  playOut(restored, "efficiency", (count) => count);
  assert.deepEqual(restored.result(), game.result());
  // Explicit walls: the same walls and actions in a match without a seed.
  const { walls, actions } = JSON.parse(game.snapshot());
  const explicit = Mahjong.withWalls("tenhou");
  throwsCode(() => explicit.deal(), "BAD_DEAL", /no seed/);
  let next = 0;
  for (const action of actions) {
    if (explicit.needsWall()) explicit.deal(walls[next++]);
    explicit.apply(explicit.toMove(), action);
  }
  assert.deepEqual(explicit.result(), game.result());
});

test("shanten and waits agree with every row of the shared hands.tsv", () => {
  const rows = read("crates/mahjong-core/tests/data/hands.tsv").trim().split("\n").slice(1);
  assert.equal(rows.length, 2980);
  for (const row of rows) {
    const [hand, count, expected, , expectedWaits] = row.split("\t");
    assert.equal(shanten(hand), Number(expected), hand);
    assert.equal(shantenCounts(countsOf(hand)), Number(expected), hand);
    if (Number(count) % 3 === 1) {
      assert.deepEqual(waits(hand), expectedWaits === "-" ? [] : tilesOf(expectedWaits), hand);
    } else {
      throwsCode(() => waits(hand), "BAD_HAND", /3n\+1/);
    }
  }
  // The same hands in one call.
  const batch = new Uint8Array(rows.length * 34);
  rows.forEach((row, i) => batch.set(countsOf(row.split("\t")[0]), i * 34));
  assert.deepEqual([...shantenBatch(batch)], rows.map((row) => Number(row.split("\t")[2])));
  batch[34 * 5] = 5;
  throwsCode(() => shantenBatch(batch), "BAD_HAND", /^hand 5: /);
  throwsCode(() => shantenBatch(batch.subarray(1)), "BAD_HAND", /34 counts a hand/);
  throwsCode(() => shantenBatch([1, 2]), "BAD_HAND", /Uint8Array/);
});

test("ukeire: the draws that lower the shanten, with the copies left", () => {
  assert.deepEqual(ukeire("23m56p234789s9s11z"), {
    shanten: 1,
    tiles: [
      { tile: "1m", count: 4 }, { tile: "4m", count: 4 },
      { tile: "4p", count: 4 }, { tile: "7p", count: 4 },
    ],
    total: 16,
  });
  // At tenpai, the waits: nine gates waits on 1m-9m, less the copies it holds.
  const gates = ukeire("1112345678999m");
  assert.deepEqual(gates.tiles.map((t) => t.tile), waits("1112345678999m"));
  assert.deepEqual(gates.tiles.map((t) => t.count), [1, 3, 3, 3, 3, 3, 3, 3, 1]);
  assert.equal(gates.total, 23);
  // Against the shanten itself on the 13-tile rows of hands.tsv.
  const rows = read("crates/mahjong-core/tests/data/hands.tsv").trim().split("\n").slice(1);
  for (const row of rows.filter((r) => r.split("\t")[1] === "13").slice(0, 300)) {
    const hand = row.split("\t")[0];
    const held = tilesOf(hand);
    const expected = KINDS.filter((k) => held.filter((t) => t === k).length < 4
      && shanten(hand + k) < shanten(hand));
    assert.deepEqual(ukeire(hand).tiles.map((t) => t.tile), expected, hand);
  }
});

/** A row of scoring.jsonl in the calculator's notation. */
function calculatorText(row) {
  const words = [row.hand, ...row.melds, "win", row.win, row.by, "seat", row.seat_wind, "round", row.round_wind];
  if (row.riichi) words.push(row.riichi === 2 ? "double-riichi" : "riichi");
  for (const [flag, word] of [["ippatsu", "ippatsu"], ["haitei", "last-tile"], ["rinshan", "rinshan"],
    ["chankan", "chankan"], ["first_turn", "first-turn"]]) {
    if (row[flag]) words.push(word);
  }
  if (row.dora.length) words.push("dora", row.dora.join(""));
  if (row.ura.length) words.push("ura", row.ura.join(""));
  words.push("honba", row.honba, "sticks", row.sticks);
  return words.join(" ");
}

test("scoreHand agrees with every one of the 3,000 scored wins of scoring.jsonl", () => {
  const rows = read("crates/mahjong-core/tests/data/scoring.jsonl").trim().split("\n").map((l) => JSON.parse(l));
  assert.equal(rows.length, 3000);
  const failures = [];
  for (const row of rows) {
    const text = calculatorText(row);
    const { expect } = row;
    let actual;
    try {
      const score = scoreHand(text);
      const yaku = score.yaku.map((y) => [y.name, y.han]);
      for (const [name, count] of [["dora", score.dora], ["aka_dora", score.akaDora], ["ura_dora", score.uraDora]]) {
        if (count > 0) yaku.push([name, count]);
      }
      const payment = "ron" in score.payment
        ? { ron: score.payment.ron }
        : { tsumo_dealer: score.payment.tsumoDealer, tsumo_other: score.payment.tsumoOthers };
      actual = { han: score.han, fu: score.fu, yaku, limit: score.limit, payment, total: score.total };
      // The values alone are the explained score's.
      const { fuText, fuItems, text: explanation, hand, calculator, ...values } = score;
      assert.deepEqual(scoreValues(text), values, row.id);
    } catch (e) {
      assert.equal(e.code, "BAD_HAND", `${row.id}: ${e.message}`);
      actual = /no yaku/.test(e.message) ? { error: "no_yaku" } : { error: e.message };
    }
    if (JSON.stringify(actual) !== JSON.stringify(expect)) {
      failures.push(`${row.id} ${text}\n  expected ${JSON.stringify(expect)}\n  actual   ${JSON.stringify(actual)}`);
    }
  }
  assert.deepEqual(failures.slice(0, 10), []);
});

test("scoreHand explains as the calculator example does", () => {
  const score = scoreHand("123m456p789s2399s 4s ron riichi dora 1m");
  assert.equal(score.calculator, [
    "123m456p23478999s win 4s ron seat S round E riichi dora 1m",
    "  riichi: 1 han",
    "  pinfu: 1 han",
    "  dora: 1 han",
    "  3 han 30 fu",
    "  fu: 20 base + 10 closed ron = 30",
    "  ron 3,900; total 3,900",
  ].join("\n"));
  assert.deepEqual([score.han, score.fu, score.limit, score.payment, score.total], [3, 30, "none", { ron: 3900 }, 3900]);
  assert.deepEqual(score.fuItems, [{ item: "base", fu: 20 }, { item: "closed ron", fu: 10 }]);
  // The README's open hand: 1 han 30 fu by tsumo; the fu item by item.
  const open = scoreHand("123m57p789s99s6p pon 777z win 6p tsumo seat W");
  assert.equal(open.fuText, "20 base + 2 tsumo + 2 kanchan wait + 4 open triplet 7z = 28 -> 30");
  assert.deepEqual(open.payment, { tsumoDealer: 500, tsumoOthers: 300 });
  assert.deepEqual(open.yaku, [{ name: "yakuhai_chun", han: 1 }]);
  // A yakuman, and a preset's own rule: 13 han of yaku is kazoe at Tenhou, sanbaiman at M-League.
  const kokushi = scoreHand("19m19p19s12345677z 7z tsumo seat E");
  assert.deepEqual([kokushi.limit, kokushi.yakuman, kokushi.payment], ["yakuman", 1, { tsumoDealer: 0, tsumoOthers: 16000 }]);
  // 15 han of yaku and dora: kazoe at Tenhou, sanbaiman under M-League's rules.
  const kazoe = "22334455667788p 8p tsumo riichi seat S dora 1p";
  const [tenhou, mLeague] = [scoreHand(kazoe), scoreHand(kazoe, "m_league")];
  assert.deepEqual([tenhou.han, tenhou.limit, tenhou.payment], [15, "kazoe", { tsumoDealer: 16000, tsumoOthers: 8000 }]);
  assert.deepEqual([mLeague.han, mLeague.limit, mLeague.payment], [15, "sanbaiman", { tsumoDealer: 12000, tsumoOthers: 6000 }]);
});

/** The points of each seat at the end of each hand of an mjai log: its `start_kyoku`
 * scores, less 1,000 for each `reach_accepted`, plus the `deltas` of its wins and draws. */
function mjaiHandPoints(text) {
  const points = [];
  let now;
  for (const line of text.trim().split("\n").map((l) => JSON.parse(l))) {
    if (line.type === "start_kyoku") now = [...line.scores, 0, 0, 0, 0].slice(0, 4);
    if (line.type === "reach_accepted") now[line.actor] -= 1000;
    if (line.type === "hora" || line.type === "ryukyoku") line.deltas.forEach((d, s) => { now[s] += d; });
    if (line.type === "end_kyoku") points.push(now);
  }
  return points;
}

/** Checks that every step of `log` keeps all the tiles: hands, melds, rivers (less the
 * called tiles), North tiles set aside, the live wall and the 14 of the dead wall. */
function checkTilesKept(log, wall) {
  for (const hand of log.hands) {
    for (const { table } of hand.steps) {
      let tiles = table.liveTiles + 14;
      for (const seat of table.seats) {
        tiles += (seat.hand?.length ?? 0) + seat.kita;
        tiles += seat.melds.reduce((n, m) => n + m.tiles.length, 0);
        tiles += seat.discards.filter((d) => !d.called).length;
      }
      assert.equal(tiles, wall, hand.name);
    }
  }
}

test("readLog steps through a Tenhou JSON record with Tenhou's own results", () => {
  const text = read("crates/mahjong-records/tests/data/tenhou6/tenhou-net/2019021004gm-00a9-0000-e2f6516d.json");
  const record = JSON.parse(text);
  const log = readLog(text);
  assert.equal(log.format, "tenhou-json");
  assert.equal(log.hands.length, record.log.length);
  log.hands.forEach((hand, i) => {
    const result = record.log[i][16];
    // Tenhou's point changes of the hand (a win's or a draw's, when it gives them), which
    // leave out the riichi sticks the seats put on the table.
    const last = hand.steps.at(-1).table;
    const sticks = last.seats.map((s) => (s.riichi ? 1000 : 0));
    if (result.length > 1) {
      assert.deepEqual(hand.outcome.changes.map((c, s) => c + sticks[s]), result[1], hand.name);
    }
    const [first] = hand.steps;
    assert.equal(first.actor, null);
    assert.deepEqual(first.table.seats.map((s) => s.points), record.log[i][1]);
    assert.deepEqual(first.table.seats.map((s) => s.hand.length), [14, 13, 13, 13].map((n, s) => (s === first.table.dealer ? 14 : 13)));
    assert.deepEqual(last.seats.map((s) => s.points), hand.outcome.points);
  });
  assert.equal(log.hands[0].name, "East 1, 0 honba");
  checkTilesKept(log, 136);
  // The final points of the record: its `sc`, the leftover sticks to first place.
  const final = log.hands.at(-1).outcome.points;
  const sticks = log.hands.at(-1).outcome.riichi_sticks * 1000;
  const expected = [0, 2, 4, 6].map((i) => record.sc[i]);
  assert.equal(final.reduce((a, b) => a + b, 0) + sticks, 100_000);
  assert.deepEqual(final.map((p, s) => p + (expected[s] - p === sticks ? sticks : 0)), expected);
});

test("readLog steps through mjai logs, four and three players", () => {
  for (const [file, players] of [["riichienv-58.jsonl", 4], ["sanma-riichienv-tenhou-142.jsonl", 3]]) {
    const text = read(`crates/mahjong-core/tests/data/mjai/${file}`);
    const log = readLog(text);
    assert.equal(log.format, "mjai");
    assert.equal(log.players, players);
    assert.deepEqual(log.hands.map((h) => h.outcome.points), mjaiHandPoints(text), file);
    checkTilesKept(log, players === 4 ? 136 : 108);
    // Every step names the seat and action that made it, with the events in words.
    for (const step of log.hands[0].steps.slice(1)) {
      assert.equal(typeof step.actor, "number");
      assert.ok(step.events.length > 0 && step.events.every((e) => e.text.length > 0));
    }
  }
  // Each win carries its score, structured and explained.
  const log = readLog(read("crates/mahjong-core/tests/data/mjai/riichienv-58.jsonl"));
  const wins = log.hands.flatMap((h) => h.steps).flatMap((s) => s.events).filter((e) => e.type === "Win");
  assert.ok(wins.length > 0);
  for (const win of wins) {
    assert.ok(win.score.han > 0 && win.score.text.includes(`${win.score.han} han`), win.text);
    assert.equal(scoreHand(win.hand).total, win.score.total, win.hand);
  }
});

test("bad input gives the right code, leaves the game as it was, and the module works on", () => {
  const game = new Mahjong(2, "tenhou");
  game.deal();
  for (let i = 0; i < 9; i++) game.apply(game.toMove(), game.botAction(game.toMove(), "efficiency"));
  const before = game.snapshot();
  const seat = game.toMove();
  const notToMove = (seat + 1) % 4;
  const cases = [
    [() => new Mahjong(1, "riichi-city"), "BAD_ARGUMENT", /rule preset/],
    [() => Mahjong.withWalls("nope"), "BAD_ARGUMENT", /rule preset/],
    [() => game.apply(4, "tsumogiri"), "BAD_ARGUMENT", /not a seat/],
    [() => game.apply(1.5, "tsumogiri"), "BAD_ARGUMENT", /not a seat/],
    [() => game.apply(-1, "tsumogiri"), "BAD_ARGUMENT", /not a seat/],
    [() => game.apply(seat, "dance"), "BAD_ARGUMENT"],
    [() => game.apply(seat, "discard 8z"), "BAD_ARGUMENT"],
    [() => game.apply(seat, "tsumogiri", 9), "BAD_ARGUMENT", /not a seat/],
    [() => game.apply(notToMove, game.legalActions(seat)[0]), "ILLEGAL_ACTION", /not to act/],
    [() => game.apply(seat, "ron"), "ILLEGAL_ACTION"],
    [() => game.apply(seat, "kita"), "ILLEGAL_ACTION"],
    [() => game.deal(), "ILLEGAL_ACTION", /hand is being played/],
    [() => game.legalActions(7), "BAD_ARGUMENT"],
    [() => game.view(NaN), "BAD_ARGUMENT"],
    [() => game.botAction(seat, "genius"), "BAD_ARGUMENT", /not a mahjong bot/],
    [() => game.botAction(4, "random"), "BAD_ARGUMENT"],
    [() => Mahjong.fromSnapshot({}), "BAD_SNAPSHOT"],
    [() => Mahjong.fromSnapshot("not json"), "BAD_SNAPSHOT"],
    [() => Mahjong.fromSnapshot({ ...JSON.parse(before), rules: "nope" }), "BAD_SNAPSHOT", /rule preset/],
    [() => Mahjong.fromSnapshot({ ...JSON.parse(before), actions: ["ron"] }), "BAD_SNAPSHOT", /action 0/],
    [() => Mahjong.fromSnapshot({ ...JSON.parse(before), walls: [], seedWalls: 0 }), "BAD_SNAPSHOT", /no wall/],
    [() => Mahjong.fromSnapshot({ ...JSON.parse(before), walls: ["1m2m"] }), "BAD_SNAPSHOT", /wall 0/],
    [() => Mahjong.fromSnapshot({ ...JSON.parse(before), seedWalls: 1e9 }), "BAD_SNAPSHOT"],
    [() => shanten("123x"), "BAD_HAND"],
    [() => shanten("11111m"), "BAD_HAND"],
    [() => shanten("123456789m123456789p"), "BAD_HAND"],
    [() => waits("123m456p789s11222z"), "BAD_HAND", /3n\+1/],
    [() => shantenCounts([1, 2, 3]), "BAD_HAND", /34 counts/],
    [() => shantenCounts({ length: 1e9 }), "BAD_HAND", /at most 34/],
    [() => shantenCounts(null), "BAD_HAND", /must be an array/],
    [() => shantenCounts(countsOf("123m").map((c, i) => (i === 0 ? 300 : c))), "BAD_HAND", /300/],
    [() => shantenCounts(countsOf("123m").map((c, i) => (i === 0 ? 1.5 : c))), "BAD_HAND", /1.5/],
    [() => shantenCounts(countsOf("123m").map((c, i) => (i === 0 ? NaN : c))), "BAD_HAND"],
    [() => shantenCounts(countsOf("123456789m123456789p")), "BAD_HAND", /14/],
    [() => ukeire(""), "BAD_HAND", /3n\+1/],
    [() => scoreHand("hello"), "BAD_HAND", /cannot read the hand/],
    [() => scoreHand("456p789s23s99s chi 123m win 4s ron"), "BAD_HAND", /no yaku/],
    [() => scoreHand("123m456p789s2399s 4s ron ippatsu"), "BAD_HAND", /ippatsu without riichi/],
    [() => scoreHand("123m456p789s2399s 4s ron riichi", "house"), "BAD_ARGUMENT"],
    [() => readLog("hello"), "BAD_LOG", /not a game record/],
    [() => readLog(""), "BAD_LOG"],
    [() => readLog('{"log": [[1]]}'), "BAD_LOG", /hand 1/],
    [() => readLog('{"type":"start_game"}\n{"type":"start_kyoku"}'), "BAD_LOG", /line 2/],
    [() => readLog('{"type":"start_game"}', "nowhere"), "BAD_ARGUMENT"],
  ];
  for (const [f, code, message] of cases) {
    throwsCode(f, code, message);
    assert.equal(game.snapshot(), before);
  }
  // Walls the rules refuse, in a match waiting for one.
  const walls = Mahjong.withWalls("tenhou");
  const wall = new Mahjong(1, "tenhou");
  wall.deal();
  const good = JSON.parse(wall.snapshot()).walls[0];
  throwsCode(() => walls.deal("1m".repeat(136)), "BAD_DEAL", /1m/);
  throwsCode(() => walls.deal(good.slice(2)), "BAD_DEAL");
  throwsCode(() => walls.deal("xx" + good.slice(2)), "BAD_DEAL", /tile 1/);
  throwsCode(() => Mahjong.withWalls("wrc").deal(good), "BAD_DEAL", /red/);
  assert.equal(walls.needsWall(), true);
  walls.deal(good);
  assert.deepEqual(walls.view(0), wall.view(0));
  // A move in the middle of a hand that changes the log: the replay names the line.
  const lines = read("crates/mahjong-core/tests/data/mjai/riichienv-58.jsonl").split("\n");
  const at = lines.findIndex((l, i) => i > 200 && l.includes('"dahai"'));
  lines[at] = lines[at].replace(/"pai":"[^"]*"/, '"pai":"C"');
  throwsCode(() => readLog(lines.join("\n")), "BAD_LOG", new RegExp(`hand 2 .*line ${at + 1}`));
  // The module works on: the game plays to its end from where it was.
  assert.equal(shanten("123m456p789s1122z"), 0);
  playOut(game, "efficiency");
  assert.equal(game.result().points.reduce((a, b) => a + b, 0), 100_000);
});

test("shanten is asked of a hand in play: 3n+1 or 3n+2 tiles", () => {
  for (const hand of ["", "123m", "123456m", "123m456p789s123z"]) {
    throwsCode(() => shanten(hand), "BAD_HAND", /3n\+1 or 3n\+2/);
  }
  throwsCode(() => shantenCounts(new Uint8Array(34)), "BAD_HAND", /3n\+1 or 3n\+2/);
  const batch = new Uint8Array(68);
  batch.set(countsOf("123m456p789s1122z"));
  batch.set(countsOf("123m"), 34);
  throwsCode(() => shantenBatch(batch), "BAD_HAND", /^hand 1: 3 tiles/);
  assert.equal(shanten("1m"), 0);
  assert.equal(shanten("12m"), 0);
});

test("an array whose entries throw is refused, and the game stays usable", () => {
  const game = new Mahjong(5);
  game.deal();
  const before = game.snapshot();
  const bots = new Proxy(["efficiency", "efficiency", "efficiency", "efficiency"], {
    get(target, key) {
      if (key === "2") throw new Error("boom");
      return target[key];
    },
  });
  throwsCode(() => game.playBots(bots), "BAD_ARGUMENT", /entry 2 cannot be read/);
  assert.equal(game.snapshot(), before);
  assert.ok(game.view(0));
  game.playBots(["random", "random", "random", "random"], 1);
  assert.notEqual(game.snapshot(), before);
});
