/** A client's state file (`contract.home.stateFile`) follows its home only when the home is moved. */
import { describe, expect, it } from "vitest";
import { clientStateFile, portableEnvironment } from "../../compiler/environment";
import { contract as claude } from "../../compiler/targets/claude/contract";
import { claudePaths } from "../../compiler/targets/claude/paths";
import { targets } from "../../compiler/targets/registry";

describe("clientStateFile", () => {
  it("is beside the default home, inside a home moved by the variable or the config, and absent for clients that keep none", () => {
    expect(clientStateFile(portableEnvironment(), claude)).toBe("/home/agent/.claude.json");
    expect(clientStateFile(portableEnvironment({ vars: { CLAUDE_CONFIG_DIR: "~/cc" } }), claude)).toBe("/home/agent/cc/.claude.json");
    expect(clientStateFile(portableEnvironment({ homes: { claude: "/srv/claude" } }), claude)).toBe("/srv/claude/.claude.json");
    // Another client's moved home does not move Claude's state file.
    expect(clientStateFile(portableEnvironment({ homes: { copilot: "/srv/copilot" } }), claude)).toBe("/home/agent/.claude.json");
    for (const { descriptor } of targets)
      if (descriptor.id !== "claude") expect(clientStateFile(portableEnvironment(), descriptor.contract), descriptor.id).toBeUndefined();
    expect(claudePaths(portableEnvironment({ homes: { claude: "/srv/claude" } })).claudeJson).toBe("/srv/claude/.claude.json");
  });
});
