// A riichi hanchan at seat 0 against three bots: the four seats' rivers, melds, points and
// riichi around the table's centre (round, honba, sticks, dora); your hand's tiles are the
// discard buttons, the calls and wins are buttons, a pass with nothing to claim is taken
// for you, and each hand's end waits for "Next hand".

import { actionBar, type ActionButton, capitalize } from "../shared/actions";
import { h, select } from "../shared/dom";
import { EventLog } from "../shared/event-log";
import { Mahjong, type MahjongEvent, type MahjongRules, type MahjongSeat, type MahjongView } from "../shared/rules";
import type { GameSpec, Table } from "../shared/session";
import { mahjongTable } from "./mahjong-table";
import { tileFace, tileName } from "./mahjong-tile";

/** The four-player rule presets. */
export const MAHJONG_RULES: [string, string][] = [
  ["tenhou", "Tenhou"],
  ["mahjong_soul", "Mahjong Soul"],
  ["m_league", "M-League"],
  ["wrc", "WRC"],
];
const BOTS: [string, string][] = [
  ["efficiency", "Efficiency"],
  ["classroom", "Classroom"],
  ["random", "Random"],
];
/** The page's action between hands (not a `KyokuAction`): deal the next hand. */
export const NEXT_HAND = "next hand";
/** Seats around the table from seat 0's place: 1 on the right, 2 across, 3 on the left. */
const NAMES = ["You", "Right bot", "Across bot", "Left bot"];
const ENDINGS = ["Win", "Ryuukyoku", "Abort"];
const WINDS: Record<string, string> = { E: "East", S: "South", W: "West", N: "North" };

/** The label of a button for a legal action other than a discard. */
function actionLabel(action: string): string {
  const [verb, arg] = action.split(" ");
  if (verb === "riichi") return `Riichi, discarding ${tileName(arg)}`;
  if (verb === "pass") return "Pass";
  return arg ? `${capitalize(verb)} ${arg}` : capitalize(verb);
}

class MahjongTable implements Table<string> {
  readonly human = 0;
  private readonly events = new EventLog();
  /** The wins, draws and aborts of the hand just ended (shown until the next deal). */
  private ending: MahjongEvent[] = [];

  constructor(
    private readonly game: Mahjong,
    private readonly bot: string,
    /** Stop after the first hand (the page's choice; the match would go on). */
    private readonly oneHand: boolean,
    private readonly area: HTMLElement,
  ) {
    this.log(game.deal());
  }

  toMove(): number | null {
    if (this.game.isOver() || this.handDone()) return null;
    return this.game.needsWall() ? this.human : this.game.toMove();
  }

  /** Whether the one hand played (under "One hand") is over. */
  private handDone(): boolean {
    return this.oneHand && this.game.needsWall() && this.game.hands() >= 1;
  }

  forced(): string | null {
    const legal = this.game.needsWall() ? [] : this.game.legalActions(this.human);
    return legal.length === 1 && legal[0] === "pass" ? "pass" : null;
  }

  silent(action: string): boolean {
    return action === "pass";
  }

  botRequest(seat: number, seed: number) {
    return { game: "mahjong" as const, snapshot: this.game.snapshot(), seat, bot: this.bot, seed };
  }

  apply(seat: number, action: string): string {
    this.log(action === NEXT_HAND ? this.game.deal() : this.game.apply(seat, action, this.human));
    return `${NAMES[seat]}: ${action}`;
  }

  private log(events: MahjongEvent[]): void {
    if (events.some((e) => e.type === "HandStarted")) this.ending = [];
    this.ending.push(...events.filter((e) => ENDINGS.includes(e.type)));
    this.events.add(events);
  }

  draw(act: ((action: string) => void) | null): void {
    const view = this.game.view(this.human) as MahjongView;
    const names = NAMES.map((name, seat) => `${name} · seat ${seat}`);
    const options = { names, toMove: this.game.toMove(), title: this.title(), ownHand: false };
    this.area.replaceChildren(
      h(
        "div",
        { class: "mahjong" },
        mahjongTable(view, options),
        this.controls(view, act),
        this.events.element(),
      ),
    );
  }

