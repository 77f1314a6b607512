/**
 * The agentihooks MCP server driven through the SDK's own client over an in-memory transport, in
 * temp homes: the tools it lists, what each answers from a real policy file, audit log (written
 * by the runtime's own writer) and recorded source, the secret gate on inputs and outputs.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { afterEach, describe, expect, it } from "vitest";
import type { TargetId } from "../../compiler/targets/ids";
import { connectGated, createServer } from "../../mcp/server";
import { auditLine, type AuditRecord } from "../../runtime/audit-log";
import { auditLogPath, policyPath, renderPolicy } from "../../runtime/policy";

// Fakes shaped like real tokens (the scanner lets placeholders through).
const GITHUB_TOKEN = "ghp_Zq8fK2mN4pR7sT1vW3xY5zA9bC6dE0gH2jL4";
const AWS_KEY = "AKIA" + "Q7RZ2MXK4TPL9WBN";

const homes: string[] = [];
afterEach(() => {
  for (const home of homes.splice(0)) rmSync(home, { recursive: true, force: true });
});

function tempHome(): string {
  const home = mkdtempSync(path.join(tmpdir(), "ah-mcp-"));
  homes.push(home);
  return home;
}

async function connect(home: string, target: TargetId = "claude"): Promise<Client> {
  const server = createServer({ target, home, version: "9.9.9-test", env: {}, now: () => new Date("2026-12-01T12:00:00Z") });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await connectGated(server, serverSide);
  const client = new Client({ name: "test", version: "1" });
  await client.connect(clientSide);
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<{ text: string; json: Record<string, any>; isError: boolean }> {
  const result = (await client.callTool({ name, arguments: args })) as { content: Array<{ type: string; text: string }>; isError?: boolean };
  const text = result.content[0]!.text;
  const brace = text.indexOf("\n\n{");
  return { text, json: brace >= 0 ? (JSON.parse(text.slice(brace + 2)) as Record<string, any>) : {}, isError: result.isError === true };
}

function writeAudit(home: string, records: AuditRecord[], file = auditLogPath(home)): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, records.map(auditLine).join(""));
}

function deny(target: string, tool: string, reason: string, ts: string, input: unknown = {}): AuditRecord {
  return { ts, target, event: "PreToolUse", session: "s-1", cwd: "/work/repo", tool, input, decision: "deny", reason };
}

describe("agentihooks MCP server", () => {
  it("lists its tools, each read-only, with the schema of its inputs", async () => {
    const client = await connect(tempHome());
    expect(client.getServerVersion()).toEqual({ name: "agentihooks", version: "9.9.9-test" });
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(["guardrails", "recent_denials", "active_profile", "read_broadcasts", "send_broadcast"]);
    expect(tools.every((t) => (t.description ?? "").length > 40)).toBe(true);
    // Only sending changes anything, and what it changes is the broadcast store, never a guardrail.
    expect(tools.filter((t) => t.annotations?.readOnlyHint !== true).map((t) => t.name)).toEqual(["send_broadcast"]);
    expect(Object.keys(tools[1]!.inputSchema.properties ?? {})).toEqual(["limit", "tool", "allClients"]);
  });

  it("guardrails: each switch from the installed policy, what it blocks, and whether the profile changed it", async () => {
    const home = tempHome();
    mkdirSync(home, { recursive: true });
    writeFileSync(
      policyPath(home, "claude"),
      renderPolicy({ kubeProduction: true, auditLog: false, protectedBranches: ["release", "main"] }, "claude", home, { chain: "coding,anton" }),
    );
    const { text, json } = await call(await connect(home), "guardrails");
    expect(text.split("\n")[0]).toContain("Policy for claude (profile chain coding,anton).");
    expect(json.policyInstalled).toBe(true);
    expect(json.policyFile).toBe(policyPath(home, "claude"));
    const byName = Object.fromEntries((json.guardrails as Array<{ name: string }>).map((g) => [g.name, g]));
    expect(byName.kubeProduction).toEqual({
      name: "kubeProduction",
      on: true,
      setBy: "profile",
      what: "Block mutating kubectl and helm commands aimed at a context or namespace named as production.",
    });
    expect(byName.auditLog).toMatchObject({ on: false, setBy: "profile" });
    expect(byName.secretsInWrites).toMatchObject({ on: true, setBy: "default" });
    expect(byName.protectedBranches).toBeUndefined();
    expect(json.protectedBranches).toEqual(["main", "release"]);
    expect(json.auditLog).toBeNull();
  });

  it("guardrails: without a policy file, says the runtime runs every default", async () => {
    const home = tempHome();
    const { json } = await call(await connect(home, "codex"), "guardrails");
    expect(json.policyInstalled).toBe(false);
    expect(json.summary).toContain(`No policy file at ${policyPath(home, "codex")}`);
    expect((json.guardrails as Array<{ setBy: string }>).every((g) => g.setBy === "default")).toBe(true);
  });

  it("recent_denials: newest first from the log and its rotated file, this client only unless asked, filtered by tool", async () => {
    const home = tempHome();
    writeAudit(home, [deny("claude", "Bash", "BLOCKED: old rotated denial", "2026-12-01T09:00:00Z")], `${auditLogPath(home)}.1`);
    writeAudit(home, [
      deny("claude", "Read", "BLOCKED: credential file ~/.aws/credentials", "2026-12-01T10:00:00Z", { file_path: "/root/.aws/credentials" }),
      { ts: "2026-12-01T10:01:00Z", target: "claude", event: "PreToolUse", tool: "Bash", input: { command: "ls" }, decision: "allow" },
      deny("codex", "Bash", "BLOCKED: rm -rf / (codex)", "2026-12-01T10:02:00Z"),
      deny("claude", "Bash", `BLOCKED: the command exports ${AWS_KEY}`, "2026-12-01T10:03:00Z", { command: `export AWS_ACCESS_KEY_ID=${AWS_KEY} && git push` }),
    ]);
    const client = await connect(home);
    const { json } = await call(client, "recent_denials");
    expect(json.auditLogOn).toBe(true);
    expect((json.denials as Array<{ ts: string }>).map((d) => d.ts)).toEqual(["2026-12-01T10:03:00Z", "2026-12-01T10:00:00Z", "2026-12-01T09:00:00Z"]);
    expect(json.denials[1]).toEqual({
      ts: "2026-12-01T10:00:00Z",
      target: "claude",
      tool: "Read",
      reason: "BLOCKED: credential file ~/.aws/credentials",
      input: '{"file_path":"/root/.aws/credentials"}',
      cwd: "/work/repo",
      session: "s-1",
    });
    // The runtime redacted the key before writing; nothing of it comes back.
    expect(JSON.stringify(json)).not.toContain(AWS_KEY);
    expect(json.denials[0].input).toContain("[REDACTED:aws_access_key]");
    const reads = await call(client, "recent_denials", { tool: "read" });
    expect((reads.json.denials as Array<{ tool: string }>).map((d) => d.tool)).toEqual(["Read"]);
    const all = await call(client, "recent_denials", { allClients: true, limit: 2 });
    expect((all.json.denials as Array<{ target: string }>).map((d) => d.target)).toEqual(["claude", "codex"]);
  });

  it("recent_denials: says so when the audit log is off or holds no denial", async () => {
    const home = tempHome();
    const client = await connect(home);
    expect((await call(client, "recent_denials")).json.summary).toBe(`No denied tool call of claude in ${auditLogPath(home)}.`);
    writeFileSync(policyPath(home, "claude"), renderPolicy({ auditLog: false }, "claude", home));
    const off = await call(client, "recent_denials");
    expect(off.json.auditLogOn).toBe(false);
    expect(off.json.summary).toContain("The audit log is off in the claude policy (guardrails.auditLog: false)");
  });

  it("active_profile: the chain from the policy, the settings profile and bundle from the recorded source", async () => {
    const home = tempHome();
    const client = await connect(home, "gemini");
    expect((await call(client, "active_profile")).json).toMatchObject({ chain: null, settingsProfile: null, serverVersion: "9.9.9-test" });
    writeFileSync(policyPath(home, "gemini"), renderPolicy({}, "gemini", home, { chain: "coding,anton" }));
    const source = {
      schemaVersion: 1,
      config: "/work/repo/agentihooks.config.json",
      origin: "project",
      bundle: "bundle:",
      chain: "coding,anton",
      settingsProfile: "admin",
      profileOverride: null,
      settingsProfileOverride: null,
      version: "0.1.0",
      targets: ["claude", "gemini"],
    };
    writeFileSync(path.join(home, "source.json"), `${JSON.stringify(source, null, 2)}\n`);
    const { text, json } = await call(client, "active_profile");
    expect(text.split("\n")[0]).toBe("gemini runs profile chain coding,anton with settings profile admin from bundle:.");
    expect(json).toEqual({
      target: "gemini",
      chain: "coding,anton",
      settingsProfile: "admin",
      bundle: "bundle:",
      config: "/work/repo/agentihooks.config.json",
      appliedBy: "0.1.0",
      serverVersion: "9.9.9-test",
      appliedTargets: ["claude", "gemini"],
      summary: expect.any(String),
    });
  });

  it("refuses a call whose arguments carry a credential, in any argument or key, before the tool runs", async () => {
    const home = tempHome();
    writeAudit(home, [deny("claude", "Bash", "BLOCKED: x", "2026-12-01T10:00:00Z")]);
    const client = await connect(home);
    for (const args of [{ tool: GITHUB_TOKEN }, { tool: `Bash ${AWS_KEY}` }, { [GITHUB_TOKEN]: 1 }, { limit: 2, tool: `password=Zx9#kq2Lm!vB7` }]) {
      const result = await call(client, "recent_denials", args);
      expect(result.isError).toBe(true);
      expect(result.text).toMatch(
        /^REFUSED: the arguments of recent_denials carry what looks like a credential \((aws_access_key|generic_secret|github_token)\)/,
      );
      expect(result.text).not.toContain(GITHUB_TOKEN);
      expect(result.text).not.toContain(AWS_KEY);
    }
    // A clean call on the same connection still answers.
    expect((await call(client, "recent_denials", { tool: "Bash" })).json.denials).toHaveLength(1);
  });

  it("never echoes a secret a record holds, even one the runtime did not write", async () => {
    const home = tempHome();
    mkdirSync(path.dirname(auditLogPath(home)), { recursive: true });
    // A line written by hand (not through the runtime's redaction).
    writeFileSync(
      auditLogPath(home),
      `${JSON.stringify({ ts: "2026-12-01T10:00:00Z", target: "claude", tool: "Bash", decision: "deny", reason: `BLOCKED: token ${GITHUB_TOKEN}`, input: { command: `curl -H 'Authorization: token ${GITHUB_TOKEN}'` } })}\n`,
    );
    const { text } = await call(await connect(home), "recent_denials");
    expect(text).not.toContain(GITHUB_TOKEN);
    expect(text).toContain("[REDACTED:github_token]");
  });

  it("send_broadcast stores a note the subscribed sessions get; read_broadcasts lists the session's channels", async () => {
    const home = tempHome();
    writeFileSync(policyPath(home, "claude"), renderPolicy({}, "claude", home, { chain: "coding", channels: ["brain", "ops"] }));
    const client = await connect(home);
    const sent = await call(client, "send_broadcast", { channel: "ops", text: "Deploy freeze until Friday.", expires: "2d" });
    expect(sent.isError).toBe(false);
    expect(sent.json.sent).toMatchObject({ channel: "ops", text: "Deploy freeze until Friday.", from: "agent:claude", expiresAt: "2026-12-03T12:00:00.000Z" });
    expect(readdirSync(path.join(home, "broadcasts", "ops"))).toEqual([`${sent.json.sent.id}.json`]);
    await call(client, "send_broadcast", { channel: "elsewhere", text: "Not for this session." });
    const read = await call(client, "read_broadcasts");
    expect(read.json.channels).toEqual(["brain", "ops"]);
    expect(read.json.messages.map((m: { text: string }) => m.text)).toEqual(["Deploy freeze until Friday."]);
    const other = await call(client, "read_broadcasts", { channel: "elsewhere" });
    expect(other.json.messages.map((m: { text: string }) => m.text)).toEqual(["Not for this session."]);
  });

  it("send_broadcast refuses a bad channel or expiry with the store's reason, and a credential before any tool runs", async () => {
    const home = tempHome();
    const client = await connect(home);
    const badChannel = await call(client, "send_broadcast", { channel: "-no", text: "hello" });
    expect(badChannel.isError).toBe(true);
    expect(badChannel.json.code).toBe("bad-channel");
    const badExpiry = await call(client, "send_broadcast", { channel: "ops", text: "hello", expires: "yesterday" });
    expect(badExpiry.json.code).toBe("bad-expiry");
    const secret = (await client.callTool({ name: "send_broadcast", arguments: { channel: "ops", text: `token ${GITHUB_TOKEN}` } })) as {
      content: Array<{ text: string }>;
      isError?: boolean;
    };
    expect(secret.isError).toBe(true);
    expect(JSON.stringify(secret)).not.toContain(GITHUB_TOKEN);
    expect(existsSync(path.join(home, "broadcasts", "ops"))).toBe(false);
  });
});
