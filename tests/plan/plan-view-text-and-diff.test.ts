import { createTwoFilesPatch } from "diff";
import { describe, expect, it } from "vitest";
import type { Change } from "../../compiler/plan/change";
import { changeDiff } from "../../compiler/plan/plan-view";

/** changeDiff as it was before whole-file patches were built directly: jsdiff's line diff for everything. */
function referenceDiff(change: Change, home: string): string {
  const decoder = new TextDecoder("utf-8", { fatal: false });
  const name = change.path.startsWith(`${home}/`) ? `~/${change.path.slice(home.length + 1)}` : change.path;
  const before = change.before === undefined ? "" : decoder.decode(change.before);
  const after = change.after === undefined ? "" : decoder.decode(change.after);
  if (before === after) return `mode of ${name} becomes ${change.mode.toString(8)}\n`;
  const patch = createTwoFilesPatch(
    change.before === undefined ? "/dev/null" : `a/${name}`,
    change.after === undefined ? "/dev/null" : `b/${name}`,
    before,
    after,
    undefined,
    undefined,
    { context: 3 },
  );
  return patch.replace(/^(Index: .*\n)?=+\n/, "").replace(/\t\n/g, "\n");
}

describe("changeDiff", () => {
  it("shows a created, emptied or deleted file exactly as jsdiff's line diff does", () => {
    let seed = 3;
    const next = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const pieces = ["a", "line", "", "\n", "\n", "\r\n", "\t", "tab\t\n", " ", "é😀", "\\ No newline", "--- x", "@@"];
    const texts = ["x", "\n", "\n\n", "a\nb", "a\nb\n", "a\r\nb\r\n", "trailing tab\t"];
    for (let i = 0; i < 300; i++) texts.push(Array.from({ length: 1 + next(12) }, () => pieces[next(pieces.length)]).join(""));
    const enc = (t: string) => new TextEncoder().encode(t);
    const home = "/h";
    for (const text of texts) {
      const cases: Change[] = [
        { target: "copilot", path: "/h/new.txt", action: "create", before: undefined, after: enc(text), mode: 0o644, bookkeeping: false, conflicts: 0 },
        { target: "copilot", path: "/h/gone.txt", action: "delete", before: enc(text), after: undefined, mode: 0o644, bookkeeping: false, conflicts: 0 },
        { target: "copilot", path: "/h/empty.txt", action: "update", before: enc(""), after: enc(text), mode: 0o644, bookkeeping: false, conflicts: 0 },
        { target: "copilot", path: "/h/emptied.txt", action: "update", before: enc(text), after: enc(""), mode: 0o644, bookkeeping: false, conflicts: 0 },
        {
          target: "copilot",
          path: "/h/edited.txt",
          action: "update",
          before: enc(text),
          after: enc(`${text}more\n`),
          mode: 0o644,
          bookkeeping: false,
          conflicts: 0,
        },
        {
          target: "copilot",
          path: "/elsewhere/ünïcode name.txt",
          action: "create",
          before: undefined,
          after: enc(text),
          mode: 0o755,
          bookkeeping: false,
          conflicts: 0,
        },
      ];
      for (const change of cases) expect(changeDiff(change, home)).toBe(referenceDiff(change, home));
    }
  });
});

describe("renderPlanText", () => {
  it("prints every diff line of every change, coloured or not, as the line-by-line view did", async () => {
    const { renderPlanText, summarizePlan, summaryLine, displayPath } = await import("../../compiler/plan/plan-view");
    const enc = (t: string) => new TextEncoder().encode(t);
    const changes: Change[] = [
      { target: "copilot", path: "/h/a.txt", action: "create", before: undefined, after: enc("one\n\ntwo\n"), mode: 0o644, bookkeeping: false, conflicts: 0 },
      {
        target: "copilot",
        path: "/h/b.txt",
        action: "update",
        before: enc("x\ny\n"),
        after: enc("x\nz"),
        mode: 0o644,
        bookkeeping: false,
        conflicts: 1,
        backup: "/h/b.txt.bak.1",
      },
      { target: "codex", path: "/h/c.bin", action: "update", before: enc("a\u0000"), after: enc("b\u0000"), mode: 0o644, bookkeeping: false, conflicts: 0 },
      { target: "codex", path: "/h/d.sh", action: "update", before: enc("same\n"), after: enc("same\n"), mode: 0o755, bookkeeping: false, conflicts: 0 },
      { target: "codex", path: "/h/e.txt", action: "delete", before: enc("gone\n"), after: undefined, mode: 0o644, bookkeeping: false, conflicts: 0 },
      { target: "codex", path: "/h/f.txt", action: "keep", before: enc("k\n"), after: enc("k\n"), mode: 0o644, bookkeeping: false, conflicts: 0 },
      {
        target: "agentihooks",
        path: "/h/.agentihooks/state.json",
        action: "update",
        before: enc("{}\n"),
        after: enc('{"a": 1}\n'),
        mode: 0o600,
        bookkeeping: true,
        conflicts: 0,
      },
    ];
    const plan = { targets: ["copilot", "codex"], changes, diagnostics: [], observed: {}, pruneDirs: [] };
    const verbs: Record<string, string> = { create: "create", update: "update", delete: "delete", keep: "keep", conflict: "left alone" };
    for (const color of [false, true]) {
      for (const verbose of [false, true]) {
        const paint = (code: string, text: string): string => (color ? `\u001b[${code}m${text}\u001b[0m` : text);
        const out: string[] = [];
        for (const change of changes) {
          if (change.action === "keep" || (change.bookkeeping && !verbose)) continue;
          const sign = change.action === "create" ? "+" : change.action === "delete" ? "-" : change.action === "conflict" ? "!" : "~";
          const colour = change.action === "create" ? "32" : change.action === "delete" ? "31" : change.action === "conflict" ? "33" : "36";
          const notes = [change.conflicts > 0 ? `${change.conflicts} hand edit(s) kept` : "", change.backup ? `backup ${displayPath(change.backup, "/h")}` : ""]
            .filter(Boolean)
            .join(", ");
          out.push(paint(colour, `${sign} ${verbs[change.action]} ${displayPath(change.path, "/h")} (${change.target})${notes ? ` [${notes}]` : ""}`));
          for (const line of changeDiff(change, "/h").split("\n")) {
            if (line === "") continue;
            const c =
              line.startsWith("+++") || line.startsWith("---")
                ? "1"
                : line.startsWith("+")
                  ? "32"
                  : line.startsWith("-")
                    ? "31"
                    : line.startsWith("@@")
                      ? "36"
                      : "";
            out.push(c ? paint(c, line) : line);
          }
        }
        out.push(summaryLine(summarizePlan(plan)));
        expect(renderPlanText(plan, { home: "/h", color, verbose })).toBe(`${out.join("\n")}\n`);
      }
    }
  });
});
