/**
 * Compiler-only facts about OpenAI Codex CLI 0.171.0's configuration files. What the client does on
 * the hook wire (events, timeouts, replies) is in ./contract.ts.
 */

/** The smallest `project_doc_max_bytes` written; AGENTS.md gets a quarter of headroom above its size. */
export const PROJECT_DOC_FLOOR = 65_536;
