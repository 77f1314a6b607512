/**
 * Skills in the open-standard directory `~/.agents/skills`, which Copilot 1.0.102, Codex 0.171.0 and
 * Gemini CLI 0.61.0 all read (docs/targets/*.md, "loader rules"): each target writes a SKILL.md every
 * one of them loads, and all three write the same bytes.
 */
import { describe, expect, it } from "vitest";
import type { DesiredTree, FileEntry } from "../../compiler/desired-tree";
import { portableEnvironment } from "../../compiler/environment";
import type { Ir } from "../../compiler/ir";
import { agentSkillName, cutDescription, descriptionFromBody } from "../../compiler/lower/skills";
import { compileTarget as compileCodex } from "../../compiler/targets/codex/compile";
import { compileTarget as compileCopilot } from "../../compiler/targets/copilot/compile";
import { compileTarget as compileGemini } from "../../compiler/targets/gemini/compile";
import { makeIr, skill } from "./ir-fixtures";

const DIR = "/home/agent/.agents/skills";
const TARGETS = { copilot: compileCopilot, codex: compileCodex, gemini: compileGemini } as const;

function skillMd(tree: DesiredTree, name: string): string {
  const entry = tree.entries.find((e): e is FileEntry => e.kind === "file" && e.path === `${DIR}/${name}/SKILL.md`);
  if (!entry) throw new Error(`no SKILL.md for ${name} in ${tree.target}`);
  return typeof entry.content === "string" ? entry.content : new TextDecoder().decode(entry.content);
}

function each(ir: Partial<Ir>): Array<[string, DesiredTree]> {
  return Object.entries(TARGETS).map(([id, compile]) => [id, compile(makeIr(ir), portableEnvironment())]);
}

function skillCodes(tree: DesiredTree): string[] {
  return tree.diagnostics.filter((d) => d.code >= "AH4320" && d.code <= "AH4323").map((d) => d.code);
}

describe.each(Object.keys(TARGETS))("%s: SKILL.md in ~/.agents/skills", (id) => {
  const compile = (ir: Partial<Ir>) => TARGETS[id as keyof typeof TARGETS](makeIr(ir), portableEnvironment());

  it("accepts a skill with only a name: the description is the body's first sentence (Codex skips a skill without one)", () => {
    const t = compile({ skills: [skill("deploy", "---\nname: deploy\n---\n\n# Deploying\n\nShips the service to staging. Then waits.\n")] });
    // A key the author did not write goes first (compiler/lower/frontmatter.ts authoredMarkdown); the body keeps its bytes.
    expect(skillMd(t, "deploy")).toBe(
      "---\ndescription: Ships the service to staging.\nname: deploy\n---\n\n# Deploying\n\nShips the service to staging. Then waits.\n",
    );
    expect(t.diagnostics.filter((d) => d.code === "AH4320").map((d) => [d.file, d.severity])).toEqual([["bundle:.claude/skills/deploy/SKILL.md", "info"]]);
  });

  it("writes the directory name into a skill without one (Gemini skips a skill without a name)", () => {
    const t = compile({ skills: [skill("lint", "---\ndescription: Runs the linter\n---\n\nRun it.\n")] });
    expect(skillMd(t, "lint")).toBe("---\nname: lint\ndescription: Runs the linter\n---\n\nRun it.\n");
    expect(skillCodes(t)).toEqual(["AH4321"]);
  });

  it("gives a SKILL.md without frontmatter both, from its heading when it has no prose", () => {
    const t = compile({ skills: [skill("notes", "# Release notes\n")] });
    expect(skillMd(t, "notes")).toBe("---\nname: notes\ndescription: Release notes\n---\n\n# Release notes\n");
    expect(skillCodes(t).sort()).toEqual(["AH4320", "AH4321"]);
  });

  it("fixes a name a reader refuses, with a located warning", () => {
    const long = `n${"x".repeat(70)}`;
    const t = compile({
      skills: [skill("dash", "---\nname: -dash/tool\ndescription: D\n---\n\nB\n"), skill("long", `---\nname: ${long}\ndescription: L\n---\n\nB\n`)],
    });
    expect(skillMd(t, "dash")).toContain("name: dash-tool\n");
    expect(skillMd(t, "long")).toContain(`name: ${long.slice(0, 64)}\n`);
    expect(t.diagnostics.filter((d) => d.code === "AH4322").map((d) => [d.file, d.pointer, d.severity])).toEqual([
      ["bundle:.claude/skills/dash/SKILL.md", "/name", "warning"],
      ["bundle:.claude/skills/long/SKILL.md", "/name", "warning"],
    ]);
  });

  it("copies a skill that meets every rule byte for byte, with no diagnostic", () => {
    const raw = "---\nname: ok\ndescription: 'Fine: as is'\nlicense: MIT\n---\n\nBody.\n";
    const t = compile({ skills: [skill("ok", raw)] });
    expect(skillMd(t, "ok")).toBe(raw);
    expect(skillCodes(t)).toEqual([]);
  });
});

describe("the three targets sharing ~/.agents/skills", () => {
  it("write the same bytes for every skill, fixed or not (different bytes would collide at apply)", () => {
    const skills = [
      skill("a", "---\nname: a\n---\n\nDoes A.\n"),
      skill("b", "---\ndescription: B\n---\n"),
      skill("c", "---\nname: 'c: colon'\ndescription: C\n---\n\nC.\n"),
      skill("d", `---\nname: d\ndescription: ${"word ".repeat(300)}\n---\n`),
    ];
    const trees = each({ skills });
    for (const name of ["a", "b", "c", "d"]) {
      const bytes = new Set(trees.map(([, t]) => skillMd(t, name)));
      expect(bytes.size, `${name}: ${[...bytes].join(" | ")}`).toBe(1);
    }
  });
});

describe("the helpers", () => {
  it("agentSkillName keeps a good name and fixes the characters, the start and the length", () => {
    expect(agentSkillName("Release Notes_v2.1")).toBe("Release Notes_v2.1");
    expect(agentSkillName("--a:b/c")).toBe("a-b-c");
    expect(agentSkillName("ééé")).toBe("");
    expect([...agentSkillName("x".repeat(100))].length).toBe(64);
  });

  it("descriptionFromBody skips fences and comments and strips a list marker", () => {
    expect(descriptionFromBody("<!-- note -->\n```sh\nrm -rf /\n```\n- Checks the build! More.\n")).toBe("Checks the build!");
    expect(descriptionFromBody("## Only a title ##\n")).toBe("Only a title");
    expect(descriptionFromBody("\n\n")).toBeUndefined();
  });

  it("cutDescription cuts at a space and ends with an ellipsis", () => {
    expect(cutDescription("short")).toBe("short");
    const cut = cutDescription("abc ".repeat(400));
    expect([...cut].length).toBeLessThanOrEqual(1024);
    expect(cut.endsWith("abc…")).toBe(true);
  });
});
