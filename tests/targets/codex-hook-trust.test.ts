import { describe, expect, it } from "vitest";
import { codexEventLabel, codexHookHash, codexHookIdentity, codexHookStateKey, effectiveCodexTimeout } from "../../compiler/targets/codex/hook-trust";

// Every hash below was computed by the real Codex CLI 0.171.0 (`@openai/codex@0.171.0`): a hooks.json
// with these groups under a scratch CODEX_HOME, read back through `codex app-server` → `hooks/list`,
// field `currentHash`. A trusted_hash of the first value made `trustStatus` turn to `trusted`.
const realClientHashes: Array<{ event: string; matcher?: string; handler: Parameters<typeof codexHookHash>[2]; hash: string }> = [
  {
    event: "PreToolUse",
    handler: { type: "command", command: "/home/agent/.codex/agentihooks-hook.sh", timeout: 30 },
    hash: "sha256:f3dafd628390fdce55c0aad6186ffbec66ce2173597f379f0f570b1b3d831d71",
  },
  {
    event: "SessionStart",
    matcher: "startup",
    handler: { type: "command", command: "echo hi" },
    hash: "sha256:96fce91e330a75049046e8e6e6ee74528be2d90871e21bafdff0b41859318628",
  },
  {
    event: "PreToolUse",
    matcher: "Bash",
    handler: { type: "command", command: "/x/w.sh", timeout: 30, additionalContextLimit: 0, statusMessage: "checking" },
    hash: "sha256:0fed1fe38258308e5ae1bdad8f37f9a4551b6654f64b927939c9a3fbcb576f14",
  },
  {
    event: "SessionEnd",
    handler: { type: "command", command: "/x/w.sh", timeout: 3 },
    hash: "sha256:a1c1a47e97ce018c7fe09d80e40c373fd8e28270f20f486c41a3799207cc4790",
  },
  {
    event: "SessionEnd",
    handler: { type: "command", command: "/x/w.sh", timeout: 30 },
    hash: "sha256:a1c1a47e97ce018c7fe09d80e40c373fd8e28270f20f486c41a3799207cc4790",
  },
  { event: "SessionEnd", handler: { type: "command", command: "/x/w.sh" }, hash: "sha256:969c2b019c28c9ffe29aa8f44366db9a50a3ea166605acbbb081c56a146cafc2" },
  {
    event: "SubagentStart",
    handler: { type: "command", command: "/x/w.sh", timeout: 30, additionalContextLimit: 0 },
    hash: "sha256:ec763bfa7a17294b0e29be798d93b7f626a3dbde70913584da5921209f8e8612",
  },
  {
    event: "UserPromptSubmit",
    matcher: "x",
    handler: { type: "command", command: "/x/w.sh", timeout: 30 },
    hash: "sha256:8b0dcb269492637597cfdfb17cf008cafef2e37da9aeae17f9775477e55ded72",
  },
  {
    event: "Stop",
    matcher: "x",
    handler: { type: "command", command: "/x/w.sh" },
    hash: "sha256:db3041357eb86cea4f16bd6a24734e06ca692dc40230d9b1ea0474135ae3e87e",
  },
  {
    event: "PreCompact",
    matcher: "auto",
    handler: { type: "command", command: "/x/w.sh", timeout: 0 },
    hash: "sha256:e215f9ad704e73501b95361d8e23814caa4ced56e65b4020b83f6639adb9f3ac",
  },
  {
    event: "SubagentStop",
    matcher: "x",
    handler: { type: "command", command: "/x/w.sh", timeout: 30 },
    hash: "sha256:71149b88a1e389807d5a589af3e186baa1877628963995788d5cac14a6147b9f",
  },
  {
    event: "PostToolUse",
    matcher: "*",
    handler: { type: "command", command: "/x/w.sh", timeout: 30 },
    hash: "sha256:c9f3c9359d24506975bbd79da3859873d458657c7a10e2f8e56924a254d5eb9d",
  },
  {
    event: "PermissionRequest",
    handler: { type: "command", command: "/x/w.sh", timeout: 30 },
    hash: "sha256:603fe2ef77bec39df4139f4c98f0c35afc49c5846169c7ab739a88c53caa688c",
  },
  {
    event: "Interrupt",
    handler: { type: "command", command: "/x/w.sh", timeout: 30 },
    hash: "sha256:4711d3643f344088b8835db0feb556a34058657c9a87d72bd52c72c6f0c897d6",
  },
];

describe("Codex hook trust (0.171.0)", () => {
  it.each(realClientHashes)("reproduces the real client's hash for $event $matcher", ({ event, matcher, handler, hash }) => {
    expect(codexHookHash(event, matcher, handler)).toBe(hash);
  });

  it("hashes a sorted, compact identity with the normalised handler", () => {
    expect(codexHookIdentity("PreToolUse", "Bash", { type: "command", command: "/w.sh", timeout: 30, additionalContextLimit: 0 })).toBe(
      '{"event_name":"pre_tool_use","hooks":[{"additionalContextLimit":0,"async":false,"command":"/w.sh","timeout":30,"type":"command"}],"matcher":"Bash"}',
    );
  });

  it("builds the positional state key from the hooks.json path and the snake_case event", () => {
    expect(codexHookStateKey("/home/agent/.codex/hooks.json", "UserPromptSubmit", 0, 0)).toBe("/home/agent/.codex/hooks.json:user_prompt_submit:0:0");
    expect(codexEventLabel("PermissionRequest")).toBe("permission_request");
    expect(codexEventLabel("PreToolUse")).toBe("pre_tool_use");
  });

  it("applies Codex's timeout defaults and clamps", () => {
    expect(effectiveCodexTimeout("PreToolUse", undefined)).toBe(600);
    expect(effectiveCodexTimeout("PreToolUse", 0)).toBe(1);
    expect(effectiveCodexTimeout("SessionEnd", undefined)).toBe(1);
    expect(effectiveCodexTimeout("SessionEnd", 30)).toBe(3);
  });

  it("changes the hash when the command changes (an edited registration loses trust)", () => {
    const a = codexHookHash("PreToolUse", undefined, { type: "command", command: "/a.sh", timeout: 30 });
    const b = codexHookHash("PreToolUse", undefined, { type: "command", command: "/b.sh", timeout: 30 });
    expect(a).not.toBe(b);
  });
});
