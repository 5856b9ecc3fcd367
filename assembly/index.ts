// The promptasm WebAssembly core: text in, numbers and text out. It knows nothing about files, providers or
// runtimes. See DESIGN.md beside this file.
export { findInvisible } from "./invisible";
export { normalize } from "./normalize";
export { truncateCuts } from "./truncate";
export { loadRules, scan } from "./scan";
