// Head/tail truncation: choose where to cut a text that is over a cap so that its start and end survive. The text
// itself never enters the core: the caller asks for the plain cut points, reads the two code units on each side of
// each cut, and asks for the cuts moved off any surrogate pair they would split (four code units, not a copy).

@inline
function isHigh(c: u32): bool { return c >= 0xD800 && c <= 0xDBFF; }
@inline
function isLow(c: u32): bool { return c >= 0xDC00 && c <= 0xDFFF; }

/**
 * The plain head/tail cut points for a text of `n` code units under `cap`: headEnd = floor(cap × headRatio), tailStart
 * = n − floor(cap × tailRatio); [n, n] when the text fits (n <= cap: nothing is cut). The caller validates the
 * arguments (cap >= 0, ratios >= 0, headRatio + tailRatio <= 1).
 */
export function truncateCuts(n: i32, cap: i32, headRatio: f64, tailRatio: f64): Int32Array {
  const res = new Int32Array(2);
  if (n <= cap) {
    res[0] = n;
    res[1] = n;
    return res;
  }
  res[0] = <i32>Math.floor(<f64>cap * headRatio);
  res[1] = n - <i32>Math.floor(<f64>cap * tailRatio);
  return res;
}

/**
 * Moves truncateCuts()' points off surrogate pairs: a cut that would split one moves by one code unit so the pair is
 * dropped whole (the head shrinks, the tail shrinks), and the tail never starts before the head ends.
 * `beforeHead`/`atHead` are the code units at headEnd − 1 and headEnd, `beforeTail`/`atTail` those at tailStart − 1
 * and tailStart (any value, e.g. 0, where the index is outside the text). Returns [headEnd, tailStart].
 */
export function pairSafeCuts(n: i32, headEnd: i32, tailStart: i32, beforeHead: u32, atHead: u32, beforeTail: u32, atTail: u32): Int32Array {
  const res = new Int32Array(2);
  if (headEnd >= n) {
    res[0] = headEnd;
    res[1] = tailStart;
    return res;
  }
  if (headEnd > 0 && isHigh(beforeHead) && isLow(atHead)) headEnd--;
  if (tailStart < n && tailStart > 0 && isLow(atTail) && isHigh(beforeTail)) tailStart++;
  if (tailStart < headEnd) tailStart = headEnd;
  res[0] = headEnd;
  res[1] = tailStart;
  return res;
}
