// Omok, gomoku and renju against a bot: the rule, the board's size, the human's colour and
// the bot are options; the forbidden points of the colour to move (the binding's fouls:
// black's under renju, both colours' double-threes under Korean omok) are marked.

import { select } from "../shared/dom";
import { Omok, type OmokFoul, type OmokOutcome, type OmokRule } from "../shared/rules";
import type { GameSpec, Table } from "../shared/session";
import { OmokBoard } from "./omok-board";

const RULES: [string, string][] = [
  ["renju", "Renju"],
  ["standard", "Standard gomoku"],
  ["freestyle", "Freestyle gomoku"],
  ["omok", "Omok (Korean)"],
];
const SIZES: [string, string][] = ["15", "19", "13", "9"].map((n) => [n, `${n} × ${n}`]);
const COLOURS: [string, string][] = [
  ["black", "Black (first)"],
  ["white", "White"],
];
const BOTS: [string, string][] = [
  ["search", "Search"],
  ["threat", "Threat"],
  ["random", "Random"],
];
const NODES: [string, string][] = [
  ["2000", "2,000 nodes"],
  ["20000", "20,000 nodes"],
  ["100000", "100,000 nodes"],
];
/** The seat of each colour: black moves first. */
const SEAT = { black: 0, white: 1 } as const;
const COLOUR = ["black", "white"] as const;

class OmokTable implements Table<string> {
  readonly human: number;
  private readonly board: OmokBoard;
  private act: ((point: string) => void) | null = null;

  constructor(
    private readonly game: Omok,
    colour: string,
    private readonly bot: string,
    private readonly nodes: number,
    area: HTMLElement,
  ) {
    this.human = colour === "white" ? 1 : 0;
    this.board = new OmokBoard(game.size, (point) => this.act?.(point));
    area.replaceChildren(this.board.element);
  }

  toMove(): number | null {
    const stone = this.game.toMove();
    return stone === null ? null : SEAT[stone];
  }

  botRequest(seat: number, seed: number) {
    return {
      game: "omok" as const,
      snapshot: this.game.snapshot(),
      seat,
      bot: this.bot,
      seed,
      options: { nodes: this.nodes },
    };
  }

  apply(seat: number, point: string): string {
    this.game.play(point);
    return `${COLOUR[seat]} ${point}`;
  }

  draw(act: ((point: string) => void) | null): void {
    this.act = act;
    const outcome = this.game.outcome() as OmokOutcome | null;
    const moves = this.game.moves();
    this.board.update({
      rows: this.game.rows(),
      fouls: new Map((this.game.fouls() as OmokFoul[]).map((f) => [f.point, f.foul])),
      foulsOf: this.game.toMove() ?? "black",
      last: moves.length > 0 ? moves[moves.length - 1] : null,
      line: new Set(outcome?.line ?? []),
      legal: act ? new Set(this.game.legalActions()) : null,
    });
  }

  result(): string {
    const outcome = this.game.outcome() as OmokOutcome | null;
    if (!outcome) return "";
    const verdict =
      outcome.winner === null ? "A draw." : SEAT[outcome.winner] === this.human ? "You win!" : "The bot wins.";
    return `${verdict} ${outcome.text} (${this.game.moves().length} moves).`;
  }

  seatName(seat: number): string {
    return `${COLOUR[seat]} (${seat === this.human ? "you" : "bot"})`;
  }

  free(): void {
    this.game.free();
  }
}

/** The omok tab. */
export function omok(): GameSpec<string> {
  const rule = select("Rule", RULES, "renju");
  const size = select("Board", SIZES, "15");
  const colour = select("You play", COLOURS, "black");
  const bot = select("Bot", BOTS, "search");
  const nodes = select("Bot strength", NODES, "20000");
  return {
    id: "omok",
    label: "Omok",
    options: [rule.field, size.field, colour.field, bot.field, nodes.field],
    start: (_seed, area) =>
      new OmokTable(
        new Omok(rule.input.value as OmokRule, Number(size.input.value)),
        colour.input.value,
        bot.input.value,
        Number(nodes.input.value),
        area,
      ),
  };
}
