// End-to-end tests of the web page in headless Chromium: each game played to its end by
// clicks and keys, the page's result checked against the package's own (under node) for
// the same seed and the same actions, the tools fed known inputs; a screenshot per game in
// web/test-results/. Build first: web/build.sh.

import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { Omok } from "../pkg/node.js";
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
