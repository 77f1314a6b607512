/**
 * Byte-exact comparison of two file trees, in both directions, with a unified diff for each file
 * whose content differs.
 */
import { createTwoFilesPatch } from "diff";
import type { FileTree } from "./cases";

/** Describes every difference between two trees; empty when equal. */
export function compareTrees(expected: FileTree, actual: FileTree, label: string): string[] {
  const problems: string[] = [];
  for (const rel of [...new Set([...expected.keys(), ...actual.keys()])].sort()) {
    const want = expected.get(rel);
    const got = actual.get(rel);
    if (want === undefined) problems.push(`${label}/${rel}: produced but not expected (unexpected file)`);
    else if (got === undefined) problems.push(`${label}/${rel}: expected but not produced (missing file)`);
    else if (Buffer.compare(Buffer.from(want), Buffer.from(got)) !== 0) {
      const text = (b: Uint8Array) => new TextDecoder().decode(b);
      problems.push(`${label}/${rel}: content differs\n${createTwoFilesPatch(`expected/${rel}`, `actual/${rel}`, text(want), text(got), "", "", { context: 2 })}`);
    }
  }
  return problems;
}
