// No input aborts the module: thousands of calls with random arguments (strings, numbers,
// objects, null, undefined...) on every method of every game. A call either succeeds or
// throws a TabletopError with a code; a refused call leaves the game as it was; and the
// module keeps working (a Rust panic would throw a WebAssembly RuntimeError and poison
// the instance).
import { test } from "node:test";
import assert from "node:assert/strict";
import * as tr from "../pkg/node.js";
import { generator } from "../random.mjs";

const CALLS = Number(process.env.WEB_FUZZ_CALLS ?? 3000);

/** A random argument: often a plausible one (`plausible`), else anything. */
function argument(random, plausible) {
  const pick = (list) => list[Math.floor(random() * list.length)];
  switch (Math.floor(random() * 8)) {
    case 0:
    case 1:
      return plausible.length ? pick(plausible) : "";
    case 2:
      return pick([0, 1, 2, -1, 255, 256, 2 ** 32, 2 ** 53, -(2 ** 60), 1e308, NaN, Infinity, 0.5]);
    case 3:
      return pick(["", " ", "\u0000", "💥", "a".repeat(5000), "-", "1", "null", "{}", "[]", "h8", "1G", "call"]);
    case 4:
      return pick([null, undefined, true, {}, [], { a: 1 }, [1, 2], { length: 1e9 }, { length: -1 }, new Uint8Array(40)]);
    case 5:
      return String.fromCharCode(...Array.from({ length: Math.floor(random() * 12) }, () => Math.floor(random() * 0x3000)));
    default:
      return plausible.length ? pick(plausible) + pick(["", " ", "x", "0"]) : 7;
  }
}

/** Calls `f`; a throw must be a TabletopError, and then `snapshot()` must not change. */
function call(game, f) {
  const before = JSON.stringify(game.snapshot());
  try {
    f();
    return true;
  } catch (e) {
    assert.equal(e?.name, "TabletopError", `${e?.stack ?? e}`);
    assert.match(e.code, /^[A-Z_]+$/);
    assert.equal(JSON.stringify(game.snapshot()), before);
    return false;
  }
}

/** Random calls on games made by `make`, the methods in `methods` (name, plausible args). */
function fuzz(seed, make, methods) {
  const random = generator(seed);
  let game = make();
  let applied = 0;
  for (let i = 0; i < CALLS; i++) {
    if (game.toMove() === null) game = make();
    const [name, plausible] = methods[Math.floor(random() * methods.length)];
    const args = Array.from({ length: Math.floor(random() * 4) }, () => argument(random, plausible(game)));
    if (call(game, () => game[name](...args))) applied++;
  }
  assert.ok(applied > CALLS / 10, `only ${applied} calls of ${CALLS} succeeded`);
  return applied;
}

test("omok: random calls never abort the module", () => {
  const rules = ["renju", "freestyle", "standard", "omok"];
  let k = 0;
  fuzz(1, () => new tr.Omok(rules[k++ % 4], 9 + (k % 7)), [
    ["play", (g) => g.legalActions()],
    ["botAction", () => ["random", "threat", "search"]],
    ["undo", () => []],
    ["fouls", () => []],
    ["rows", () => []],
  ]);
  for (let i = 0; i < 200; i++) {
    const random = generator(i);
    try {
      new tr.Omok(argument(random, rules), argument(random, [9, 15, 19]));
      tr.Omok.fromRecord(argument(random, rules), argument(random, [15]), argument(random, ["h8 h9", "h8,h9"]));
      tr.Omok.fromSnapshot(argument(random, []));
    } catch (e) {
      assert.equal(e?.name, "TabletopError", `${e?.stack ?? e}`);
    }
  }
});

test("matgo: random calls never abort the module", () => {
  let seed = 0;
  fuzz(2, () => new tr.Matgo(seed++), [
    ["apply", (g) => g.legalActions()],
    ["botAction", () => ["random", "tutorial", "search"]],
    ["view", () => [0, 1]],
    ["settlement", () => [1, 2, 4]],
  ]);
  for (let i = 0; i < 200; i++) {
    const random = generator(100 + i);
    try {
      tr.Matgo.fromDeck(argument(random, ["1G 1T 1P1"]), argument(random, [0, 1]), argument(random, ["standard", "classic"]));
      tr.matgoScore(argument(random, ["1G 3G", "9Y 1P1"]), argument(random, ["yeol", "ssangpi"]));
    } catch (e) {
      assert.equal(e?.name, "TabletopError", `${e?.stack ?? e}`);
    }
  }
});

test("poker: random calls never abort the module", () => {
  let seed = 0;
  fuzz(3, () => new tr.Poker(seed++), [
    ["apply", (g) => g.legalActions()],
    ["botAction", () => ["random", "counting"]],
    ["view", () => [0, 1]],
    ["outcome", () => []],
  ]);
});

test("mahjong: random calls never abort the module", () => {
  let seed = 0;
  const make = () => {
    const game = new tr.Mahjong(seed++, ["tenhou", "tenhou_sanma", "wrc"][seed % 3]);
    game.deal();
    return game;
  };
  fuzz(4, make, [
    ["apply", (g) => [g.toMove(), ...g.legalActions(g.toMove() ?? 0)]],
    ["botAction", (g) => [g.toMove(), "efficiency", "random", "classroom"]],
    ["view", () => [0, 1, 2, 3]],
    ["legalActions", () => [0, 1, 2, 3]],
    ["deal", () => []],
    ["playBots", () => [["efficiency", null, "random", null], 7, 2]],
  ]);
  const functions = [
    [tr.shanten, ["123m456p789s1122z", "1m"]],
    [tr.waits, ["123m456p789s1122z", "19m19p19s1234567z"]],
    [tr.ukeire, ["123m456p789s1123z"]],
    [tr.scoreHand, ["123m456p789s2399s 4s ron riichi", "tenhou"]],
    [tr.readLog, ['{"type":"start_game"}', "tenhou"]],
    [tr.shantenCounts, [new Uint8Array(34), Array(34).fill(0)]],
    [tr.scoreValues, ["123m456p789s2399s 4s ron riichi", "tenhou"]],
  ];
  for (let i = 0; i < 400; i++) {
    const random = generator(1000 + i);
    const [f, plausible] = functions[i % functions.length];
    try {
      f(argument(random, plausible), argument(random, plausible));
    } catch (e) {
      assert.equal(e?.name, "TabletopError", `${e?.stack ?? e}`);
    }
  }
});
