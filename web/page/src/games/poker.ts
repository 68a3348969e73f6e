// Two-sided poker against a bot: the human is seat 0 (player one). Each player sees both
// fronts and its own back; the match goes on until a player has no chips (or the hand
// limit of the rules).

import { h, select } from "../shared/dom";
import { EventLog } from "../shared/event-log";
import { Poker, type PokerEvent, type PokerOutcome, type PokerView } from "../shared/rules";
import type { GameSpec, Table } from "../shared/session";
import { pokerControls } from "./poker-controls";
import { twoSidedCard } from "./twosided-card";

const RULES: [string, string][] = [
  ["standard", "Standard (30 chips)"],
  ["grand-final", "Grand final"],
];
const BOTS: [string, string][] = [
  ["equilibrium", "Equilibrium"],
  ["counting", "Counting"],
  ["random", "Random"],
];
const NAMES = ["you", "the bot"];

function stat(label: string, value: string | number): HTMLElement {
  return h("div", { class: "stat" }, h("span", {}, label), h("b", {}, value));
}

class PokerTable implements Table<string> {
  readonly human = 0;
  private readonly events = new EventLog();

  constructor(
    private readonly game: Poker,
    private readonly bot: string,
    private readonly area: HTMLElement,
  ) {}

  toMove(): number | null {
    return this.game.toMove();
  }

  botRequest(seat: number, seed: number) {
    return { game: "poker" as const, snapshot: this.game.snapshot(), seat, bot: this.bot, seed };
  }

  apply(seat: number, action: string): string {
    const events = this.game.apply(action) as PokerEvent[];
    this.events.add(events);
    return `${NAMES[seat]}: ${action}`;
  }

  draw(act: ((action: string) => void) | null): void {
    const view = this.game.view(this.human) as PokerView;
    this.area.replaceChildren(
      h(
        "div",
        { class: "poker" },
        this.player(view, 1),
        this.middle(view),
        this.player(view, 0),
        act ? pokerControls(view.legalActions, act) : h("p", { class: "decision" }, this.game.isOver() ? "" : "The bot is to act."),
        this.events.element(),
      ),
    );
  }

  private player(view: PokerView, seat: number): HTMLElement {
    const mine = seat === this.human;
    const card = mine
      ? twoSidedCard("Your", view.card.front, view.card.back)
      : twoSidedCard("The bot's", view.opponentFront, this.shownBack(view));
    return h(
      "section",
      { class: `seat-box poker-seat${mine ? " mine" : ""}`, "aria-label": mine ? "You" : "The bot" },
      h("h3", {}, mine ? "You" : "The bot", h("small", {}, mine ? "player one" : "player two")),
      card,
      h(
        "div",
        { class: "stats" },
        stat("Chips", view.chips[seat]),
        stat("Ante", view.ante[seat]),
        stat("Level", view.levels[seat]),
        stat("Bet", view.bets[seat]),
        stat("Side", view.sides[seat] ?? "—"),
      ),
    );
  }

  /** The bot's back when this hand's showdown showed it. */
  private shownBack(view: PokerView): number | null {
    const reveals = view.revealed as { hand: number; deck: number; seat: string; face: string; value: number }[];
    const shown = reveals.find((r) => r.hand === view.hand && r.deck === view.deck && r.seat === "Two" && r.face === "Back");
    return shown?.value ?? null;
  }

  private middle(view: PokerView): HTMLElement {
    return h(
      "section",
      { class: "pot", "aria-label": "Table" },
      stat("Pot", view.pot),
      stat("Carry-over", view.carryOver),
      stat("Hand", view.hand),
      stat("Deck", `${view.deck} (${view.cardsLeft} left)`),
    );
  }

  result(): string {
    const outcome = this.game.outcome() as PokerOutcome | null;
    if (!outcome) return "";
    const verdict = outcome.winner === null ? "A draw." : outcome.winner === this.human ? "You win!" : "The bot wins.";
    return `${verdict} Chips: you ${outcome.chips[0]}, the bot ${outcome.chips[1]}; ${outcome.text}.`;
  }

  seatName(seat: number): string {
    return seat === this.human ? "You" : "The bot";
  }

  free(): void {
    this.game.free();
  }
}

/** The two-sided poker tab. */
export function poker(): GameSpec<string> {
  const rules = select("Rules", RULES, "standard");
  const bot = select("Bot", BOTS, "equilibrium");
  return {
    id: "poker",
    label: "Two-sided poker",
    options: [rules.field, bot.field],
    start: (seed, area) => new PokerTable(new Poker(seed, rules.input.value as "standard"), bot.input.value, area),
  };
}
