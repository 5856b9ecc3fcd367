import { describe, expect, it } from "vitest";
import { TURN_CONTEXT_CLOSE, TURN_CONTEXT_OPEN, userMessageWithContext } from "../src/providers/turn.js";

describe("per-turn context goes into the user message", () => {
  it("puts the pieces in a delimited block before the user's words, in the order given", () => {
    const m = userMessageWithContext("What changed?", [
      { label: "Retrieved memories", text: "- The user prefers tabs.\r\n" },
      { label: "Empty", text: "   " },
      { label: "Skill:\nrelease-notes", text: "Write notes per release." },
    ]);
    expect(m).toBe(`${TURN_CONTEXT_OPEN}\n\n## Retrieved memories\n\n- The user prefers tabs.\n\n## Skill: release-notes\n\nWrite notes per release.\n\n${TURN_CONTEXT_CLOSE}\n\nWhat changed?`);
  });

  it("returns the user's text unchanged without context", () => {
    expect(userMessageWithContext("hi", [])).toBe("hi");
    expect(userMessageWithContext("hi", [{ label: "x", text: "\n" }])).toBe("hi");
  });

  it("rejects malformed pieces with E_ARG", () => {
    expect(() => userMessageWithContext("hi", [{ label: "x" } as never])).toThrow(expect.objectContaining({ code: "E_ARG" }));
    expect(() => userMessageWithContext(null as never, [])).toThrow(expect.objectContaining({ code: "E_ARG" }));
  });
});
