/**
 * Every Codex output the golden cases pin is loadable by Codex 0.171: config.toml parses as TOML
 * (Codex refuses the whole file otherwise), hooks.json has no `$schema` (Codex rejects the file with
 * one) and only event names Codex knows (it ignores the rest silently), and every hook we register
 * has its trust entry with the hash of its handler.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "smol-toml";
import { describe, expect, it } from "vitest";
import { portableEnvironment } from "../../compiler/environment";
import { CODEX_KNOWN_HOOK_EVENTS } from "../../compiler/targets/codex/contract";
import { codexHookHash, codexHookStateKey, type CodexCommandHandler } from "../../compiler/targets/codex/hook-trust";

const goldenRoot = fileURLToPath(new URL("../../golden/", import.meta.url));
const outputs = readdirSync(goldenRoot)
  .sort()
  .map((name): [string, string] => [name, path.join(goldenRoot, name, "expected", "out", "codex", ".codex")])
  .filter(([, dir]) => existsSync(path.join(dir, "config.toml")));
const hooksPath = `${portableEnvironment().home}/.codex/hooks.json`;

describe("golden Codex outputs", () => {
  it("finds them", () => {
    expect(outputs.map(([name]) => name)).toEqual(expect.arrayContaining(["codex-default", "codex-no-trust", "claude-codex-rich"]));
  });

  it.each(outputs)("%s: config.toml parses, hooks.json loads, every handler is trusted (none with codexHookTrust: false)", (name, dir) => {
    const config = parse(readFileSync(path.join(dir, "config.toml"), "utf8")) as { hooks?: { state?: Record<string, { trusted_hash: string }> } };
    const hooks = JSON.parse(readFileSync(path.join(dir, "hooks.json"), "utf8")) as Record<string, unknown> & {
      hooks: Record<string, Array<{ matcher?: string; hooks: CodexCommandHandler[] }>>;
    };
    expect(Object.keys(hooks)).toEqual(["hooks"]);
    const state = config.hooks?.state ?? {};
    const expected: Record<string, string> = {};
    for (const [event, groups] of Object.entries(hooks.hooks)) {
      expect(CODEX_KNOWN_HOOK_EVENTS.has(event), event).toBe(true);
      groups.forEach((group, g) =>
        group.hooks.forEach((handler, h) => (expected[codexHookStateKey(hooksPath, event, g, h)] = codexHookHash(event, group.matcher, handler))),
      );
    }
    const configFile = path.join(goldenRoot, name, "input", "agentihooks.config.json");
    const trustOff = existsSync(configFile) && (JSON.parse(readFileSync(configFile, "utf8")) as { codexHookTrust?: boolean }).codexHookTrust === false;
    expect(Object.fromEntries(Object.entries(state).map(([key, value]) => [key, value.trusted_hash]))).toEqual(trustOff ? {} : expected);
  });
});
