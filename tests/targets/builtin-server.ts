/**
 * Test helper: every target registers agentihooks' own MCP server (compiler/lower/agentihooks-server.ts)
 * beside the profiles' servers. Tests about the profiles' servers check it is there and look at the rest.
 */
import { expect } from "vitest";

/** `servers` without the built-in `agentihooks` entry, which must be present and run the installed mcp-server.cjs. */
export function withoutAgentihooks<T>(servers: Readonly<Record<string, T>> | undefined): Record<string, T> {
  expect(servers).toBeDefined();
  const { agentihooks, ...rest } = servers as Record<string, T>;
  expect(JSON.stringify(agentihooks)).toMatch(/mcp-server\.cjs","--target","(copilot|claude|codex|gemini)"/);
  return rest;
}
