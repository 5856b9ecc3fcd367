// What an error message may show a client: the paths the request sent, never where the Worker mounted them. The
// library's errors name absolute paths ("cwd /workspace/app: no such directory", from discovery/read.ts); a client
// sent "app" and has never heard of /workspace. Every error the Worker answers passes through publicMessage
// (status.ts errorAnswer), so a new error anywhere below needs no change here.

import { WORKSPACE } from "./input.js";

/** The mount point as a whole path word: not inside a longer name ("/workspaces", "x/workspace"). */
const MOUNT = new RegExp(`(?<![\\w.\\-/])${WORKSPACE.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(/|(?![\\w.\\-]))`, "g");

/**
 * `message` as a client may see it:
 * - every path under the workspace mount (WORKSPACE, "/workspace") is written relative to the workspace, as the
 *   request named it: "/workspace/services/api" → "services/api", the mount itself → "." (the workspace's root);
 * - only its first line: a message never carries a stack trace or a dump from below.
 * Never throws.
 * @example publicMessage("cwd /workspace/nope: no such directory") // "cwd nope: no such directory"
 */
export function publicMessage(message: string): string {
  const firstLine = message.split(/\r\n|[\n\r\u2028\u2029]/, 1)[0]!;
  return firstLine.replace(MOUNT, (_whole, slash: string) => (slash === "/" ? "" : "."));
}
