// End-to-end tests of the web page in headless Chromium: each game played to its end by
// clicks and keys, the page's result checked against the package's own (under node) for
// the same seed and the same actions, the tools fed known inputs; a screenshot per game in
// web/test-results/. Build first: web/build.sh.

import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { readFileSync } from "node:fs";
import { Mahjong, Matgo, Omok, Poker, readLog, scoreHand } from "../pkg/node.js";
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

/** The seed of the bot decision after `actions` actions of the game of `seed`, as the
 * page documents it (web/page/src/shared/seed.ts). */
function decisionSeed(seed, actions) {
  return (seed % 2 ** 32) * 2 ** 20 + (actions % 2 ** 20);
}

/** Each bot action of the record was decided with the seed the game's seed and the
 * number of actions before it give. */
function checkSeeds(moves, seed) {
  moves.forEach((move, i) => {
    if (move.seed !== null) assert.equal(move.seed, decisionSeed(seed, i), `the seed of ${i + 1}. ${move.text}`);
  });
}

test("omok: black's double-three is marked forbidden under renju and cannot be played", async (t) => {
  const page = await visit(t, "seed=1&pace=0", "omok");
  await newGame(page, "omok", { Rule: "renju", Board: "15", "You play": "black", Bot: "random" });
  const board = page.getByRole("group", { name: "Board, 15 by 15" });
  // Black h8 i8 (a row) and j10 j9 (a column): j8 would make two open threes. The random
  // bot's replies for seed 1 (l3 l5 a12 o15) stay out of the way.
  for (const [i, point] of ["h8", "i8", "j10", "j9"].entries()) {
    await board.getByRole("button", { name: point, exact: true }).click();
    await page.waitForFunction((n) => document.querySelector('.session[data-game="omok"]').dataset.actions === String(n) && document.querySelector('.session[data-game="omok"]').dataset.turn === "human", 2 * i + 2);
  }
  const moves = await record(page, "omok");
  const game = Omok.fromRecord("renju", 15, moves.map((m) => m.action).join(" "));
  assert.deepEqual(game.fouls(), [{ point: "j8", foul: "double-three" }]);
  const foul = board.getByRole("button", { name: "j8 forbidden: double-three", exact: true });
  assert.equal(await foul.getAttribute("aria-disabled"), "true");
  // Playwright will not click what is aria-disabled: Enter on it, as a keyboard user would.
  await foul.focus();
  await page.keyboard.press("Enter");
  assert.equal((await record(page, "omok")).length, moves.length, "Enter on a forbidden point plays nothing");
  assert.equal(await page.locator(".board-note").textContent(), "j8: forbidden to black (double-three)");
  game.free();
  await screenshot(page, "omok-renju-foul");
});

/** Replays the page's `moves` on `game` (apply(action)), checking each bot action against
 * `bot(game, seed)`, the package's own choice for that decision's seed. */
