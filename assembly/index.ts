// The promptasm WebAssembly core: text in, numbers and text out. It knows nothing about files, providers or
// runtimes. See DESIGN.md beside this file.
export { findInvisible, invisibleTotal } from "./invisible";
export { normalize } from "./normalize";
export { truncateCuts } from "./truncate";
export { loadTables, useSlot, clearTable, setTransition, scanStart, scanRun, currentState, setState, neededClass, takeMatches, scanEnd } from "./scan";
