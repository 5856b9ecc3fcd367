// Fixtures of the 20-turn frozen-session simulation, shared by test/simulation.test.ts (Node: memory, IndexedDB,
// SQLite) and test/workers/simulation.workers.spec.ts (workerd: KV), so both run the very same scenario.
// Runtime-neutral: no node:* imports.
import type { AnthropicTool } from "../../src/providers/anthropic.js";
import { countTokens } from "../../src/tokens/tokens.js";

export const NOW = new Date("2026-11-29T12:00:00.000Z");
export const MODEL = "claude-sonnet-4-5"; // minimum cacheable prefix 1,024 tokens (src/providers/anthropic.ts)
export const COMPRESSION_TURN = 15;
export const cl100k = (text: string) => countTokens(text, "cl100k_base");

/** A project AGENTS.md long enough (about 1,500 cl100k tokens with the rest) for the stable block to be cacheable. */
export const AGENTS = [
  "# Working on the ledger service",
  "",
  "The ledger service records payments, refunds and transfers between accounts and serves balances to the web app.",
  "It is a TypeScript project on Node 20 with a PostgreSQL database; the HTTP layer is Fastify and the jobs run on BullMQ.",
  "",
  "## Commands",
  "- `npm ci` installs the exact dependency tree from package-lock.json; never run `npm install` in CI scripts.",
  "- `npm run build` compiles src/ into dist/ with tsc; the build must finish without type errors or warnings.",
  "- `npm test` runs the unit tests with vitest; `npm run test:db` runs the database tests against a local container.",
  "- `npm run lint` runs eslint with the shared config; fix the findings rather than turning rules off in place.",
  "- `npm run migrate` applies pending migrations from migrations/ in name order; each migration runs in a transaction.",
  "",
  "## Code layout",
  "- src/http holds the route handlers, one file per resource, each exporting a Fastify plugin.",
  "- src/domain holds the business rules: accounts, entries, transfers. It imports nothing from src/http or src/db.",
  "- src/db holds the repositories; each takes a pg client so that a caller can run several of them in one transaction.",
  "- src/jobs holds the background jobs; a job must be idempotent because the queue may deliver it more than once.",
  "- test/ mirrors src/; fixtures live in test/fixtures and are plain JSON files with one account or entry each.",
  "",
  "## Conventions",
  "- Amounts are integers in minor units (cents) with an ISO 4217 currency code next to them; never use floating point.",
  "- Every ledger entry is immutable: a correction is a new reversing entry, never an update or a delete of the old one.",
  "- Timestamps are stored as timestamptz in UTC and formatted with the user's time zone only at the edge.",
  "- Errors carry a stable code (LEDGER_INSUFFICIENT_FUNDS, LEDGER_CURRENCY_MISMATCH, …) and keep the original cause.",
  "- Log with the request id and the account id, and never log card numbers, tokens or full names.",
  "- Public functions get a one-sentence doc comment that says what they are for, with units for every number.",
  "- Prefer small pure functions in src/domain; keep I/O at the edges so the rules can be tested without a database.",
  "",
  "## Testing",
  "- A bug fix starts with a failing test that shows the bug; the fix makes it pass without changing other tests.",
  "- Database tests create their own schema with a random suffix and drop it afterwards, so they can run in parallel.",
  "- Property tests cover the balance rules: the sum of all entries of a transfer is zero in every currency.",
  "- Snapshot tests are allowed only for HTTP response shapes, and a changed snapshot needs a sentence in the PR.",
  "",
  "## Pull requests",
  "- Keep a pull request to one concern; a refactor and a behaviour change go in separate pull requests.",
  "- The description says what changed, why, and how it was tested, and links the issue it closes.",
  "- Migrations that lock a large table need a plan for running them online, written in the pull request.",
  "- Two approvals are needed for changes under src/domain; one is enough elsewhere.",
].join("\n");

export const SOUL = "You are Wren, a careful engineer who pairs with the maintainers of this repository. You explain your reasoning briefly, you check your work before you report it, and you say plainly when you are unsure.";
export const MEMORY_1 = "- The user prefers small pull requests.";
export const MEMORY_2 = `${MEMORY_1}\n- The user reviews migrations on Tuesdays.`;
export const MEMORY_3 = `${MEMORY_2}\n- The user wants amounts shown with their currency code.`;
export const SKILL = "---\nname: release-notes\ndescription: draft release notes from the merged pull requests\n---\nList the merged pull requests since the last tag and group them by area.";

export const TOOLS: AnthropicTool[] = [
  { name: "read_file", description: "Read a file of the repository.", input_schema: { type: "object", properties: { path: { type: "string" } }, required: ["path"] } },
  { name: "run", description: "Run a shell command in the repository and return its output.", input_schema: { type: "object", properties: { command: { type: "string" } }, required: ["command"] } },
];

/** Freezes a value and everything in it, so a mutation by anthropicRequest would throw. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
