// The frame every game shares: the seed field, the game's options and a new-game button,
// the status line, the record of actions and the result; and the loop that asks the human
// (seat `human`) or the bots' worker for each action in turn.

import { BotWorker } from "./bots";
import { errorText, fill, h, select } from "./dom";
import type { BotRequest, GameKind } from "./protocol";
import { decisionSeed, freshSeed, MAX_SEED, parseSeed, urlSeed } from "./seed";

/** One game in progress, as a game's module drives it (a binding's object inside). */
export interface Table<A> {
  /** The seat the human plays. */
  readonly human: number;
  /** The seat to act now, `null` once the game is over. */
  toMove(): number | null;
  /** What the worker needs for `seat`'s bot decision (the snapshot, the bot's name). */
  botRequest(seat: number, seed: number): BotRequest;
  /** An action the page takes for the human without asking (the only one legal, such as
   * a mahjong `pass` when no claim is possible); null to ask. */
  forced?(): A | null;
  /** Whether a bot's `action` shows nothing worth the bots' pace (a mahjong pass). */
  silent?(action: A): boolean;
  /** Plays `action` for `seat`; returns its text for the record (throws if illegal). */
  apply(seat: number, action: A): string;
  /** Draws the game in its board; `act` is given when the human is to choose. */
  draw(act: ((action: A) => void) | null): void;
  /** The result in words, once the game is over. */
  result(): string;
  /** The seat's name in the status line (`white (bot)`). */
  seatName(seat: number): string;
  /** Frees the binding's object. */
  free(): void;
}

/** A game: its tab and how to start one. */
export interface GameSpec<A> {
  id: GameKind;
  label: string;
  /** Option fields shown beside the seed (rule, size, bots...). */
  options: HTMLElement[];
  /** A new game of `seed`, drawn in `board`. */
  start(seed: number, board: HTMLElement): Table<A>;
}

/** One record entry: who acted, the action as the binding takes it, the bot's seed. */
interface Entry {
  seat: number;
  action: unknown;
  text: string;
  seed?: number;
  /** Taken for the human without asking (the only legal action). */
  forced?: boolean;
}

const PACES: [string, string][] = [
  ["0", "instant"],
  ["250", "quick"],
  ["700", "slow"],
];

function pause(ms: number): Promise<void> {
  return ms > 0 ? new Promise((done) => setTimeout(done, ms)) : Promise.resolve();
}

/** The game's panel and its loop. */
export class Session<A> {
  private readonly bots = new BotWorker();
  private readonly seedInput = h("input", {
    type: "text",
    inputmode: "numeric",
    size: 12,
    "aria-label": "Seed",
  });
  private readonly pace = select("Bot pace", PACES, new URLSearchParams(location.search).get("pace") ?? "250");
  private readonly status = h("p", { class: "status", role: "status", "aria-label": "Status" });
  private readonly resultLine = h("p", { class: "result", role: "status", "aria-label": "Result" });
  private readonly recordList = h("ol", { class: "record", "aria-label": "Record" });
  private readonly board = h("div", { class: "board-area" });
  /** The session's root; `data-turn` (human, bot, over, error) and `data-actions` say where
   * the game stands, for tests and styles. */
  private readonly root = h("div", { class: "session" });
  private table: Table<A> | null = null;
  private entries: Entry[] = [];
  private generation = 0;
  private lastDraw = 0;
  /** The action whose control had the focus when the human last acted from the board
   * (`""` for a control without one), null when the human acted from elsewhere. */
  private focus: string | null = null;

  constructor(private readonly spec: GameSpec<A>) {
    this.seedInput.value = urlSeed() ?? String(freshSeed());
  }

