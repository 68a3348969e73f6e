// The seeded randomness of the web tests and the bench: mulberry32 (Tommy Ettinger's
// 32-bit generator), so that a run can be replayed from its seed.

/** A generator of floats in [0, 1) from `seed` (an integer, taken modulo 2^32). */
export function generator(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
