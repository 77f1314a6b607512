/**
 * Reading single files and probing paths, with every failure turned into a diagnostic: too large,
 * a directory where a file belongs (or the reverse), a symlink loop or a dangling link, unreadable
 * bytes, non-UTF-8 text.
 */
import type { Diagnostic } from "../diagnostics";
import { diagnostic } from "../messages";
import { decodeUtf8 } from "../parse/decode-utf8";
import { type Containment, withinBounds } from "./containment";
import { type EntryStat, FileSystemError, type OpenedFile, type SourceFileSystem } from "./file-system";

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
  /** The directories reads must stay inside (the bundle, linked profiles); absent: no check. */
  containment?: Containment;
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
  if (!withinBounds(ctx.fs, ctx.containment, ctx.diagnostics, path, display)) return { kind: "invalid" };
  return classify(ctx, stat, display, expected, what);
}

/** A probe's verdict on an entry that exists (after following symlinks). */
function classify(ctx: ReadContext, stat: EntryStat, display: string, expected: "file" | "directory", what: string): Probe {
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

/** A file read whole: what `probe` says about it plus, for a usable file, its bytes. */
export type FileContent = Exclude<Probe, { kind: "file" }> | { kind: "file"; size: number; executable: boolean; bytes: Uint8Array };

/**
 * Probes and reads a file in one go: exactly the diagnostics of `probe` then `readBytes`, with one
 * open instead of a stat and then a read when the filesystem offers it. On any failure to open, the
 * stat and lstat of `probe` tell what is wrong, as before. With `transient`, the bytes are valid only
 * until the next read (decode them at once).
 */
export function readFileContent(ctx: ReadContext, path: string, display: string, what: string, transient: boolean): FileContent {
  if (!withinBounds(ctx.fs, ctx.containment, ctx.diagnostics, path, display)) return { kind: "invalid" };
  let opened: OpenedFile | undefined;
  if (ctx.fs.openFile !== undefined) {
    try {
      opened = ctx.fs.openFile(path, maxFileBytes, transient);
    } catch {
      opened = undefined;
    }
  }
  const found = opened === undefined ? probe(ctx, path, display, "file", what) : classify(ctx, opened.stat, display, "file", what);
  if (found.kind !== "file") return found;
  const bytes = opened?.bytes ?? readBytes(ctx, path, display, found.size);
  if (bytes === undefined) return { kind: "invalid" };
  return { ...found, bytes };
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
  const found = readText(ctx, path, display, what);
  return found.kind === "text" ? found.text : undefined;
}

/** Like readOptionalText, but tells a missing file (nothing recorded) from an unusable one (diagnosed). */
export function readText(ctx: ReadContext, path: string, display: string, what: string): { kind: "missing" | "invalid" } | { kind: "text"; text: string } {
  const found = readFileContent(ctx, path, display, what, true);
  if (found.kind === "missing") return found;
  if (found.kind !== "file") return { kind: "invalid" };
  const decoded = decodeUtf8(found.bytes, display);
  if (decoded.diagnostics.length > 0) ctx.diagnostics.push(...decoded.diagnostics);
  return decoded.value === undefined ? { kind: "invalid" } : { kind: "text", text: decoded.value };
}
