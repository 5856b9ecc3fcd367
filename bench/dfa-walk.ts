// The lazy DFA walk the state-count benches share (bench/states.mts, bench/rule-states.mts): a rule set's own step()
// driven right to left over a text, as the core walks it, counting the distinct states visited.

/** What the benches need of a compiled rule set (src/scan/compile.ts): its class map and its step. */
export interface Walkable {
  classMap: Uint8Array; skipClass: number; startState(): number;
  step(s: number, c: number, reset: () => void): { to: number };
}

/** Distinct DFA states visited walking `t` right to left (code units of the skip class are passed over). */
export function visited(r: Walkable, t: string): number {
  const cache = new Map<number, number>();
  let st = r.startState();
  const seen = new Set<number>([st]);
  for (let i = t.length - 1; i >= 0; i--) {
    const c = r.classMap[t.charCodeAt(i)]!;
    if (c === r.skipClass) continue;
    const key = st * 256 + c;
    let to = cache.get(key);
    if (to === undefined) { to = r.step(st, c, () => cache.clear()).to; cache.set(key, to); }
    seen.add(to);
    st = to;
  }
  return seen.size;
}
