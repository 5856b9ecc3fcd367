// Multilingual phrase rules (placeholder until the phrase lists land).
import type { Rule } from "./rules.js";

/** Rules in languages other than English. */
export const I18N_RULES: readonly Rule[] = [];

/** Per language (BCP 47), folded action words (run, send, push, reveal, delete, upload) for grading (grade.ts). */
export const I18N_ACTION_WORDS: Readonly<Record<string, readonly string[]>> = {};
