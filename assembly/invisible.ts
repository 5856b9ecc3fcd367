// Invisible-character detection: zero-width, bidi-control, soft-hyphen and tag characters that hide text
// from a human reader but not from a model. Works on UTF-16 code units; offsets are code-unit offsets.

/** True for the single-code-unit characters we report (BMP part of the set). */
@inline
function isInvisibleBmp(c: u32, offset: i32): bool {
  if (c == 0x00AD) return true; // soft hyphen
  if (c >= 0x200B && c <= 0x200D) return true; // ZWSP, ZWNJ, ZWJ
  if (c >= 0x2060 && c <= 0x2064) return true; // word joiner, invisible operators
  if (c >= 0x202A && c <= 0x202E) return true; // bidi embeddings/overrides
  if (c >= 0x2066 && c <= 0x2069) return true; // bidi isolates
  if (c == 0xFEFF) return offset != 0; // a BOM at offset 0 is a file signature, elsewhere a zero-width no-break space
  return false;
}

/** A neighbour that makes ZWJ/ZWNJ legitimate: any non-ASCII code unit that is not itself invisible. */
@inline
function joinsScript(c: u32, offset: i32): bool {
  return c >= 0x80 && !isInvisibleBmp(c, offset);
}

/**
 * Finds invisible characters in `text`.
 * Returns pairs [codePoint, offset] in ascending offset order (offset in UTF-16 code units).
 * Tag characters U+E0000..U+E007F arrive as the surrogate pair DB40 DC00..DC7F and are reported once, at the
 * high surrogate. ZWNJ/ZWJ between two non-ASCII characters (emoji sequences, Persian and Indic scripts) are not
 * reported.
 */
export function findInvisible(text: string): Int32Array {
  const n = text.length;
  const base = changetype<usize>(text);
  const out = new Array<i32>();
  for (let i = 0; i < n; i++) {
    // i < n, so the load stays inside the string's 2*n bytes.
    const c = <u32>load<u16>(base + (<usize>i << 1));
    if (c < 0xAD) continue; // fast path: nothing below U+00AD is in the set
    if (c == 0xDB40 && i + 1 < n) {
      const lo = <u32>load<u16>(base + (<usize>(i + 1) << 1));
      if (lo >= 0xDC00 && lo <= 0xDC7F) {
        out.push(<i32>(0xE0000 + (lo - 0xDC00)));
        out.push(i);
        i++;
        continue;
      }
    }
    if (!isInvisibleBmp(c, i)) continue;
    if (c == 0x200C || c == 0x200D) {
      if (i > 0 && i + 1 < n) {
        const prev = <u32>load<u16>(base + (<usize>(i - 1) << 1));
        const next = <u32>load<u16>(base + (<usize>(i + 1) << 1));
        if (joinsScript(prev, i - 1) && joinsScript(next, i + 1)) continue;
      }
    }
    out.push(<i32>c);
    out.push(i);
  }
  const res = new Int32Array(out.length);
  for (let k = 0; k < out.length; k++) res[k] = unchecked(out[k]);
  return res;
}
