// Content hashes shared by every layer (the allow list's file hashes, a frozen session's prompt hash). Runtime-neutral:
// Web Crypto's `crypto.subtle`, which Node (≥ 19 as a global), browsers (secure contexts) and Workers all have.

/**
 * Hex SHA-256 of a text's UTF-8 bytes: 64 lowercase hex digits. Lone surrogates are encoded as U+FFFD, as
 * TextEncoder does, so two texts that differ only there hash alike.
 * @example await sha256Hex("") // "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
 */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
