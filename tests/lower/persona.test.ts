import { describe, expect, it } from "vitest";
import { assemblePersona, personaHeader, PERSONA_FOOTER, renderIdentity } from "../../compiler/lower/persona";
import { feature, makeIr, member, origin } from "../targets/ir-fixtures";

describe("assemblePersona", () => {
  it("orders header, identity, bundle, profiles, rules, manifesto and footer, exact bytes", () => {
    const ir = makeIr({
      chain: [member("anton"), member("brain", "linked")],
      basePersona: "anton",
      persona: {
        bundleShared: { text: "Shared rules.\r\n", origin: origin("bundle:CLAUDE.md", "bundle") },
        profiles: [
          { profile: "anton", text: "# Anton persona\n", origin: origin("bundle:profiles/anton/CLAUDE.md") },
          { profile: "brain", text: "   \n", origin: origin("linked(brain):CLAUDE.md") },
        ],
        manifesto: { text: "Ship small.\n", origin: origin("config:manifesto.md", "package") },
      },
      rules: [feature("rules", "01-style", "Always be terse.\n", {}, "bundle"), feature("rules", "02-empty", "\n\n")],
    });
    const text = assemblePersona(ir, personaHeader("copilot"));
    const identity = renderIdentity(ir);
    expect(text).toBe(
      [
        "<!-- managed-by: agentihooks — regenerate with: agentihooks init --target copilot -->",
        identity,
        "<!-- bundle shared directives -->\nShared rules.",
        "<!-- profile: anton -->\n# Anton persona",
        "# Rules\n\n<!-- rule: 01-style.md (bundle) -->\nAlways be terse.",
        "<!-- ci-manifesto -->\nShip small.",
      ].join("\n\n---\n\n") + `\n\n${PERSONA_FOOTER}\n`,
    );
    expect(text).not.toContain("\r");
  });

  it("names the base persona and lists every other member, never the joined chain", () => {
    const identity = renderIdentity(
      makeIr({ chain: [member("anton"), member("brain", "linked"), member("ops")], basePersona: "anton", requestedChain: "anton,brain,ops" }),
    );
    expect(identity.startsWith("# Identity — who you are (read first; it does not outrank anything below)\n")).toBe(true);
    expect(identity).toContain("You are **anton**");
    expect(identity).toContain("Layered on top: **brain**, **ops** (capability layers linked into this persona, not part of its name)");
    expect(identity).toContain("It grants no precedence");
    expect(identity).toContain("(Security, Safety Protocol, HARD FLOOR) outrank everything here");
    expect(identity).toContain('"who are you"');
    expect(identity).not.toContain("anton,brain");
  });

  it("says 'a capability layer' for one layer and omits the line for none", () => {
    expect(renderIdentity(makeIr({ chain: [member("anton"), member("brain")], basePersona: "anton" }))).toContain(
      "Layered on top: **brain** (a capability layer linked",
    );
    const alone = renderIdentity(makeIr({ chain: [member("anton")], basePersona: "anton" }));
    expect(alone).not.toContain("Layered on top");
    expect(alone).not.toMatch(/\n\n\n/);
  });

  it("keeps a rule in its first position with the later layer's text (as the IR orders it)", () => {
    const ir = makeIr({ rules: [feature("rules", "b", "B text", {}, "profile x"), feature("rules", "a", "A text", {}, "bundle")] });
    const text = assemblePersona(ir, personaHeader("codex"));
    expect(text.indexOf("rule: b.md (profile x)")).toBeLessThan(text.indexOf("rule: a.md (bundle)"));
    expect(text).toContain("<!-- rule: b.md (profile x) -->\nB text\n\n---\n\n<!-- rule: a.md (bundle) -->\nA text");
  });

  it("gives each header the same text below it when one IR is assembled for two targets", () => {
    const ir = makeIr({ rules: [feature("rules", "a", "A\r\ntext\r", {}, "bundle")] });
    const copilot = assemblePersona(ir, personaHeader("copilot"));
    const codex = assemblePersona(ir, personaHeader("codex"), "<!-- end -->");
    expect(copilot.startsWith(`${personaHeader("copilot")}\n\n---\n\n${renderIdentity(ir)}`)).toBe(true);
    expect(codex.slice(personaHeader("codex").length, -"<!-- end -->\n".length)).toBe(
      copilot.slice(personaHeader("copilot").length, -`${PERSONA_FOOTER}\n`.length),
    );
    expect(codex).toContain("<!-- rule: a.md (bundle) -->\nA\ntext\n\n<!-- end -->\n");
    expect(assemblePersona(ir, "  ")).toBe(`${renderIdentity(ir)}\n\n---\n\n# Rules\n\n<!-- rule: a.md (bundle) -->\nA\ntext\n\n${PERSONA_FOOTER}\n`);
  });
});
