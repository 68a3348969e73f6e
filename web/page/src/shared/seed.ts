// Seeds: the game's seed (the seed field, `?seed=N` in the URL) and each bot decision's
// seed, derived from the game's seed and the number of actions so far, so that one seed and
// the same human choices always give the same game.

const MAX = 2 ** 32;

/** The `seed` parameter of the page's URL as written (`null` when there is none): the seed
 * field shows it, and a seed that does not read is reported like one typed there. */
export function urlSeed(): string | null {
  return new URLSearchParams(location.search).get("seed");
}

/** A fresh seed, below 2^32. */
export function freshSeed(): number {
  return Math.floor(Math.random() * MAX);
}

/** The largest seed: 15 digits, so that every seed and every decision's seed derived from
 * it is an exact JavaScript integer. */
export const MAX_SEED = 999_999_999_999_999;

/** Reads a seed field: a whole number from 0 to `MAX_SEED` in digits; `null` for anything
 * else. */
export function parseSeed(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,15}$/.test(trimmed)) return null;
  return Number(trimmed);
}

/** The seed of the bot decision taken after `actions` actions of the game of `seed`:
 * `(seed mod 2^32) * 2^20 + actions`, an exact integer below 2^53. */
export function decisionSeed(seed: number, actions: number): number {
  return (seed % MAX) * 2 ** 20 + (actions % 2 ** 20);
}
