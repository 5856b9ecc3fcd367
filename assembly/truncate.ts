// Head/tail truncation: choose where to cut a text that is over a cap so that its start and end survive.

@inline
function isHigh(c: u32): bool { return c >= 0xD800 && c <= 0xDBFF; }
@inline
function isLow(c: u32): bool { return c >= 0xDC00 && c <= 0xDFFF; }

/**
 * Computes head/tail cut points for `text` under `cap` code units.
 * Returns [headEnd, tailStart]: keep text[0, headEnd) and text[tailStart, length). When the text fits
 * (length <= cap) returns [length, length]: nothing is cut.
 * headEnd = floor(cap * headRatio), tailStart = length - floor(cap * tailRatio); a cut that would split a surrogate
 * pair moves by one code unit so the pair is dropped whole (the head shrinks, the tail shrinks).
 * The caller validates the arguments (cap >= 0, ratios >= 0, headRatio + tailRatio <= 1).
 */
export function truncateCuts(text: string, cap: i32, headRatio: f64, tailRatio: f64): Int32Array {
  const n = text.length;
  const res = new Int32Array(2);
  if (n <= cap) {
    res[0] = n;
    res[1] = n;
    return res;
  }
  let headEnd = <i32>Math.floor(<f64>cap * headRatio);
  let tailStart = n - <i32>Math.floor(<f64>cap * tailRatio);
  // 0 < headEnd < n here, so both neighbours of the cut exist.
  if (headEnd > 0 && isHigh(text.charCodeAt(headEnd - 1)) && isLow(text.charCodeAt(headEnd))) headEnd--;
  if (tailStart < n && tailStart > 0 && isLow(text.charCodeAt(tailStart)) && isHigh(text.charCodeAt(tailStart - 1))) tailStart++;
  if (tailStart < headEnd) tailStart = headEnd;
  res[0] = headEnd;
  res[1] = tailStart;
  return res;
}
