// Matgo against a bot: the human is player 0 (A, who leads). The hand's cards are buttons
// for the plays; the other legal actions (take, shake, bomb, go, stop...) are buttons too.

import { actionBar, actionButton, type ActionButton, capitalize } from "../shared/actions";
import { type Child, h, select } from "../shared/dom";
import { EventLog } from "../shared/event-log";
import { type HwatuCard, Matgo, type MatgoEvent, type MatgoRules, type MatgoScore, type MatgoSettlement, type MatgoView } from "../shared/rules";
import type { GameSpec, Table } from "../shared/session";
import { hwatuBack, hwatuCard } from "./hwatu-card";

const RULES: [string, string][] = [
  ["standard", "Standard"],
  ["classic", "Classic"],
  ["tutorial", "Tutorial"],
];
const BOTS: [string, string][] = [
  ["search", "Search"],
  ["tutorial", "Tutorial"],
  ["random", "Random"],
];
const NAMES = ["you", "the bot"];
/** How a capture pile is laid out: one row per group of kinds. */
const PILE_ROWS: [string, HwatuCard["kind"][]][] = [
  ["Gwang", ["gwang"]],
  ["Yeol", ["yeol"]],
  ["Tti", ["tti"]],
  ["Pi", ["pi", "ssangpi", "bonus"]],
];
const TALLY: [string, string][] = [
  ["goes", "go"],
  ["shakes", "shake"],
  ["bombs", "bomb"],
  ["ppuks", "ppuk"],
];

function cards(list: HwatuCard[], small = true): HTMLElement[] {
  return list.map((c) => hwatuCard(c, small));
}

/** The floor's cards in stacks by month (bonus cards apart). */
function byMonth(list: HwatuCard[]): HwatuCard[][] {
  const stacks = new Map<number, HwatuCard[]>();
  for (const card of list) {
    const key = card.month ?? 0;
    stacks.set(key, [...(stacks.get(key) ?? []), card]);
  }
  return [...stacks.values()];
}

function pile(label: string, list: HwatuCard[]): HTMLElement {
  return h(
    "div",
    { class: "pile", role: "group", "aria-label": label },
    ...PILE_ROWS.map(([name, kinds]) => {
      const row = list.filter((c) => kinds.includes(c.kind));
      return h("div", { class: "pile-row" }, h("span", { class: "pile-name" }, `${name} ${row.length}`), ...cards(row));
    }),
  );
}

function score(label: string, s: MatgoScore, tally: Record<string, number>): HTMLElement {
  const parts = s.categories.map((c) => `${c.name} ${c.points}`).join(", ");
  const counts = TALLY.filter(([key]) => tally[key] > 0).map(([key, word]) => `${tally[key]} ${word}`);
  return h(
    "p",
    { class: "score", "aria-label": `${label} score` },
    h("strong", {}, `${s.total} points`),
    parts && ` (${parts})`,
    counts.length > 0 && ` · ${counts.join(", ")}`,
  );
}

/** The buttons of the actions other than a plain play: take, shake, bomb, go, stop... */
function otherActions(actions: string[]): ActionButton[] {
  return actions
    .filter((a) => !a.startsWith("play "))
    .map((action) => {
      const [verb, arg] = action.split(" ");
      const label = verb === "bomb" ? `Bomb month ${arg}` : capitalize(action);
      return { content: label, name: label, action, class: verb === "go" || verb === "stop" ? "primary" : undefined };
    });
}

class MatgoTable implements Table<string> {
  readonly human = 0;
  private readonly events = new EventLog();

  constructor(
    private readonly game: Matgo,
    private readonly bot: string,
    private readonly iterations: number,
    private readonly area: HTMLElement,
  ) {
    this.events.add(game.dealEvents() as MatgoEvent[]);
  }

  toMove(): number | null {
    return this.game.toMove();
  }

  botRequest(seat: number, seed: number) {
    const snapshot = this.game.snapshot();
    return { game: "matgo" as const, snapshot, seat, bot: this.bot, seed, options: { iterations: this.iterations } };
  }

  apply(seat: number, action: string): string {
    this.events.add(this.game.apply(action) as MatgoEvent[]);
    return `${NAMES[seat]}: ${action}`;
  }

