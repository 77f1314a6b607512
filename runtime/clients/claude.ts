/**
 * Claude Code in the runtime. Claude's payloads are already in the runtime's vocabulary (it is the
 * vocabulary), so they are read untouched; replies go in `hookSpecificOutput`, whose
 * `hookEventName` must equal the event Claude fired. The wire facts are in
 * compiler/targets/claude/contract.ts.
 */
import { contract } from "../../compiler/targets/claude/contract";
import { withDerivedCalls } from "../normalize";
import type { Client } from "./client";

/** Claude Code in the runtime. */
export const claudeClient: Client = {
  contract,
  // The payload as sent, plus the edit of a shell call that runs `apply_patch` (normalize.ts).
  normalize: (payload) => withDerivedCalls(payload),
  blockBody(event, _hookEventName, reason) {
    if (event === "PreToolUse") return { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: reason } };
    if (event === "PermissionRequest") return { hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior: "deny", message: reason } } };
    return contract.decisionEvents.has(event) ? { decision: "block", reason } : undefined;
  },
  contextBody(_event, hookEventName, text) {
    return contract.contextEvents.has(hookEventName) ? { hookSpecificOutput: { hookEventName, additionalContext: text } } : undefined;
  },
  rewriteBody(hookEventName, args, note) {
    if (hookEventName !== "PreToolUse") return undefined;
    return { hookSpecificOutput: { hookEventName, permissionDecision: "allow", permissionDecisionReason: note, updatedInput: args, additionalContext: note } };
  },
};
