// The Worker's error messages name what the client sent, never where the Worker mounts it (/workspace) and never a
// stack trace: a bad cwd, home or root, through the real routes, and publicMessage / errorAnswer directly.
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { PromptasmError } from "../../src/errors.js";
import { HttpError, WORKSPACE } from "../../src/adapters/workerd/input.js";
import { publicMessage } from "../../src/adapters/workerd/public-message.js";
import { errorAnswer } from "../../src/adapters/workerd/status.js";
import { SessionStoreError } from "../../src/stores/errors.js";

type Json = Record<string, any>;
const call = async (path: string, body: unknown) => {
  const response = await exports.default.fetch(new Request(`http://promptasm.test${path}`, {
    method: path.startsWith("/v1/sessions/") ? "PUT" : "POST",
    headers: { authorization: "Bearer token-alpha", "content-type": "application/json" },
    body: JSON.stringify(body),
  }));
  return { status: response.status, body: (await response.json()) as Json };
};

const FILES = { "AGENTS.md": "# Project\n", "app/AGENTS.md": "# App\n", "lib/x.md": "x\n", "home/SOUL.md": "You are Wren.\n" };

describe("errors for a bad cwd, home or root name the path as sent", () => {
  const cases: Array<[string, Json, number, string, string]> = [
    ["cwd missing", { cwd: "missing/dir" }, 400, "E_NOT_FOUND", "cwd missing/dir: no such directory"],
    ["cwd a file", { cwd: "AGENTS.md" }, 400, "E_NOT_FOUND", "cwd AGENTS.md: not a directory"],
    ["home missing", { home: "nohome" }, 400, "E_NOT_FOUND", "home nohome is not a directory"],
    ["cwd outside root", { cwd: "app", root: "lib" }, 400, "E_ARG", "cwd app is not inside root lib"],
  ];
  for (const [name, options, status, code, message] of cases) {
    it(`${name}: /v1/assemble and PUT …/system-prompt`, async () => {
      for (const path of ["/v1/assemble", "/v1/sessions/public-errors/system-prompt"]) {
        const r = await call(path, { files: FILES, options });
        expect(r.status, JSON.stringify(r.body)).toBe(status);
        expect(r.body.error).toEqual({ code, message });
      }
    });
  }
});

describe("publicMessage", () => {
  it("writes mounted paths relative to the workspace, the mount itself as .", () => {
    expect(WORKSPACE).toBe("/workspace");
    expect(publicMessage("cwd /workspace/services/api: no such directory")).toBe("cwd services/api: no such directory");
    expect(publicMessage("cwd /workspace/a is not inside root /workspace")).toBe("cwd a is not inside root .");
    expect(publicMessage("\"/workspace/a.md\": is a directory")).toBe("\"a.md\": is a directory");
    // A client's own path that merely contains the word stays as sent.
    expect(publicMessage("cwd /workspace/x/workspace/y: no such directory")).toBe("cwd x/workspace/y: no such directory");
    expect(publicMessage("see /workspaces/a and my-/workspace and /workspace.md")).toBe("see /workspaces/a and my-/workspace and /workspace.md");
  });

  it("keeps only the first line", () => {
    expect(publicMessage("boom\n    at f (/workspace/src/x.js:1:2)\n    at g")).toBe("boom");
    expect(publicMessage("one\r\ntwo")).toBe("one");
    expect(publicMessage("one\u2028two")).toBe("one");
  });
});

describe("errorAnswer: every kind of error", () => {
  it("library, store and unexpected errors lose the mount and any stack", () => {
    expect(errorAnswer(new PromptasmError("E_NOT_FOUND", "cwd /workspace/nope: no such directory")).message).toBe("cwd nope: no such directory");
    expect(errorAnswer(new PromptasmError("E_IO", "/workspace/a.md: could not be read\nstack")).message).toBe("the service failed: a.md: could not be read");
    expect(errorAnswer(new SessionStoreError("E_STORE_IO", "put /workspace/x failed")).message).toBe("the session store failed: put x failed");
    const bug = new TypeError("x is undefined");
    bug.stack = "TypeError: x is undefined\n    at assemble (/workspace/src/worker.js:10:5)";
    expect(errorAnswer(bug)).toEqual({ status: 500, code: "E_INTERNAL", message: "internal error: x is undefined", headers: {} });
    expect(errorAnswer("line one\nline two").message).toBe("internal error: line one");
  });

  it("an HttpError quotes the request as sent, even a URL under /workspace", () => {
    expect(errorAnswer(new HttpError(404, "E_NOT_FOUND", "no route for GET /workspace/x")).message).toBe("no route for GET /workspace/x");
  });

  it("through the routes, a URL path under /workspace is echoed as sent", async () => {
    const response = await exports.default.fetch(new Request("http://promptasm.test/workspace/x"));
    expect(response.status).toBe(404);
    expect(((await response.json()) as Json).error.message).toBe("no route for GET /workspace/x");
  });
});
