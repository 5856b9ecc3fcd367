// src/util/: the runtime-neutral helpers below every layer (UTF-8, SHA-256, escaping), and the places that now take
// them from there instead of from a file in a higher layer.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import * as decode from "../src/adapters/decode.js";
import { sha256Hex as fromAssemble } from "../src/prompt/assemble.js";
import { contentHash } from "../src/stores/record.js";
import { codePointLabel, oneLine, showValue } from "../src/util/escape.js";
import { sha256Hex } from "../src/util/hash.js";
import { firstInvalidUtf8 } from "../src/util/utf8.js";

describe("util/hash.ts", () => {
  it("sha256Hex is SHA-256 of the UTF-8 bytes, lower-case hex (FIPS 180-4 test vectors)", async () => {
    expect(await sha256Hex("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(await sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    // Non-ASCII text is hashed as its UTF-8 bytes ("é" is C3 A9, the snowman three bytes, the emoji four).
    const text = "é\u2603\u{1f600}";
    expect(await sha256Hex(text)).toBe(createHash("sha256").update(Buffer.from(text, "utf8")).digest("hex"));
    // A lone surrogate encodes as U+FFFD (TextEncoder), so both hash alike.
    expect(await sha256Hex("a\ud800")).toBe(await sha256Hex("a\ufffd"));
  });

  it("is the one SHA-256 the store records and the assembler use", async () => {
    expect(fromAssemble).toBe(sha256Hex);
    expect(await contentHash("abc")).toBe(await sha256Hex("abc"));
  });
});

describe("util/utf8.ts", () => {
  it("firstInvalidUtf8 gives the lead byte's offset of the first ill-formed sequence, -1 when valid", () => {
    expect(firstInvalidUtf8(new Uint8Array([0x61, 0xc3, 0xa9]))).toBe(-1);
    expect(firstInvalidUtf8(new Uint8Array([0x61, 0xc0, 0x80]))).toBe(1); // overlong lead
    expect(firstInvalidUtf8(new Uint8Array([0x61, 0x62, 0xed, 0xa0, 0x80]))).toBe(2); // a surrogate
    expect(firstInvalidUtf8(new Uint8Array([0xf0, 0x9f, 0x98]))).toBe(0); // cut off
    expect(firstInvalidUtf8(new Uint8Array([0xf4, 0x90, 0x80, 0x80]))).toBe(0); // past U+10FFFF
  });

  it("is the function the readers' module re-exports", () => {
    expect(decode.firstInvalidUtf8).toBe(firstInvalidUtf8);
  });
});

describe("util/escape.ts", () => {
  it("oneLine writes controls, DEL, C1 and U+2028/U+2029 as \\uXXXX and keeps the rest", () => {
    expect(oneLine("a\nb\tc\u007f\u0085\u2028\u2029 é\u200b")).toBe("a\\u000ab\\u0009c\\u007f\\u0085\\u2028\\u2029 é\u200b");
  });

  it("showValue quotes as JSON and cuts to the given width, ellipsis included", () => {
    expect(showValue("vim")).toBe('"vim"');
    expect(showValue(undefined)).toBe("undefined");
    expect(showValue(null)).toBe("null");
    const long = showValue("x".repeat(100));
    expect([long.length, long.endsWith("…"), long.slice(0, 3)]).toEqual([80, true, '"xx']);
    expect(showValue("x".repeat(100), 20, "...")).toBe(`"${"x".repeat(16)}...`);
    expect(showValue("x".repeat(78))).toHaveLength(80); // exactly the width: not cut
  });

  it("codePointLabel is U+ and at least four upper-case hex digits", () => {
    expect([codePointLabel(0x9), codePointLabel(0x200b), codePointLabel(0xe0041)]).toEqual(["U+0009", "U+200B", "U+E0041"]);
  });
});
