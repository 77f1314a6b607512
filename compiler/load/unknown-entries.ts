/**
 * Nothing in a profile is skipped silently (docs/profiles.md, "What a profile may contain"): every
 * file or folder a profile holds that the profile format does not read is a warning, with the known
 * name it most likely meant. The known names come from the format itself (the persona, the
 * manifest, each target's layer files and subdirectory, the feature folders), so a new target's
 * files are known as soon as it is registered; suggestions are derived from those names, never from
 * a list of likely mistakes.
 */
import path from "node:path";
import type { Diagnostic } from "../diagnostics";
import { diagnostic } from "../messages";
import { targets } from "../targets/registry";
import { closestName } from "../validate-suggest";
import type { SourceFileSystem } from "./file-system";
import { displayJoin, type SourceRoot } from "./source-root";

/** The feature folders under `.claude/`: markdown files, or (skills) directories holding SKILL.md. */
const featureFolders = ["rules", "commands", "agents", "skills"] as const;

/** Every path (relative, POSIX) the profile format reads, with whether it is a directory. */
export function knownProfilePaths(): Map<string, "file" | "directory"> {
  const known = new Map<string, "file" | "directory">([
    ["CLAUDE.md", "file"],
    ["profile.yml", "file"],
    [".mcp.json", "file"],
    [".claude/.mcp.json", "file"],
  ]);
  for (const { descriptor } of targets) {
    const { subdir, settings, mcp, subdirOnly } = descriptor.layers;
    known.set(subdir, "directory");
    known.set(`${subdir}/${settings}`, "file");
    known.set(`${subdir}/${mcp}`, "file");
    if (!subdirOnly) {
      known.set(settings, "file");
      known.set(mcp, "file");
    }
  }
  for (const folder of featureFolders) known.set(`.claude/${folder}`, "directory");
  return known;
}

/** Warnings for the entries of the profile at `root` that the format does not read. */
export function unknownProfileEntries(fs: SourceFileSystem, root: SourceRoot): Diagnostic[] {
  const known = knownProfilePaths();
  const out: Diagnostic[] = [];
  const warn = (rel: string, suggestion: string | undefined) =>
    out.push(
      diagnostic(
        "AH1114",
        { file: displayJoin(root.display, rel) },
        { name: rel, suggestion: suggestion === undefined ? "" : ` Did you mean '${suggestion}'?` },
      ),
    );
  const list = (rel: string): string[] => {
    try {
      return fs.readdir(rel === "" ? root.dir : path.join(root.dir, rel)).sort();
    } catch {
      return [];
    }
  };
  const kindOf = (rel: string): string | undefined => {
    try {
      return fs.stat(path.join(root.dir, rel)).kind;
    } catch {
      return undefined;
    }
  };
  // The profile root and each target subdirectory: every entry must be a known path.
  const dirs = ["", ...[...known].filter(([p, k]) => k === "directory" && !p.includes("/")).map(([p]) => p)];
  for (const dir of dirs) {
    for (const name of list(dir)) {
      const rel = dir === "" ? name : `${dir}/${name}`;
      if (known.has(rel)) continue;
      // Dot entries at the root (.git, .DS_Store, another tool's folder) are not the profile's.
      if (dir === "" && name.startsWith(".")) continue;
      warn(rel, suggest(rel, kindOf(rel) === "directory" ? "directory" : "file", known));
    }
  }
  // Feature folders: markdown files (README.md is documentation); skills are directories.
  for (const folder of featureFolders) {
    const dir = `.claude/${folder}`;
    for (const name of list(dir)) {
      if (name.startsWith(".") || name === "README.md") continue;
      const rel = `${dir}/${name}`;
      const kind = kindOf(rel);
      if (folder === "skills") {
        if (kind === "file") warn(rel, name.endsWith(".md") ? `${dir}/${name.slice(0, -3)}/SKILL.md` : undefined);
        continue;
      }
      // A directory named like a feature file is already an error (a file was expected there).
      if (kind === "directory") {
        if (!name.endsWith(".md")) warn(rel, undefined);
      } else if (!name.endsWith(".md")) warn(rel, `${dir}/${name.replace(/\.[^.]*$/, "")}.md`);
    }
  }
  return out;
}

/**
 * The known path most likely meant by the unknown `rel`: one with the same name elsewhere, else one
 * of the same kind whose name is close (or shares the part before the first dot), else the only
 * known file with the same extension in the same folder.
 */
function suggest(rel: string, kind: "file" | "directory", known: Map<string, "file" | "directory">): string | undefined {
  const name = path.posix.basename(rel);
  const dir = path.posix.dirname(rel);
  const sameKind = [...known].filter(([, k]) => k === kind).map(([p]) => p);
  const elsewhere = sameKind.filter((p) => path.posix.basename(p).toLowerCase() === name.toLowerCase());
  if (elsewhere.length > 0) return elsewhere.sort((a, b) => a.length - b.length)[0];
  const here = sameKind.filter((p) => path.posix.dirname(p) === dir);
  const close = closestName(
    name,
    here.map((p) => path.posix.basename(p)),
  );
  if (close !== undefined) return dir === "." ? close : `${dir}/${close}`;
  const stem = (n: string) => n.replace(/^\./, "").split(".")[0]?.toLowerCase() ?? "";
  const sameStem = sameKind.filter((p) => stem(path.posix.basename(p)) === stem(name) && stem(name) !== "");
  if (sameStem.length > 0)
    return sameStem.sort((a, b) => (path.posix.dirname(a) === dir ? -1 : 0) - (path.posix.dirname(b) === dir ? -1 : 0) || a.length - b.length)[0];
  const ext = path.posix.extname(name);
  const sameExt = here.filter((p) => ext !== "" && path.posix.extname(p) === ext);
  return sameExt.length === 1 ? sameExt[0] : undefined;
}
