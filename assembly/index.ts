// The promptasm WebAssembly core: text in, numbers and text out. It knows nothing about files, providers or
// runtimes. See DESIGN.md beside this file.
export { invisibleTotal } from "./invisible";
export { normalize } from "./normalize";
export { truncateCuts, pairSafeCuts } from "./truncate";
export {
  loadAstralFold, inputBuffer, decodeInput, decodedInvisibleCandidates, decodedFirstInvalid, decodedFoldableAstral,
  decodedPointer, decodedUnits, unitsBuffer, releaseBuffers, foldDecodedAstral, findInvisibleDecoded,
  findInvisibleDecodedRange,
} from "./utf8";
export { encodedFlagsDecoded, encodedFlagsInput } from "./encoded";
export {
  loadTables, useSlot, clearTable, setTransition, setChains, setRootState, scanStartDecoded, scanStartBuffer,
  scanStartRange, scanRun, currentState, setState, neededClass, scanInterleaved, restartSerial, scanStats, matchCount,
  takeMatches, scanEnd,
} from "./scan";
