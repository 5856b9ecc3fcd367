// Probes for the shared helpers of rules.ts that rules use as glue: imperative()'s lead words and unnegated()'s
// negations, written for a verb "zap" (test/rule-alternatives.test.ts builds imperative(["zap"]) and
// unnegated(["zap"])).

/** Texts where "zap" is an instruction: one per lead word, and the starts of a list item, quotation or clause. */
export const LEAD_PROBES: string[] = [
  "please zap", "kindly zap", "then zap", "now zap", "just zap", "simply zap", "first zap", "also zap",
  "immediately zap", "quietly zap", "silently zap", "secretly zap", "always zap", "next zap", "finally zap",
  "afterwards zap", "can you zap", "could you zap", "would you zap", "will you zap", "you must zap", "you should zap",
  "you shall zap", "you will zap", "you need to zap", "you have to zap", "you are to zap", "you are required to zap",
  "i want you to zap", "i need you to zap", "make sure to zap", "make sure you zap", "be sure to zap",
  "remember to zap", "don't forget to zap", "your task is to zap", "your job is to zap", "your goal is to zap",
  "agents reading this must zap", "agents reading this should zap", "agents reading this file must zap", "agents reading this file should zap",
  "PLEASE zap", "\"zap", "(zap", "- zap", "* zap", "1. zap", "2) zap",
];

/** Texts where "zap" follows a negation, "to" or "or": unnegated(["zap"]) must not match any of them. */
export const NEGATION_PROBES: string[] = [
  "never zap", "do not zap", "no zap", "nor zap", "this or zap", "don't zap", "dont zap", "cannot zap", "cant zap",
  "wont zap", "neither zap", "how to zap", "without zap", "they refuse zap", "it refuses zap", "avoid zap", "stop zap",
];
