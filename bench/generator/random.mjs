/** The generator's only source of randomness: seeded, so every tree is reproducible. */

/** mulberry32: tiny, fast, and good enough to pick names and sizes reproducibly. */
export function createRandom(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min, max) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick: (list) => list[Math.floor(next() * list.length)],
    sample(list, count) {
      const copy = [...list];
      const picked = [];
      while (picked.length < count && copy.length > 0)
        picked.push(copy.splice(int(0, copy.length - 1), 1)[0]);
      return picked;
    },
  };
}