  /** The panel: the toolbar, the board, and the side column. */
  mount(panel: HTMLElement): void {
    const form = h(
      "form",
      { class: "toolbar", "aria-label": `${this.spec.label} options` },
      h("label", { class: "field" }, "Seed", this.seedInput),
      ...this.spec.options,
      this.pace.field,
      h("button", { type: "submit" }, "New game"),
      h("button", { type: "button", onclick: () => this.newGame(freshSeed()) }, "Random seed"),
    );
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.newGame();
    });
    const side = h("aside", { class: "side" }, this.status, this.resultLine, h("h3", {}, "Record"), this.recordList);
    this.root.dataset.game = this.spec.id;
    fill(this.root, form, h("div", { class: "play" }, this.board, side));
    panel.replaceChildren(this.root);
    this.newGame();
  }

  /** Starts a game of the seed field's seed (or of `seed`, written into the field). */
  newGame(seed?: number): void {
    if (seed !== undefined) this.seedInput.value = String(seed);
    const parsed = parseSeed(this.seedInput.value);
    if (parsed === null) {
      const largest = MAX_SEED.toLocaleString("en");
      this.say(`The seed must be a whole number from 0 to ${largest}, in digits.`, true);
      return;
    }
    this.bots.cancel();
    this.table?.free();
    this.generation++;
    this.entries = [];
    this.recordList.replaceChildren();
    this.resultLine.textContent = "";
    this.rememberSeed(parsed);
    this.turn("bot");
    try {
      this.table = this.spec.start(parsed, this.board);
    } catch (error) {
      this.table = null;
      this.turn("error");
      this.say(`Cannot start the game: ${errorText(error)}`, true);
      return;
    }
    void this.run(this.table, parsed, this.generation);
  }

  /** Puts the seed into the URL, so that the address replays the game. */
  private rememberSeed(seed: number): void {
    const url = new URL(location.href);
    url.searchParams.set("seed", String(seed));
    history.replaceState(null, "", url);
  }

  private async run(table: Table<A>, seed: number, generation: number): Promise<void> {
    const live = () => generation === this.generation;
    try {
      for (let seat = table.toMove(); seat != null && live(); seat = table.toMove()) {
        const forced = seat === table.human ? (table.forced?.() ?? null) : null;
        const entry =
          forced !== null ? { seat, action: forced, text: "", forced: true }
          : seat === table.human ? await this.humanTurn(table)
          : await this.botTurn(table, seat, seed);
        if (!live()) return;
        entry.text = table.apply(seat, entry.action as A);
        this.record(entry);
      }
      if (!live()) return;
      table.draw(null);
      this.turn("over");
      this.say("Game over.");
      this.resultLine.textContent = table.result();
    } catch (error) {
      if (!live()) return;
      console.error(error);
      this.turn("error");
      this.say(`Error: ${errorText(error)}`, true);
    }
  }

  private humanTurn(table: Table<A>): Promise<Entry> {
    this.say("Your turn.");
    this.turn("human");
    return new Promise((resolve) => {
      table.draw((action) => {
        this.rememberFocus();
        resolve({ seat: table.human, action, text: "" });
      });
      this.restoreFocus();
    });
  }

  /** Where the focus was when the human acted: in the board, on which action. */
  private rememberFocus(): void {
    const active = document.activeElement as HTMLElement | null;
    this.focus = active && this.board.contains(active) ? (active.dataset.action ?? "") : null;
  }

  /** After the redraw for the human's next turn, when the human last acted from the board
   * and the redraw took the focus away: the focus goes to the control of the same action,
   * else to the first enabled one, so that a keyboard player goes on where it was. */
  private restoreFocus(): void {
    const active = document.activeElement;
    if (this.focus === null || (active && active !== document.body && this.board.contains(active))) return;
    const enabled = ':not(:disabled):not([aria-disabled="true"])';
    const same = this.focus ? this.board.querySelector<HTMLElement>(`[data-action="${CSS.escape(this.focus)}"]${enabled}`) : null;
    (same ?? this.board.querySelector<HTMLElement>(`button${enabled}`))?.focus({ preventScroll: true });
  }

  private async botTurn(table: Table<A>, seat: number, seed: number): Promise<Entry> {
    this.drawWhileBotsPlay(table);
    this.turn("bot");
    this.say(`${table.seatName(seat)} is thinking…`);
    const botSeed = decisionSeed(seed, this.entries.length);
    const action = await this.bots.think(table.botRequest(seat, botSeed));
    if (action == null) throw new Error(`${table.seatName(seat)} found no action`);
    if (!table.silent?.(action as A)) await pause(Number(this.pace.input.value));
    return { seat, action, text: "", seed: botSeed };
  }

  /** Draws the table before a bot's decision; at the instant pace at most every 0.1 s
   * (the human's turn always draws it), so that long runs of bot actions stay fast. */
  private drawWhileBotsPlay(table: Table<A>): void {
    const now = performance.now();
    if (Number(this.pace.input.value) === 0 && now - this.lastDraw < 100) return;
    this.lastDraw = now;
    table.draw(null);
  }

  private turn(state: "human" | "bot" | "over" | "error"): void {
    this.root.dataset.turn = state;
    this.root.dataset.actions = String(this.entries.length);
  }

  private record(entry: Entry): void {
    this.entries.push(entry);
    this.root.dataset.actions = String(this.entries.length);
    const item = h(
      "li",
      {
        "data-seat": entry.seat,
        "data-action": JSON.stringify(entry.action),
        "data-seed": entry.seed,
        class: entry.seat === this.table?.human ? "mine" : undefined,
      },
      entry.forced ? `${entry.text} (auto)` : entry.text,
    );
    this.recordList.append(item);
    this.recordList.scrollTop = this.recordList.scrollHeight;
  }

  private say(text: string, alarm = false): void {
    this.status.textContent = text;
    this.status.classList.toggle("alarm", alarm);
    this.status.setAttribute("role", alarm ? "alert" : "status");
  }
}
