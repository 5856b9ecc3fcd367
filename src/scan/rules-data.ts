// The built-in rules' generated data, unpacked: scripts/gen-rules.ts writes it into rules.generated.ts (patterns with
// their shared pieces replaced by a token, the rules and the multilingual action words as one JSON text), and the
// page's build serves the same data as a JSON asset beside its script (src/page/vite-plugins/rules-data.ts). Both
// unpack it here, so the rules a package user and a page visitor get are the same objects.

import { PromptasmError } from "../errors.js";
import type { Rule } from "./rule-types.js";

/** The generated data: the rules in rule-set order (frozen), and the action words per language (BCP 47). */
export interface GeneratedRules {
  rules: readonly Rule[];
  actionWords: Record<string, string[]>;
}

/**
 * Makes the rules of the generated data usable: each rule's packed `pattern` (a shared piece k written as `token`
 * followed by the digit k) becomes a getter that puts the pieces back the first time it is read (a process that loads
 * every group from build/rules.bin never expands them), and every rule is frozen, so a built-in rule always holds the
 * pattern GENERATED_RULES_DIGEST names.
 * @param data the parsed JSON: `{ rules, actionWords }`; its rule objects are changed in place.
 * @param token the one-character marker of a shared piece.
 * @param fragments the shared pieces, by index (at most 10: one digit).
 * @returns `data`, typed.
 * @throws PromptasmError E_RULES when `data` has no rule list, or a pattern names a piece that does not exist.
 */
export function unpackRules(data: unknown, token: string, fragments: readonly string[]): GeneratedRules {
  const d = data as GeneratedRules;
  if (d === null || typeof d !== "object" || !Array.isArray(d.rules)) throw new PromptasmError("E_RULES", "generated rule data: no rule list");
  const escaped = token.replace(/[\\^$.*+?()[\]{}|/-]/g, "\\$&");
  const piece = new RegExp(`${escaped}(\\d)`, "g");
  for (const r of d.rules) {
    const packed = r.pattern;
    let pattern: string | undefined;
    const expand = (): string => (pattern ??= packed.replace(piece, (_: string, k: string) => {
      const f = fragments[Number(k)];
      if (f === undefined) throw new PromptasmError("E_RULES", `generated rule data: rule ${r.id} names pattern piece ${k}, which does not exist`);
      return f;
    }));
    Object.freeze(Object.defineProperty(r, "pattern", { get: expand, enumerable: true }));
  }
  Object.freeze(d.rules);
  return d;
}
