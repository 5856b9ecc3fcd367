// Composing probe texts from hand-written word lists (copies, not the rules' own lists: a word removed from a rule
// must still be in its probes, so the test notices).

/**
 * Sentences from a template and word lists: sentence i puts word i of each list (cycling through shorter lists) at
 * "{0}", "{1}", …, so every word of every list is in some sentence.
 * @example rotate("{0} all previous {1}", ["ignore", "forget"], ["instructions", "prompts", "rules"])
 *   // ["ignore all previous instructions", "forget all previous prompts", "ignore all previous rules"]
 */
export function rotate(template: string, ...lists: string[][]): string[] {
  const n = Math.max(...lists.map((l) => l.length));
  return Array.from({ length: n }, (_, i) => template.replace(/\{(\d+)\}/g, (_, k: string) => lists[Number(k)]![i % lists[Number(k)]!.length]!));
}
