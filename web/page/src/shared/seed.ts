// Seeds: the game's seed (the seed field, `?seed=N` in the URL) and each bot decision's
// seed, derived from the game's seed and the number of actions so far, so that one seed and
// the same human choices always give the same game.

const MAX = 2 ** 32;

/** The `seed` parameter of the page's URL, when it is a whole number. */
export function urlSeed(): number | null {
  const text = new URLSearchParams(location.search).get("seed");
  const seed = text === null ? NaN : Number(text);
  return Number.isInteger(seed) && seed >= 0 ? seed : null;
}

/** A fresh seed, below 2^32. */
export function freshSeed(): number {
  return Math.floor(Math.random() * MAX);
}

/** Reads a seed field: a whole number from 0 up; `null` for anything else. */
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