function replay(game, moves, bot, seed) {
  checkSeeds(moves, seed);
  for (const move of moves) {
    if (move.seed !== null) assert.equal(bot(game, move.seed), move.action, `the bot's ${move.text} is the package's`);
    game.apply(move.action);
  }
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

  checkSeeds(moves, 7);
  const game = new Omok("renju", 15);
  for (const move of moves) {
    if (move.seed !== null) {
      assert.equal(game.botAction("search", move.seed, 2000), move.action, "the bot's move is the package's");
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


test("matgo: a game against the search bot, played by a click then Enter alone, settles as the package says", async (t) => {
  const page = await visit(t, "seed=11&pace=0", "matgo");
  await newGame(page, "matgo", { Rules: "standard", Bot: "search", "Bot strength": "100" });
  const board = session(page, "matgo").locator(".board-area");
  await playToEnd(page, "matgo", async (page, turn) => {
    // The first turn by a click on the first enabled button (a card of the hand...); then
    // by Enter alone: after each redraw the focus is back on an enabled button of the board.
    if (turn === 0) return board.locator("button:not(:disabled)").first().click();
    assert.ok(await board.evaluate((b) => b.contains(document.activeElement) && !document.activeElement.disabled));
    await page.keyboard.press("Enter");
  });
  const moves = await record(page, "matgo");
  const game = new Matgo(11, "standard");
  replay(game, moves, (g, seed) => g.botAction("search", seed, 100), 11);
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
  replay(game, moves, (g, seed) => g.botAction("counting", seed), 5);
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
  checkSeeds(moves, 2);
  const game = new Mahjong(2, "tenhou");
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
  // The seats are drawn in seat order (placed around the table by the grid).
  const points = await page.locator(".mj-seat .points").allTextContents();
  assert.deepEqual(points, game.points().map((p) => p.toLocaleString("en")), "each seat's final points");
  game.free();
  await screenshot(page, "mahjong");
});

/** A file of the repository, as text. */
function repoFile(path) {
  return readFileSync(new URL(`../../${path}`, import.meta.url), "utf8");
}

test("mahjong: one hand by the keyboard, its wins and points as the package's", async (t) => {
  const page = await visit(t, "seed=4&pace=0", "mahjong");
  await newGame(page, "mahjong", { Rules: "mahjong_soul", Match: "hand", Bots: "efficiency" });
  const me = page.getByRole("region", { name: "Your hand" });
  await playToEnd(page, "mahjong", async (page, turn) => {
    // Tab from the seed field to the first enabled control of your hand, then Enter.
    if (turn === 0) await page.getByLabel("Seed").focus();
    const first = me.locator("button:not(:disabled)").first();
    for (let tabs = 0; !(await first.evaluate((b) => b === document.activeElement)); tabs++) {
      assert.ok(tabs < 60, "Tab reaches the hand");
      await page.keyboard.press("Tab");
    }
    await page.keyboard.press("Enter");
  });
  const moves = await record(page, "mahjong");
  checkSeeds(moves, 4);
  const game = new Mahjong(4, "mahjong_soul");
  game.deal();
  for (const move of moves) game.apply(move.seat, move.action);
  assert.ok(game.needsWall() && game.hands() === 1, "one hand, played to its end");
  const shown = await result(page, "mahjong");
  const points = ["You", "Right bot", "Across bot", "Left bot"].map((n, s) => `${n} ${game.points()[s].toLocaleString("en")}`);
  assert.ok(shown.endsWith(`Points: ${points.join(", ")}.`), shown);
  const view = game.view(0);
  assert.deepEqual(await page.locator(".mj-seat .points").allTextContents(), view.seats.map((s) => s.points.toLocaleString("en")));
  game.free();
});

test("calculator: hands with known scores, the package's explanation, errors in words", async (t) => {
  // The tabs by the keyboard: from Omok, Right arrow four times to the calculator.
  const page = await visit(t, "", "omok");
  await page.getByRole("tab", { name: "Omok" }).focus();
  for (let i = 0; i < 4; i++) await page.keyboard.press("ArrowRight");
  assert.equal(await page.getByRole("tab", { name: "Calculator" }).getAttribute("aria-selected"), "true");
  assert.ok(await page.getByRole("tabpanel", { name: "Calculator" }).isVisible());
  const form = page.getByRole("form", { name: "Hand calculator" });
  const score = page.getByRole("region", { name: "Score" });
  // Known answers (mahjong-core's calculator example and README; Tenhou's scoring).
  const known = [
    ["123m456p789s2399s 4s ron riichi dora 1m", "tenhou", "3 han 30 fu: ron 3,900; total 3,900"],
    ["123m57p789s99s6p pon 777z win 6p tsumo seat W", "tenhou", "1 han 30 fu: tsumo 300 / 500 (dealer); total 1,100"],
    ["19m19p19s12345677z 7z tsumo seat E", "tenhou", "13 han (yakuman): tsumo 16,000 all; total 48,000"],
    ["22334455667788p 8p tsumo riichi seat S dora 1p", "tenhou", "15 han 20 fu (kazoe): tsumo 8,000 / 16,000 (dealer); total 32,000"],
    ["22334455667788p 8p tsumo riichi seat S dora 1p", "m_league", "15 han 20 fu (sanbaiman): tsumo 6,000 / 12,000 (dealer); total 24,000"],
  ];
  for (const [hand, rules, headline] of known) {
    await form.getByRole("textbox", { name: "Hand" }).fill(hand);
    await form.getByRole("combobox", { name: "Rules" }).selectOption(rules);
    await form.getByRole("textbox", { name: "Hand" }).press("Enter");
    assert.equal(await score.locator(".headline").textContent(), headline, hand);
    const expected = scoreHand(hand, rules);
    assert.equal(await score.getByLabel("Explanation").textContent(), expected.calculator, hand);
  }
  await form.getByRole("textbox", { name: "Hand" }).fill("456p789s23s99s chi 123m win 4s ron");
  await form.getByRole("button", { name: "Score" }).click();
  const alert = score.getByRole("alert");
  assert.match(await alert.textContent(), /^This hand cannot be scored: .*no yaku.*\(BAD_HAND\)$/);
  // The analysis of a hand in play: shanten, waits and ukeire.
  const analysis = page.getByRole("form", { name: "Hand analysis" });
  await analysis.getByRole("textbox", { name: "Tiles" }).fill("11123456789999m");
  await analysis.getByRole("button", { name: "Analyse" }).click();
  assert.equal(await page.getByRole("region", { name: "Analysis" }).locator(".headline").textContent(), "Shanten -1: complete (agari)");
  await analysis.getByRole("textbox", { name: "Tiles" }).fill("1112345678999m");
  await analysis.getByRole("button", { name: "Analyse" }).click();
  const waits = await page.getByRole("region", { name: "Analysis" }).locator(".tile-line").first().getByRole("img").count();
  assert.equal(waits, 9, "the nine gates wait on every man tile");
  await score.scrollIntoViewIfNeeded();
  await screenshot(page, "calculator");
});

/** Reads `text` in the log viewer; returns the viewer's region. */
async function readInViewer(page, text) {
  await page.getByRole("textbox", { name: "Log text" }).fill(text);
  await page.getByRole("button", { name: "Read the log" }).click();
  return page.getByRole("region", { name: "Log" });
}

test("log viewer: a Tenhou JSON log and an mjai log stepped through by keys and clicks; a bad log says why", async (t) => {
  const page = await visit(t, "", "log");
  const tenhou = repoFile("crates/mahjong-records/tests/data/tenhou6/tenhou-net/2019021004gm-00a9-0000-e2f6516d.json");
  const log = readLog(tenhou);
  const viewer = await readInViewer(page, tenhou);
  assert.equal(await page.getByRole("status").filter({ hasText: "Read the" }).textContent(), `Read the tenhou-json log: 4 players, ${log.hands.length} hands.`);
  const position = viewer.getByRole("status", { name: "Position" });
  // The keys step at once after reading, with no click into the viewer.
  await page.keyboard.press("ArrowRight");
  assert.match(await position.textContent(), /^Step 1 of /);
  await page.keyboard.press("ArrowLeft");
  // Every hand from the first to the last: Next hand, then the keys: End of the hand by
  // Right arrows, and each seat's points at the hand's end are the log's.
  for (let i = 0; i < log.hands.length; i++) {
    const hand = log.hands[i];
    if (i > 0) await viewer.getByRole("button", { name: "Next hand" }).click();
    assert.equal(await viewer.getByRole("combobox", { name: "Hand" }).inputValue(), String(i));
    const step = hand.steps.length - 1;
    await viewer.getByRole("slider", { name: "Step" }).fill(String(step - 2));
    await viewer.getByRole("button", { name: "Next event" }).focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    assert.match(await position.textContent(), new RegExp(`^Step ${step} of ${step}`), hand.name);
    const points = await viewer.locator(".mj-seat .points").allTextContents();
    assert.deepEqual(points, hand.steps[step].table.seats.map((s) => s.points.toLocaleString("en")), hand.name);
    // Every seat's tiles are shown.
    assert.equal(await viewer.locator(".hidden-hand").count(), 0);
  }
  await screenshot(page, "log-viewer-tenhou");
  // An mjai log loaded from a file (the file field reads it and shows it at once); its
  // wins carry the scoring explanation.
  const mjai = repoFile("crates/mahjong-core/tests/data/mjai/riichienv-58.jsonl");
  const mjaiLog = readLog(mjai);
  const file = { name: "riichienv-58.jsonl", mimeType: "application/jsonl", buffer: Buffer.from(mjai) };
  await page.getByLabel("Log file").setInputFiles(file);
  await page.getByRole("status").filter({ hasText: "Read the mjai log" }).waitFor();
  const first = mjaiLog.hands[0];
  await viewer.getByRole("slider", { name: "Step" }).fill(String(first.steps.length - 1));
  const events = await viewer.getByRole("region", { name: "Events of the step" }).locator("li").allTextContents();
  const expected = first.steps.at(-1).events.map((e) => e.text);
  assert.ok(expected.every((text, i) => events[i].startsWith(text)), `${events} / ${expected}`);
  // A bad log: the reason in words, and the page still there.
  for (const bad of ["hello, world", '{"type":"start_game"}\n{"type":"tsumo","actor":9}', '{"log": 7}']) {
    await readInViewer(page, bad);
    const alert = page.getByRole("alert");
    assert.match(await alert.textContent(), /^This log cannot be read: .+\(BAD_LOG\)$/, bad);
    assert.ok(await page.getByRole("button", { name: "Read the log" }).isVisible());
  }
  await screenshot(page, "log-viewer-bad-log");
});
