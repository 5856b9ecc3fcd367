// Named status codes of the scan's exports, the one place for the numbers TypeScript reads back
// (src/core/wasm.ts). Setup exports return OK or a negative code; scanRun() returns DONE or why it
// paused; FALL_BACK never leaves the core.

/** Status codes of the setup exports (loadTables, useSlot, setTransition, setChains, scanStart*, restartSerial). */
export const OK: i32 = 0;
/** An argument is out of range: a state, class or range outside the table or text, or a class map entry >= classes. */
export const BAD_RANGE: i32 = -1;
/** A table shape is not one the core takes: slot, class count, capacity, edge or skip class (or an empty slot). */
export const BAD_SHAPE: i32 = -4;

/** stepChain()/runBlocks() result: too many matches held, walk the piece serially instead. */
export const FALL_BACK: i32 = -1;

/** scanRun() results. */
export const DONE: i32 = 0;
export const NEED_TRANSITION: i32 = 1;
export const NEED_DRAIN: i32 = 2;
