/**
 * Scopes: where a client reads its configuration. `home` is the operator's own homes (`~/.copilot`,
 * `~/.claude`, …), `repo` a repository that a team commits and every clone (and Copilot's cloud
 * agent) reads, `machine` the administrator's policy files. The IR is the same in every scope; each
 * target's folder holds the path map and artifact rules of the scopes it has a place in
 * (docs/scopes.md).
 */

/** The scopes, in the order `--scope` help and docs list them. */
export const SCOPES = ["home", "repo", "machine"] as const;

/** A scope name. */
export type Scope = (typeof SCOPES)[number];

/**
 * The scope a compile runs in, with what locates it: the repository root (absolute; the directory
 * holding `.git`) for `repo`; for `machine` the directory system paths are taken under (`/`, or a
 * throwaway root in tests). Targets read it from `Environment.scope`.
 */
export type ScopeContext = { name: "home" } | { name: "repo"; root: string } | { name: "machine"; root: string };

/** The home scope (every Environment's default). */
export const HOME_SCOPE: ScopeContext = { name: "home" };

/** True when `value` names a scope. */
export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}