  /** The hand's name; between hands the view is the last hand's, the match's numbers
   * the next one's. */
  private title(): string {
    const next = `${WINDS[this.game.roundWind()] ?? this.game.roundWind()} ${this.game.handNumber()}`;
    return this.game.needsWall() ? `Next: ${next}` : next;
  }

  private controls(view: MahjongView, act: ((action: string) => void) | null): HTMLElement {
    const between = this.game.needsWall() && !this.game.isOver() && !this.handDone();
    const legal = act && !between ? view.legal : [];
    const others: ActionButton[] = legal
      .filter((a) => a !== "tsumogiri" && !a.startsWith("discard "))
      .map((a) => ({ content: actionLabel(a), name: actionLabel(a), action: a, class: a === "pass" ? undefined : "primary" }));
    if (between) others.push({ content: "Next hand", name: "Next hand", action: NEXT_HAND, class: "primary" });
    return h(
      "section",
      { class: "mj-me", "aria-label": "Your hand" },
      view.offered && h("p", { class: "decision" }, "Claim ", tileFace(view.offered, { small: true }), "?"),
      !view.offered && legal.length > 0 && h("p", { class: "decision" }, "Your turn: discard a tile, or call or win with a button."),
      this.ending.length > 0 && this.handResult(),
      this.hand(view.seats[this.human], legal, act),
      actionBar("Calls and wins", others, act),
    );
  }

  /** How the last hand ended: each win with its hand and the scoring, or the draw. */
  private handResult(): HTMLElement {
    const items = this.ending.map((e) =>
      h(
        "li",
        {},
        h("b", {}, capitalize(e.text)),
        e.type === "Win" && h("code", { class: "win-hand" }, e.hand),
        e.type === "Win" && h("pre", { class: "explanation" }, e.score.text),
      ),
    );
    return h("div", { class: "hand-result", role: "group", "aria-label": "Hand result" }, h("h3", {}, "The hand is over"), h("ul", {}, ...items));
  }

  /** Your concealed tiles as discard buttons, the drawn tile apart. */
  private hand(seat: MahjongSeat, legal: string[], act: ((action: string) => void) | null): HTMLElement {
    const tiles = [...(seat.hand ?? [])];
    if (seat.drawn !== null) tiles.splice(tiles.lastIndexOf(seat.drawn), 1);
    const button = (tile: string, action: string, drawn: boolean) =>
      h(
        "button",
        {
          type: "button",
          class: `tile-button${drawn ? " drawn" : ""}`,
          "data-action": action,
          "aria-label": `${drawn ? "Discard the drawn" : "Discard"} ${tileName(tile)}`,
          disabled: !act || !legal.includes(action),
          onclick: () => act?.(action),
        },
        tileFace(tile),
      );
    return h(
      "div",
      { class: "hand", role: "group", "aria-label": "Your tiles" },
      ...tiles.map((t) => button(t, `discard ${t}`, false)),
      seat.drawn !== null && button(seat.drawn, "tsumogiri", true),
    );
  }

  result(): string {
    const result = this.game.result() as { text: string; ranking: number[] } | null;
    if (!result) {
      const points = this.game.points().map((p, seat) => `${NAMES[seat]} ${p.toLocaleString("en")}`);
      return `The hand is over: ${this.ending.map((e) => e.text).join("; ")}. Points: ${points.join(", ")}.`;
    }
    const place = result.ranking.indexOf(this.human) + 1;
    return `You finish ${["", "1st", "2nd", "3rd", "4th"][place]}. ${capitalize(result.text)}.`;
  }

  seatName(seat: number): string {
    return NAMES[seat];
  }

  free(): void {
    this.game.free();
  }
}

/** The mahjong tab. */
export function mahjong(): GameSpec<string> {
  const rules = select("Rules", MAHJONG_RULES, "tenhou");
  const bot = select("Bots", BOTS, "efficiency");
  const length = select("Match", [["hanchan", "Hanchan"], ["hand", "One hand"]], "hanchan");
  return {
    id: "mahjong",
    label: "Mahjong",
    options: [rules.field, length.field, bot.field],
    start: (seed, area) => new MahjongTable(
        new Mahjong(seed, rules.input.value as MahjongRules),
        bot.input.value,
        length.input.value === "hand",
        area,
      ),
  };
}
