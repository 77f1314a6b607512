/**
 * Reading single files and probing paths, with every failure turned into a diagnostic: too large,
 * a directory where a file belongs (or the reverse), a symlink loop or a dangling link, unreadable
 * bytes, non-UTF-8 text.
 */
import type { Diagnostic } from "../diagnostics";
import { diagnostic } from "../messages";
import { decodeUtf8 } from "../parse/decode-utf8";
import { FileSystemError, type SourceFileSystem } from "./file-system";

/** The largest profile file the loader reads: 1 MiB. Profiles are text; anything larger is a mistake. */
export const maxFileBytes = 1024 * 1024;

/** What the loader found at a path. */
export type Probe =
  | { kind: "missing" }
  | { kind: "file"; size: number; executable: boolean }
  | { kind: "directory" }
  /** Something is there but unusable; the diagnostic has been recorded. */
  | { kind: "invalid" };

/** Filesystem access plus the diagnostics collected while reading. */
export interface ReadContext {
  fs: SourceFileSystem;
  diagnostics: Diagnostic[];
}

/**
 * Looks at `path` expecting a file or a directory. Missing is not an error (callers decide);
 * anything else unexpected records a diagnostic on `display` and returns `invalid`.
 * `what` names the expected thing for the message (`persona CLAUDE.md`, `rules folder`).
 */
export function probe(ctx: ReadContext, path: string, display: string, expected: "file" | "directory", what: string): Probe {
  let stat;
  try {
    // stat first: when it succeeds the entry exists (one call for the common case); when it fails,
    // lstat tells a missing path from a dangling or looping symlink.
    stat = ctx.fs.stat(path);
  } catch (error) {
    try {
      ctx.fs.lstat(path);
    } catch {
      return { kind: "missing" };
    }
    const code = error instanceof FileSystemError ? error.code : "EIO";
    if (code === "ELOOP") ctx.diagnostics.push(diagnostic("AH1104", { file: display }));
    else if (code === "ENOENT") ctx.diagnostics.push(diagnostic("AH1105", { file: display }));
    else ctx.diagnostics.push(diagnostic("AH1106", { file: display }, { code }));
    return { kind: "invalid" };
  }
  if (stat.kind === "file") {
    if (expected === "file") return { kind: "file", size: stat.size, executable: stat.executable };
    ctx.diagnostics.push(diagnostic("AH1103", { file: display }, { kind: what }));
    return { kind: "invalid" };
  }
  if (stat.kind === "directory") {
    if (expected === "directory") return { kind: "directory" };
    ctx.diagnostics.push(diagnostic("AH1102", { file: display }, { kind: what }));
    return { kind: "invalid" };
  }
  ctx.diagnostics.push(diagnostic("AH1108", { file: display }, { kind: what }));
  return { kind: "invalid" };
}

/** Reads the bytes of a file already probed as a file, enforcing the size limit. */
export function readBytes(ctx: ReadContext, path: string, display: string, size: number): Uint8Array | undefined {
  if (size > maxFileBytes) {
    ctx.diagnostics.push(diagnostic("AH1101", { file: display }, { size, limit: maxFileBytes }));
    return undefined;
  }
  try {
    const bytes = ctx.fs.readFile(path);
    // The size can change between stat and read; the limit is about what we hold.
    if (bytes.length > maxFileBytes) {
      ctx.diagnostics.push(diagnostic("AH1101", { file: display }, { size: bytes.length, limit: maxFileBytes }));
      return undefined;
    }
    return bytes;
  } catch (error) {
    const code = error instanceof FileSystemError ? error.code : "EIO";
    ctx.diagnostics.push(diagnostic("AH1106", { file: display }, { code }));
    return undefined;
  }
}

/**
 * Reads an optional text file: undefined when absent or unusable (with a diagnostic for the latter).
 * The text is UTF-8 with any BOM removed.
 */
export function readOptionalText(ctx: ReadContext, path: string, display: string, what: string): string | undefined {
  const found = probe(ctx, path, display, "file", what);
  if (found.kind !== "file") return undefined;
  const bytes = readBytes(ctx, path, display, found.size);
  if (bytes === undefined) return undefined;
  const decoded = decodeUtf8(bytes, display);
  ctx.diagnostics.push(...decoded.diagnostics);
  return decoded.value;
}
