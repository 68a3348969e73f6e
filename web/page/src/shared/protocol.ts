// The messages between the page and the bots' Web Worker.

/** The games whose bots the worker runs. */
export type GameKind = "omok" | "matgo" | "poker" | "mahjong";

/** One decision: the worker rebuilds the game from `snapshot` and asks `bot` for `seat`'s
 * action, drawing any chance from `seed`. `options` carries a game's own bot settings. */
export interface BotRequest {
  game: GameKind;
  /** The game's `snapshot()`: JSON text. */
  snapshot: string;
  seat: number;
  bot: string;
  seed: number;
  options?: Record<string, number>;
}

/** The worker's answer to request `id`: the action, or the error's message. */
export type BotReply = { id: number; action: unknown } | { id: number; error: string };
