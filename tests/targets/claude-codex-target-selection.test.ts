import { describe, expect, it } from "vitest";
import { checkTargets } from "../../compiler/apply/session";

describe("--target selection for the Claude and Codex targets", () => {
  it("accepts claude, codex, a comma list, and all (every target, registry order)", () => {
    expect(checkTargets(["claude"])).toEqual({ ids: ["claude"] });
    expect(checkTargets(["codex,claude"])).toEqual({ ids: ["claude", "codex"] });
    expect(checkTargets(["all"])).toEqual({ ids: ["copilot", "claude", "codex", "gemini"] });
    expect(checkTargets(["codex", "all"])).toEqual({ ids: ["copilot", "claude", "codex", "gemini"] });
  });

  it("still rejects an unknown name", () => {
    expect(checkTargets(["claud"]).error?.code).toBe("AH5104");
  });
});
