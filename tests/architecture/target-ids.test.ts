/**
 * A target is its own files plus its id in compiler/targets/ids.ts (docs/architecture.md, "Add a
 * target"): shared code reads the registry and the contracts instead of naming targets. This names every source file
 * outside those places whose code spells a built-in target id as a string, so a new hard-coded list
 * fails here. The files still allowed say why; the list may only shrink.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { TARGET_IDS } from "../../compiler/targets/ids";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** Where a target's own code, the ids and the registries live: ids there are the point. */
const OWN = new RegExp(
  `^(compiler/targets/(${TARGET_IDS.join("|")})/|runtime/clients/(${TARGET_IDS.join("|")})\\.ts$|compiler/targets/(ids|registry)\\.ts$|runtime/clients/registry\\.ts$)`,
);

/** Files that still name a target, each with the reason it is not read from the registry (yet). */
const STILL_NAMED: Readonly<Record<string, string>> = {
  "compiler/state/ledger.ts":
    "the Python original's state file, a fixed format of the past, kept Claude's MCP servers under a top-level key of its own; no target added now has such a record",
  "runtime/transcript.ts":
    "`agentihooks transcript` reads a log of unknown origin and tells the formats apart by their record shapes; the readers would move into runtime/clients/<id>.ts (issue 12, item 1) as a transcript reader per client",
};

function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sources(rel);
    return /\.(ts|mts|mjs|js|cjs)$/.test(entry.name) && !entry.name.includes(".generated.") ? [rel] : [];
  });
}

/** The code lines of a file (comment lines dropped) that spell a target id as a string literal. */
function namingLines(file: string): string[] {
  const literal = new RegExp(`["'\`](${TARGET_IDS.join("|")})["'\`]`);
  return readFileSync(path.join(root, file), "utf8")
    .split("\n")
    .filter((line) => !/^\s*(\/\/|\/\*|\*)/.test(line) && literal.test(line));
}

describe("target ids in shared code", () => {
  const naming = ["bin", "compiler", "mcp", "runtime", "scripts"]
    .flatMap(sources)
    .filter((file) => !OWN.test(file) && namingLines(file).length > 0)
    .sort();

  it("appear only in the target's folders, the registries and the files still listed", () => {
    expect(naming.filter((file) => !(file in STILL_NAMED))).toEqual([]);
  });

  it("the list of files still naming a target holds only files that do", () => {
    expect(Object.keys(STILL_NAMED).filter((file) => !naming.includes(file))).toEqual([]);
  });
});
