// Normalization of context-file text before it enters a prompt: line endings, trailing blanks, outer blank space,
// a leading byte-order mark. Pure text in, text out (UTF-16).

@inline
function isTrimSpace(c: u32): bool {
  return c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0B || c == 0x0C;
}

/**
 * Normalizes `text`: drops one leading U+FEFF, turns CRLF and lone CR into LF, strips spaces and tabs at the end of
 * every line, then trims ASCII blank space (space, tab, LF, VT, FF) from both ends.
 * The result is never longer than the input.
 */
export function normalize(text: string): string {
  const n = text.length;
  const src = changetype<usize>(text);
  const buf = new ArrayBuffer(n << 1);
  const dst = changetype<usize>(buf);
  let i = 0;
  if (n > 0 && load<u16>(src) == 0xFEFF) i = 1;
  let j = 0; // output length in code units
  let lineStart = 0; // output offset where the current line starts
  while (i < n) {
    // i < n: the load is inside the input; j <= i: the store is inside buf, which has n code units.
    let c = <u32>load<u16>(src + (<usize>i << 1));
    i++;
    if (c == 0x0D) {
      if (i < n && load<u16>(src + (<usize>i << 1)) == 0x0A) i++;
      c = 0x0A;
    }
    if (c == 0x0A) {
      while (j > lineStart) {
        const p = load<u16>(dst + (<usize>(j - 1) << 1));
        if (p != 0x20 && p != 0x09) break;
        j--;
      }
      store<u16>(dst + (<usize>j << 1), 0x0A);
      j++;
      lineStart = j;
      continue;
    }
    store<u16>(dst + (<usize>j << 1), <u16>c);
    j++;
  }
  while (j > lineStart) {
    const p = load<u16>(dst + (<usize>(j - 1) << 1));
    if (p != 0x20 && p != 0x09) break;
    j--;
  }
  let k = 0;
  while (k < j && isTrimSpace(load<u16>(dst + (<usize>k << 1)))) k++;
  while (j > k && isTrimSpace(load<u16>(dst + (<usize>(j - 1) << 1)))) j--;
  return String.UTF16.decodeUnsafe(dst + (<usize>k << 1), <usize>(j - k) << 1);
}