  draw(act: ((action: string) => void) | null): void {
    const view = this.game.view(this.human) as MatgoView;
    const legal = act ? this.game.legalActions() : [];
    const settlement = this.game.settlement() as MatgoSettlement | null;
    this.area.replaceChildren(
      h(
        "div",
        { class: "matgo" },
        this.opponent(view),
        this.floor(view),
        this.mine(view, legal, act),
        this.log(view, settlement),
      ),
    );
  }

  private opponent(view: MatgoView): HTMLElement {
    const tally = view.tallies[1] as Record<string, number>;
    return h(
      "section",
      { class: "seat-box", "aria-label": "The bot" },
      h("h3", {}, `The bot (player B) · ${view.opponentHandLen} ${view.opponentHandLen === 1 ? "card" : "cards"} in hand`),
      h("div", { class: "hand backs" }, ...Array.from({ length: view.opponentHandLen }, () => hwatuBack(true))),
      view.opponentShown.length > 0 && h("p", {}, "Shown by shaking: ", ...cards(view.opponentShown)),
      pile("The bot's captured cards", view.captured[1]),
      score("The bot's", view.scores[1], tally),
    );
  }

  private floor(view: MatgoView): HTMLElement {
    const piles = view.piles.flatMap((p, i) => (p.length > 0 ? [h("p", {}, `Ppuk pile of ${NAMES[i]}: `, ...cards(p))] : []));
    return h(
      "section",
      { class: "floor", "aria-label": "Floor" },
      h("div", { class: "stock" }, hwatuBack(), h("span", {}, `${view.stockLen} in the stock`)),
      h("div", { class: "stacks" }, ...byMonth(view.floor).map((stack) => h("div", { class: "stack" }, ...cards(stack, false)))),
      view.awaitingChoice.length > 0 && h("p", { class: "awaiting" }, "Waiting for a choice: ", ...cards(view.awaitingChoice)),
      ...piles,
    );
  }

  private mine(view: MatgoView, legal: string[], act: ((action: string) => void) | null): HTMLElement {
    const plays = new Set(legal.filter((a) => a.startsWith("play ")));
    const hand = view.hand.map((card) => {
      const action = `play ${card.card}`;
      const button = actionButton({ content: hwatuCard(card), name: `Play ${card.card}`, action, class: "card-button" }, act);
      button.disabled = !plays.has(action);
      return button;
    });
    const decision: Child = view.decision && act ? `Your decision: ${view.decision}.` : view.decision;
    return h(
      "section",
      { class: "seat-box mine", "aria-label": "You" },
      h("h3", {}, "You (player A)"),
      pile("Your captured cards", view.captured[0]),
      score("Your", view.scores[0], view.tallies[0] as Record<string, number>),
      h("p", { class: "decision" }, decision),
      h("div", { class: "hand", role: "group", "aria-label": "Your hand" }, ...hand),
      actionBar("Other actions", otherActions(legal), act),
    );
  }

  /** The settlement's explanation once the game is over, then the latest events. */
  private log(view: MatgoView, settlement: MatgoSettlement | null): HTMLElement {
    const lines = settlement ? settlement.lines : [];
    return this.events.element(
      view.outcome !== null && h("h3", {}, "Settlement"),
      lines.length > 0 && h("ul", { class: "settlement" }, ...lines.map((l) => h("li", {}, l))),
    );
  }

  result(): string {
    const s = this.game.settlement() as MatgoSettlement | null;
    if (!s) return "";
    if (s.winner === null) return "No winner (nagari or an instant end): nobody pays.";
    return s.winner === this.human ? `You win ${s.points} points.` : `The bot wins ${s.points} points.`;
  }

  seatName(seat: number): string {
    return seat === this.human ? "You" : "The bot";
  }

  free(): void {
    this.game.free();
  }
}

/** The Matgo tab. */
export function matgo(): GameSpec<string> {
  const rules = select("Rules", RULES, "standard");
  const bot = select("Bot", BOTS, "search");
  const iterations = select("Bot strength", [["100", "100 playouts"], ["400", "400 playouts"], ["1500", "1,500 playouts"]], "400");
  return {
    id: "matgo",
    label: "Matgo",
    options: [rules.field, bot.field, iterations.field],
    start: (seed, area) => new MatgoTable(new Matgo(seed, rules.input.value as MatgoRules), bot.input.value, Number(iterations.input.value), area),
  };
}
