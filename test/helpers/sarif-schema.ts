// Validates SARIF logs against the official SARIF 2.1.0 JSON schema (the rtm.5 schema file Microsoft ships in
// @microsoft/jest-sarif), with ajv (draft-07) and ajv-formats (the schema uses "uri", "uri-reference", "date-time").
//
// Two adjustments, neither of which relaxes a constraint: the file declares draft-04 ("$schema" draft-04 and a
// top-level "id"), which ajv 8 reads as draft-07 once "id" is spelled "$id" (the schema uses no keyword whose meaning
// changed between the two drafts: no boolean exclusiveMinimum/Maximum); and one of its patterns (the language tag,
// "^[a-zA-Z]{2}|^[a-zA-Z]{2}-[a-zA-Z]{2}]?$") is not valid with the RegExp "u" flag, so unicodeRegExp is off.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Ajv, type ErrorObject } from "ajv";
import addFormatsModule from "ajv-formats";

const require = createRequire(import.meta.url);
const SCHEMA_PATH = require.resolve("@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json");

const schema = JSON.parse(readFileSync(SCHEMA_PATH, "utf8")) as Record<string, unknown>;
const { id, $schema: _draft04, ...rest } = schema;
const ajv = new Ajv({ allErrors: true, unicodeRegExp: false });
// ajv-formats is CommonJS with a default export: under ESM interop it may arrive as { default }.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule);
addFormats(ajv);
const validate = ajv.compile({ ...rest, $id: id as string, $schema: "http://json-schema.org/draft-07/schema#" });

/** The schema's errors for `log` (empty when it is valid SARIF 2.1.0). */
export function sarifSchemaErrors(log: unknown): ErrorObject[] {
  return validate(log) ? [] : [...(validate.errors ?? [])];
}
