// The bots' Web Worker: rebuilds a game from its snapshot and returns the bot's action, so
// that the page never freezes while a bot thinks.

import type { BotReply, BotRequest, GameKind } from "./shared/protocol";
import { loadRules, Mahjong, Matgo, Omok, Poker } from "./shared/rules";

type Decide = (request: BotRequest) => unknown;

/** Runs `f` on a binding's object and frees it. */
function using<T extends { free(): void }, R>(object: T, f: (object: T) => R): R {
  try {
    return f(object);
  } finally {
    object.free();
  }
}

const decide: Record<GameKind, Decide> = {
  omok: (r) => using(Omok.fromSnapshot(r.snapshot), (g) => g.botAction(r.bot as "search", r.seed, r.options?.nodes)),
  matgo: (r) =>
    using(Matgo.fromSnapshot(r.snapshot), (g) => g.botAction(r.bot as "search", r.seed, r.options?.iterations)),
  mahjong: (r) =>
    using(Mahjong.fromSnapshot(r.snapshot as never), (g) => g.botAction(r.seat, r.bot as "efficiency", r.seed)),
  poker: (r) => using(Poker.fromSnapshot(r.snapshot), (g) => g.botAction(r.bot as "counting", r.seed)),
};

const ready = loadRules();
const scope = self as unknown as { onmessage: ((e: MessageEvent) => void) | null; postMessage(m: BotReply): void };

scope.onmessage = async (event: MessageEvent<BotRequest & { id: number }>) => {
  const { id, ...request } = event.data;
  try {
    await ready;
    scope.postMessage({ id, action: decide[request.game](request) });
  } catch (error) {
    scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
};
