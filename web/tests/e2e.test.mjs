// End-to-end tests of the web page in headless Chromium: each game played to its end by
// clicks and keys, the page's result checked against the package's own (under node) for
// the same seed and the same actions, the tools fed known inputs; a screenshot per game in
// web/test-results/. Build first: web/build.sh.

import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { Mahjong, Matgo, Omok, Poker } from "../pkg/node.js";
import { launch, open, playToEnd, record, result, screenshot, serve, session } from "./harness.mjs";

let server;
let browser;

before(async () => {
  server = await serve();
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/** Opens the page at `query` and `tab`; fails the test on any page error at the end. */
async function visit(t, query, tab) {
  const { page, errors } = await open(browser, `${server.url}?${query}#${tab}`);
  t.after(async () => {
    await page.close();
    assert.deepEqual(errors, [], "the page logged no error");
  });
  return page;
}

/** Sets the labelled option fields of a game's toolbar, then starts a new game. */
async function newGame(page, game, fields) {
  const root = session(page, game);
  for (const [label, value] of Object.entries(fields)) {
    await root.getByLabel(label, { exact: true }).selectOption(value);
  }
  await root.getByRole("button", { name: "New game", exact: true }).click();
}

test("omok: a renju game against the search bot, played by keys and clicks, ends as the package says", async (t) => {
  const page = await visit(t, "seed=7&pace=0", "omok");
  const options = { Rule: "renju", Board: "15", "You play": "black", Bot: "search", "Bot strength": "2000" };
  await newGame(page, "omok", options);
  const board = page.getByRole("group", { name: "Board, 15 by 15" });
  await playToEnd(page, "omok", async (page, turn) => {
    if (turn === 0) {
      // The keyboard: the board's one tabbable point (the centre), one step right, Enter.
      await board.locator('button[tabindex="0"]').focus();
      await page.keyboard.press("ArrowRight");
      await page.keyboard.press("Enter");
    } else {
      await board.locator("button.playable").first().click();
    }
  });
  const moves = await record(page, "omok");
  assert.equal(moves[0].action, "i8", "the first move is the one the keys chose");

  const game = new Omok("renju", 15);
  for (const move of moves) {
    if (move.seed !== null) {
      assert.equal(game.botMove("search", 2000, move.seed), move.action, "the bot's move is the package's");
    }
    game.play(move.action);
  }
  const outcome = game.outcome();
  assert.ok(outcome, "the game is over in the package too");
  const shown = await result(page, "omok");
  assert.ok(shown.includes(outcome.text), `the page shows "${outcome.text}": ${shown}`);
  const marked = await board.locator("button.win").evaluateAll((cells) => cells.map((c) => c.ariaLabel.split(" ")[0]));
  assert.deepEqual(marked.sort(), [...outcome.line].sort(), "the winning line is marked");
  const stones = await board.locator("button.black, button.white").evaluateAll((cells) => cells.map((c) => c.ariaLabel));
  const played = moves.map((move, i) => `${move.action} ${i % 2 === 0 ? "black" : "white"}`);
  assert.deepEqual(stones.sort(), played.sort(), "every stone stands on its point");
  const fouls = await board.locator("button.foul").count();
  assert.equal(fouls, game.fouls().length, "black's forbidden points are marked");
  game.free();
  await screenshot(page, "omok");
});

/** Replays the page's `moves` on `game` (apply(action)), checking each bot action against
 * `bot(game, seed)`, the package's own choice for that decision's seed. */
function replay(game, moves, bot) {
  for (const move of moves) {
    if (move.seed !== null) assert.equal(bot(game, move.seed), move.action, `the bot's ${move.text} is the package's`);
    game.apply(move.action);
  }
}

test("matgo: a game against the search bot, played by clicks and keys, settles as the package says", async (t) => {
  const page = await visit(t, "seed=11&pace=0", "matgo");
  await newGame(page, "matgo", { Rules: "standard", Bot: "search", "Bot strength": "100" });
  const board = session(page, "matgo").locator(".board-area");
  await playToEnd(page, "matgo", async (page, turn) => {
    // The human takes the first enabled button: a card of the hand, or take/go/stop...
    const button = board.locator("button:not(:disabled)").first();
    if (turn % 2 === 0) await button.click();
    else {
      await button.focus();
      await page.keyboard.press("Enter");
    }
  });
  const moves = await record(page, "matgo");
  const game = new Matgo(11, "standard");
  replay(game, moves, (g, seed) => g.botAction("search", seed, 100));
  assert.ok(game.isOver(), "the game is over in the package too");
  const settlement = game.settlement();
  const shown = await result(page, "matgo");
  const expected =
    settlement.winner === null ? "No winner" : `${settlement.winner === 0 ? "You win" : "The bot wins"} ${settlement.points} points.`;
  assert.ok(shown.startsWith(expected), `the page shows "${expected}": ${shown}`);
  const lines = await board.locator(".settlement li").allTextContents();
  assert.deepEqual(lines, settlement.lines, "the settlement's explanation is the package's");
  game.free();
  await screenshot(page, "matgo");
});

test("two-sided poker: a match against the counting bot, played by keys and clicks, ends as the package says", async (t) => {
  const page = await visit(t, "seed=5&pace=0", "poker");
  await newGame(page, "poker", { Rules: "standard", Bot: "counting" });
  const actions = page.getByRole("group", { name: "Your actions" });
  await playToEnd(page, "poker", async (page, turn) => {
    const call = actions.getByRole("button", { name: "Call", exact: true });
    if (await call.count()) return call.click();
    // The first level field at its highest level, by the keyboard: type it, Enter.
    const level = actions.getByRole("spinbutton").first();
    const max = await level.getAttribute("max");
    await level.fill(max);
    if (turn % 2 === 0) return level.press("Enter");
    await actions.getByRole("button", { name: /^(Bet|Raise)/ }).first().click();
  });
  const moves = await record(page, "poker");
  const game = new Poker(5, "standard");
  replay(game, moves, (g, seed) => g.botAction("counting", seed));
  const outcome = game.outcome();
  assert.ok(outcome, "the match is over in the package too");
  const shown = await result(page, "poker");
  assert.ok(shown.includes(`Chips: you ${outcome.chips[0]}, the bot ${outcome.chips[1]}; ${outcome.text}`), shown);
  assert.ok(shown.startsWith(outcome.winner === 0 ? "You win" : "The bot wins"), shown);
  game.free();
  await screenshot(page, "poker");
});

test("mahjong: a hanchan against three bots, played by clicks, ends as the package says", async (t) => {
  const page = await visit(t, "seed=2&pace=0", "mahjong");
  await newGame(page, "mahjong", { Rules: "tenhou", Bots: "efficiency" });
  const me = page.getByRole("region", { name: "Your hand" });
  const started = Date.now();
  await playToEnd(
    page,
    "mahjong",
    async () => {
      // A win when offered, else the first enabled button: a discard, a call, Next hand.
      const win = me.getByRole("button", { name: /^(Tsumo|Ron)$/ });
      await ((await win.count()) ? win.first() : me.locator("button:not(:disabled)").first()).click();
    },
    { timeout: 120_000 },
  );
  const moves = await record(page, "mahjong");
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const bots = moves.filter((m) => m.seed !== null).length;
  t.diagnostic(`the hanchan: ${moves.length} actions (${bots} by the bots) in ${seconds} s`);
  const game = new Mahjong("tenhou", 2);
  game.deal();
  for (const move of moves) {
    if (move.seed !== null) assert.equal(game.botAction(move.seat, "efficiency", move.seed), move.action, move.text);
    if (move.action === "next hand") game.deal();
    else game.apply(move.seat, move.action);
  }
  const outcome = game.result();
  assert.ok(outcome, "the match is over in the package too");
  const shown = await result(page, "mahjong");
  assert.ok(shown.toLowerCase().includes(outcome.text.toLowerCase()), `the page shows "${outcome.text}": ${shown}`);
  const points = await page.locator(".mj-seat .points").allTextContents();
  const seats = await page.locator(".mj-seat").evaluateAll((s) => s.map((e) => e.getAttribute("aria-label")));
  const bySeat = ["You", "Right bot", "Across bot", "Left bot"].map((name) => points[seats.indexOf(name)]);
  assert.deepEqual(bySeat, game.points().map((p) => p.toLocaleString("en")), "each seat's final points");
  game.free();
  await screenshot(page, "mahjong");
});
