// `agentihooks broadcast send|list|clear` (docs/broadcasts.md): the built CLI in a temp home, its
// --json envelopes checked against schemas/cli/envelope.schema.json.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Ajv from "ajv";
import { describe, expect, it } from "vitest";
import { policyPath, renderPolicy } from "../../runtime/policy";
import { GITHUB_TOKEN } from "../runtime/helpers";

const cli = new URL("../../bin/agentihooks.js", import.meta.url).pathname;
const schema = JSON.parse(readFileSync(new URL("../../schemas/cli/envelope.schema.json", import.meta.url), "utf8"));
const validate = new Ajv({ allErrors: true, strict: false, validateFormats: false }).compile(schema);

function sandbox(extra: Record<string, string> = {}) {
  const home = mkdtempSync(path.join(tmpdir(), "ah-broadcast-"));
  const env: NodeJS.ProcessEnv = { PATH: "/usr/bin:/bin", HOME: home, NO_COLOR: "1", ...extra };
  const run = (...args: string[]) => {
    const r = spawnSync(process.execPath, [cli, "broadcast", ...args], { cwd: home, env, encoding: "utf8" });
    return { status: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
  };
  const json = (...args: string[]): any => {
    const r = run(...args, "--json");
    const doc = JSON.parse(r.stdout) as any;
    const errors = validate(JSON.parse(r.stdout)) ? null : validate.errors;
    if (errors) throw new Error(`envelope does not match the schema: ${JSON.stringify(errors)}\n${r.stdout}`);
    expect(doc.command).toBe("broadcast");
    expect(doc.exitCode).toBe(r.status);
    return doc;
  };
  return { home, run, json };
}

describe("agentihooks broadcast", () => {
  it("sends, lists and clears in the agentihooks home", () => {
    const s = sandbox();
    const store = path.join(s.home, ".agentihooks", "broadcasts");
    const sent = s.run("send", "brain", "deploy", "freeze", "until", "18:00", "--expires", "2h", "--from", "ops-bot");
    expect(sent.status).toBe(0);
    expect(sent.stdout).toMatch(/^Sent to channel brain \(id \d{8}T\d{9}Z-[0-9a-f]{12}, expires .+\) in .+broadcasts\.\n$/);
    const second = s.json("send", "Amygdala", "hello");
    expect(second.result).toMatchObject({ action: "send", store, message: { channel: "amygdala", text: "hello" } });
    expect(second.result.message.from).toContain("@");
    const list = s.json("list");
    expect(list.result.messages.map((m: { text: string }) => m.text)).toEqual(["deploy freeze until 18:00", "hello"]);
    expect(list.result.messages[0]).toMatchObject({ channel: "brain", from: "ops-bot", expiresAt: expect.any(String) });
    expect(s.json("list", "amygdala").result.messages).toHaveLength(1);
    const text = s.run("list");
    expect(text.stdout).toContain("[brain]");
    expect(text.stdout).toContain("    deploy freeze until 18:00\n");
    const cleared = s.json("clear", "brain");
    expect(cleared.result.removed.map((m: { channel: string }) => m.channel)).toEqual(["brain"]);
    expect(s.run("clear", "--all").stdout).toBe(`Removed 1 broadcast from ${store}.\n`);
    expect(s.run("list").stdout).toBe(`No broadcasts in ${store}.\n`);
  });

  it("refuses a credential, a bad channel, a bad expiry and a bare clear, sending nothing", () => {
    const s = sandbox();
    const secret = s.json("send", "brain", `the token is ${GITHUB_TOKEN}`);
    expect(secret.exitCode).toBe(1);
    expect(secret.diagnostics[0].code).toBe("AH5130");
    expect(secret.diagnostics[0].message).toContain("github_token");
    expect(JSON.stringify(secret)).not.toContain(GITHUB_TOKEN);
    const text = s.run("send", "brain", `the token is ${GITHUB_TOKEN}`);
    expect(text.status).toBe(1);
    expect(text.stderr).toContain("error AH5130");
    expect(s.json("send", "../x", "hi").diagnostics[0].code).toBe("AH5130");
    expect(s.json("send", "brain", "hi", "--expires", "tomorrow").diagnostics[0].message).toContain("not an expiry");
    expect(s.json("send", "brain").diagnostics[0].code).toBe("AH5120");
    expect(s.json("clear").diagnostics[0].message).toContain("--all");
    expect(s.json("list", "--expires", "1h").diagnostics[0].message).toContain("--expires is not an option of 'list'");
    expect(s.json("shout", "x").diagnostics[0].message).toContain("send, list or clear");
    expect(s.json("list").result.messages).toEqual([]);
  });

  it("uses the shared store the applied policy names, or AGENTIHOOKS_BROADCAST_DIR, or --dir", () => {
    const share = mkdtempSync(path.join(tmpdir(), "ah-share-"));
    const s = sandbox();
    const ah = path.join(s.home, ".agentihooks");
    mkdirSync(ah);
    writeFileSync(policyPath(ah, "claude"), renderPolicy({}, "claude", ah, { broadcastDir: share }));
    expect(s.json("send", "ops", "from the policy").result.store).toBe(share);
    expect(readdirSync(path.join(share, "ops"))).toHaveLength(1);
    const other = mkdtempSync(path.join(tmpdir(), "ah-share-"));
    const v = sandbox({ AGENTIHOOKS_BROADCAST_DIR: other });
    expect(v.json("send", "ops", "from the variable").result.store).toBe(other);
    expect(v.json("list", "--dir", share).result.messages.map((m: { text: string }) => m.text)).toEqual(["from the policy"]);
  });
});
