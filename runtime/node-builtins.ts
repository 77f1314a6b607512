/**
 * The Node builtins the runtime needs, loaded the cheap way. An ESM `import … from "node:fs"`
 * builds the module's whole namespace, which evaluates every lazy getter of `fs` (streams,
 * `fs/promises`, readline, watchers: about 30 extra internal modules on Node 20, measured with
 * `process.moduleLoadList`) before the first line of the hook runs. `process.getBuiltinModule`
 * (Node >= 20.16) returns the plain CommonJS object instead; older Node 20 releases fall back to
 * `createRequire`, which is equally lazy. `node:path` is imported normally: it has no lazy parts.
 */
import type * as FsModule from "node:fs";
import type * as CryptoModule from "node:crypto";
import type * as OsModule from "node:os";

type GetBuiltin = (id: string) => unknown;

const getBuiltin: GetBuiltin =
  (process as unknown as { getBuiltinModule?: GetBuiltin }).getBuiltinModule?.bind(process) ?? (await import("node:module")).createRequire(import.meta.url);

/** `node:fs`, without its lazy getters evaluated. */
export const fs = getBuiltin("node:fs") as typeof FsModule;

/** The user's home directory: `$HOME`, else `os.homedir()` (loaded only then). */
export function homeDirectory(env: NodeJS.ProcessEnv): string {
  const home = env.HOME?.trim();
  return home ? home : (getBuiltin("node:os") as typeof OsModule).homedir();
}

/** The sha256 of `text` in hex, with `node:crypto` loaded only when a caller needs a digest. */
export function sha256Hex(text: string): string {
  return (getBuiltin("node:crypto") as typeof CryptoModule).createHash("sha256").update(text).digest("hex");
}
