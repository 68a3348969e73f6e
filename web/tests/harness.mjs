// What the end-to-end tests share: a static file server over web/page/dist, Debian's
// Chromium driven by playwright-core, and a loop that plays a game on the page to its end.

import { createServer } from "node:http";
import { mkdirSync, existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const web = fileURLToPath(new URL("..", import.meta.url));
export const dist = join(web, "page", "dist");
export const results = join(web, "test-results");

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".json": "application/json",
  ".png": "image/png",
};

/** Serves `root` on a free port of 127.0.0.1; returns its URL and a `close`. */
export async function serve(root = dist) {
  if (!existsSync(join(root, "index.html"))) {
    throw new Error(`${root} has no index.html: build the page first (web/build.sh)`);
  }
  const server = createServer(async (request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url, "http://x").pathname));
    const file = join(root, path.endsWith("/") ? `${path}index.html` : path);
    try {
      if (!file.startsWith(root)) throw new Error("outside");
      const body = await readFile(file);
      response.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
      response.end(body);
    } catch {
      response.writeHead(404).end("not found");
    }
  });
  await new Promise((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address();
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((done) => server.close(done)) };
}

/** Debian's Chromium, headless. */
export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** A new page at `url`; its uncaught errors and console errors are collected in `errors`. */
export async function open(browser, url) {
  const page = await browser.newPage({ viewport: { width: 1360, height: 900 } });
  // A control that never shows fails the test in 15 s, not Playwright's 30.
  page.setDefaultTimeout(15_000);
  const errors = [];
  page.on("pageerror", (error) => errors.push(`page error: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console error: ${message.text()}`);
  });
  await page.goto(url);
  return { page, errors };
}

/** The session root of `game` (its `data-turn` and `data-actions` say where it stands). */
export function session(page, game) {
  return page.locator(`.session[data-game="${game}"]`);
}

async function waitForTurn(page, game, after, timeout) {
  await page.waitForFunction(
    ([game, after]) => {
      const root = document.querySelector(`.session[data-game="${game}"]`);
      const turn = root?.dataset.turn;
      return (turn === "human" || turn === "over" || turn === "error") && Number(root.dataset.actions) > after;
    },
    [game, after],
    { timeout, polling: 20 },
  );
  const root = session(page, game);
  return { turn: await root.getAttribute("data-turn"), actions: Number(await root.getAttribute("data-actions")) };
}

/** Plays `game` on `page` to its end: `human(page, turn)` acts each time the human is to
 * move (turn: the number of the human's decision, from 0). Returns the number of actions. */
export async function playToEnd(page, game, human, { timeout = 60_000 } = {}) {
  let state = await waitForTurn(page, game, -1, timeout);
  for (let turn = 0; state.turn === "human"; turn++) {
    await human(page, turn);
    state = await waitForTurn(page, game, state.actions, timeout);
  }
  if (state.turn === "error") {
    const status = await session(page, game).getByRole("alert").textContent();
    throw new Error(`the page reports: ${status}`);
  }
  return state.actions;
}

/** The page's record of `game`: [{ seat, action, seed }] (seed for the bots' actions). */
export function record(page, game) {
  return session(page, game)
    .locator(".record li")
    .evaluateAll((items) =>
      items.map((li) => ({
        seat: Number(li.dataset.seat),
        action: JSON.parse(li.dataset.action),
        seed: li.dataset.seed === undefined ? null : Number(li.dataset.seed),
        text: li.textContent,
      })),
    );
}

/** The result line the page shows for `game`. */
export function result(page, game) {
  return session(page, game).getByRole("status", { name: "Result" }).textContent();
}

/** Saves a screenshot of the page to web/test-results/`name`.png. */
export async function screenshot(page, name) {
  mkdirSync(results, { recursive: true });
  const path = join(results, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}
