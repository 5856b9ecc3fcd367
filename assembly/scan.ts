// Threat scan: runs a rule set's lazy DFA (src/scan/compile.ts) over UTF-16 text, right to left, in linear time with
// no backtracking. This file is the scan's front: its exports, gathered from the files that do the work, laid out
// along the scan's own pipeline (DESIGN.md beside this file):
// - scan/table.ts: the rule-set table (slots, class maps at fixed addresses, the transition table and its growth);
// - scan/walk.ts: starting a scan and the serial search loop, pausing for a missing transition or a match drain;
// - scan/chains.ts: the interleaved chains (segments walked side by side, checkpoints, fix-ups, the splice);
// - scan/state.ts: the scan in progress and the state carried from one chunk to the next, matches, counters;
// - scan/status.ts: the named status codes the exports return.
export { loadTables, useSlot, clearTable, setTransition, setRootState } from "./scan/table";
export { setChains } from "./scan/chains";
export { scanStartDecoded, scanStartBuffer, scanStartRange, scanRun, restartSerial, scanEnd } from "./scan/walk";
export { currentState, setState, neededClass, scanInterleaved, scanStats, matchCount, takeMatches } from "./scan/state";
