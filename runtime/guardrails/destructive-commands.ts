/**
 * Guardrail: destructive commands. Every path is judged after command-effects.ts has resolved it
 * (quoting removed, `~`, `$HOME`, `$PWD` expanded, made absolute against the working directory and
 * normalised, so `rm -rf //etc`, `rm -rf /tmp/../usr` and `rm -rf "$PWD"` are what they are). Blocks
 * a recursive delete (`rm -r` in any spelling GNU rm accepts, `find … -delete`, `find … -exec rm`,
 * `xargs rm -r`, `rsync --delete`) of a broad path (see `isBroadAbsolute`), moving a broad path
 * away, a recursive `chmod`/`chown` of one, writing to a disk device or formatting one, and any
 * write to a dotenv file, by a shell command (redirection, `tee`, `cp`/`mv`/`install`/`ln`
 * destination, `sed -i`, `dd of=`, `sponge`, `truncate`, `curl -o`), by Write/Edit (its symlink
 * target too) or by an `apply_patch` that touches one. Template files (`.env.example`, …) may be
 * written. A command the analyser cannot see into is blocked when its visible words name a broad
 * path.
 */
import { isAbsolute, resolve } from "node:path";
import { commandEffects, DELETERS, type EffectCommand, upstreamOf, type OpaqueEffect, type PathEffect } from "../command-effects";
import { toolNameWords } from "../normalize";
import { basename } from "../shell";
import { absoluteToolPath, type Guard, type GuardVerdict, isShellTool, stringArg, toolPaths, WRITE_TOOLS } from "./guard";
import { CODE_HOME_REFERENCE, componentRegExp, isDotenvName, isGlobComponent, isSensitivePath } from "./sensitive-paths";
import { hiddenIntentBlock } from "./hidden-intent";
import { fs, homeDirectory } from "../node-builtins";

// The C realpath(3): the same answer as the JS walk, without an lstat call from JS per component.
const realpathSync = fs.realpathSync.native;

// Top-level directories of an operating system: deleting them under any circumstance is a disaster.
const SYSTEM_TOP =
  /^\/(bin|boot|dev|etc|home|lib|lib32|lib64|libx32|media|mnt|opt|proc|root|run|sbin|srv|sys|usr|var|snap|nix|Users|Applications|Library|System|Volumes|private|cores)$/;
const TEMP_TOP = /^\/(tmp|var\/tmp|dev\/shm)$/;
// The operating system's own folders one level down, as the Filesystem Hierarchy Standard lays them
// out: programs, libraries and shared data (`/usr/lib`, `/usr/local/bin`), package and system state
// (`/var/lib`, `/var/log`), a package's whole configuration (`/etc/ssh`), boot files, kernel
// modules, and an entry of `/bin`, `/dev`, `/proc` or `/sys`. Deeper paths (`/var/lib/apt/lists`,
// `/etc/nginx/sites-enabled/default`) and the application folders `/opt` and `/srv` hold a
// program's own files.
const SYSTEM_LAYOUT =
  /^\/(?:usr\/local|usr(?:\/local)?\/(?:bin|sbin|lib|lib32|lib64|libx32|libexec|share|include|src|etc|games)|var\/(?:lib|log|cache|spool|mail|backups|opt|local)|(?:etc|boot|bin|sbin|lib|lib32|lib64|libx32|dev|proc|sys)\/[^/]+)$/;

// Top-level trees a package manager installs and tracks (the FHS's programs, libraries, boot files
// and host configuration, `/snap`, Nix's store, macOS's sealed `/System`): their files are recorded
// in the package database, so deleting a subtree by hand leaves installed packages broken and the
// database wrong. `/usr/local` (the administrator's own, FHS 4.9: `rm -rf /usr/local/go` is how Go
// is upgraded) and `/usr/src/<dir>` (container images' app folder, `/usr/src/app`) are not.
const PACKAGED_TOP = new Set(["usr", "etc", "boot", "bin", "sbin", "lib", "lib32", "lib64", "libx32", "snap", "System"]);
// Under `/var/lib` each folder is one program's whole state (`/var/lib/postgresql`, `/var/lib/docker`);
// the package databases are the package manager's at any depth (`/var/lib/dpkg/info`), while the
// rest of a folder may be a cache (`/var/lib/apt/lists`, which images delete after installing).
const PACKAGE_DATABASES = new Set(["dpkg", "rpm", "pacman", "dnf", "yum", "portage", "snapd", "flatpak", "alternatives"]);

/**
 * True for a path inside a tree the operating system's package manager owns (`/var/lib/dpkg`,
 * `/usr/lib/python3`, `/etc/nginx/conf.d`): a recursive delete there is the package manager's job.
 * Top-level and layout directories themselves are `isBroadAbsolute`'s.
 */
export function isPackageOwned(path: string): boolean {
  const parts = path.split("/", 5);
  if (parts[0] !== "" || parts.length < 3 || parts[2] === "") return false;
  const top = parts[1] as string;
  if (top === "usr") return parts[2] !== "local" && (parts[2] !== "src" || parts.length < 4);
  if (PACKAGED_TOP.has(top)) return true;
  if (top === "nix") return parts[2] === "store" || parts[2] === "var";
  if (top === "var" && parts[2] === "lib") return parts.length === 4 || PACKAGE_DATABASES.has(parts[3] as string);
  return false;
}

/**
 * True when `path` (inside a package-managed tree) is a tree there: a pattern or computed path
 * (any of its matches may be a directory), or a directory that exists now (with a trailing `/`,
 * a link's directory). An existing file or link is the one file `rm` without `-r` would delete
 * (`rm -rf /etc/nginx/sites-enabled/default`), and a missing path deletes nothing.
 */
function packagedTree(path: string, effect: Pick<PathEffect, "glob" | "dynamic" | "written">): boolean {
  if (!isPackageOwned(path)) return false;
  if (effect.glob || effect.dynamic) return true;
  try {
    return (/\/\.?$/.test(effect.written) ? fs.statSync(path) : fs.lstatSync(path)).isDirectory();
  } catch {
    return false;
  }
}

/**
 * True for a last path component that is a pattern taking every name (`*`, `.*`, `.[!.]*`, `?*`,
 * `[a-z]*`): with its bracket expressions dropped, only `*`, `?` and `.` are left, one `*` or `?` at least.
 */
function takesEverything(last: string): boolean {
  if (!/[*?]/.test(last)) return false;
  return /^[*?.]*$/.test(last.includes("[") ? last.replace(/\[[^\]]*\]?/g, "") : last);
}

function homeOf(env: NodeJS.ProcessEnv): string {
  return homeDirectory(env).replace(/\/+$/, "") || "/";
}

/**
 * True when deleting the absolute, normalised `path` recursively would be a disaster: `/`, any
 * top-level directory, a home directory (`/home/<user>`, `/Users/<user>`, `/root`, `$HOME`) or a
 * parent of one, the working directory or any directory above it, or a glob that takes everything
 * in one of those (`*`, `.*`, `?*`). With `strict`, only `/`, system top-level directories and homes
 * count (used for the "unset variable" reading of `$DIR/x`).
 */
export function isBroadAbsolute(path: string, cwd: string, home: string, strict = false): boolean {
  const p = path.length > 1 ? path.replace(/\/+$/, "") : path;
  if (p === "/" || p === "") return true;
  const slash = p.lastIndexOf("/");
  const last = p.slice(slash + 1);
  if (takesEverything(last)) {
    // Everything in a directory: as broad as the directory itself.
    return isBroadAbsolute(p.slice(0, slash) || "/", cwd, home, strict);
  }
  if (strict ? SYSTEM_TOP.test(p) || TEMP_TOP.test(p) : /^\/[^/]+$/.test(p)) return true;
  if (SYSTEM_LAYOUT.test(p) && !TEMP_TOP.test(p)) return true;
  if (/^\/(home|Users)\/[^/]+$/.test(p) || /^\/(home|Users|root)$/.test(p)) return true;
  if (p === home || (home.startsWith(`${p}/`) && p !== "")) return true;
  if (strict) return false;
  return p === cwd || cwd.startsWith(`${p}/`);
}

/** True for a path (as written) whose recursive deletion from `cwd` would be a disaster. */
export function isBroadPath(path: string, env: NodeJS.ProcessEnv, cwd: string = process.cwd()): boolean {
  const trimmed = path.trim().replace(/^["']|["']$/g, "");
  if (!trimmed) return false;
  const effects = commandEffects(`rm -r -- ${trimmed}`, cwd, env);
  const home = homeOf(env);
  return effects.commands.some((c) => c.deletes.some((d) => deleteIsBroad(d, c.cwd, home)));
}

/**
 * `computed`: a wholly computed path counts as broad (a recursive delete; a move or chmod names what
 * it changes). `packaged`: a path inside a tree the package manager owns counts too (a recursive
 * delete or mode change takes part of an installed package; a move of one file is a backup).
 */
function deleteIsBroad(d: PathEffect, cwd: string, home: string, computed = false, packaged = false): boolean {
  if (isBroadAbsolute(d.path, cwd, home) || (packaged && packagedTree(d.path, d))) return true;
  // Through a link made earlier in the line (`ln -s ~ /tmp/h; rm -rf /tmp/h/`), what it leads to.
  if (d.aliasOf !== undefined && (isBroadAbsolute(d.aliasOf, cwd, home) || (packaged && packagedTree(d.aliasOf, d)))) return true;
  if (d.dynamic) {
    // The unset reading gives an expansion that always has text (`$$`, `$(date +%s)`) a name.
    // Wholly computed (`"$(dirname "$PWD")"`, `$(git rev-parse --show-toplevel)`, `"$DIR"`): nothing
    // of the path is visible, and it may be any directory. With a visible part, the unset reading decides.
    if (computed && d.unset === cwd) return true;
    return d.unset !== undefined && isBroadAbsolute(d.unset, cwd, home, true);
  }
  // Another process's working directory (`/proc/<pid>/cwd`) may be any directory.
  if (/^\/proc\/[^/]+\/cwd(\/|$)/.test(d.path)) return true;
  // Through a link that exists now (a repository link to the home), what it leads to.
  if (d.glob) return false;
  const real = realTarget(d.path);
  return real !== undefined && real !== d.path && (isBroadAbsolute(real, cwd, home) || (packaged && packagedTree(real, d)));
}

const NARROWING =
  /^-(i?name|i?path|i?wholename|i?regex|lname|ilname|newer|newer[acmB][acmBt]|[acmB]min|[acmB]time|[acm]newer|size|empty|user|group|uid|gid|nouser|nogroup|perm|inum|links|samefile|used|context)$/;

/** True when a `find` expression narrows what it deletes before the delete runs. */
export function findNarrowed(args: readonly string[]): boolean {
  for (let i = 0; i < args.length; i += 1) {
    const a = args[i] as string;
    if (a === "-delete" || a === "-exec" || a === "-execdir" || a === "-ok" || a === "-okdir") return false;
    if (a === "-o" || a === "-or" || a === ",") return false;
    if (!NARROWING.test(a)) continue;
    const value = args[i + 1] ?? "";
    // `-name '*'` matches everything: no narrowing.
    if (/^-(i?name|i?path|i?wholename|lname|ilname)$/.test(a) && !/[^*]/.test(value.replace(/^\.\//, ""))) continue;
    if (/^-i?regex$/.test(a) && /^(\.\*|\^?\.\*\$?|\.\+)$/.test(value)) continue;
    return true;
  }
  return false;
}

// fd's options that take a value (fd(1)); those that narrow what it finds.
const FD_VALUE_OPTIONS = new Set(
  "-t --type -e --extension -E --exclude -d --max-depth --min-depth --exact-depth -S --size --changed-within --changed-before --change-newer-than --change-older-than -o --owner -c --color -j --threads --max-results --base-directory --path-separator --search-path --ignore-file --format".split(
    " ",
  ),
);
const FD_NARROWING = new Set(
  "-t --type -e --extension -E --exclude -d --max-depth --exact-depth -S --size --changed-within --changed-before --change-newer-than --change-older-than -o --owner --max-results".split(
    " ",
  ),
);

/** An fd search as its words before `-x`/`-X` give it (fd's README): the pattern and the filters on names. */
export interface FdSearch {
  /** The first operand: a regex, or a glob with `-g`; matched against the base name, or the whole path with `-p`. */
  pattern?: string;
  glob: boolean;
  fullPath: boolean;
  /** `-H`, `-u`: hidden entries (a leading dot) are searched too; fd skips them otherwise. */
  hidden: boolean;
  /** `-e`: only these extensions. */
  extensions: string[];
  /** `-i` / `-s`, else smart case (case-insensitive unless the pattern has an upper-case letter). */
  ignoreCase?: boolean;
}

export function fdSearch(args: readonly string[]): FdSearch {
  const search: FdSearch = { glob: false, fullPath: false, hidden: false, extensions: [] };
  for (let i = 0; i < args.length; i += 1) {
    const a = args[i] as string;
    if (a === "-x" || a === "--exec" || a === "-X" || a === "--exec-batch") break;
    const option = a.startsWith("--") && a.includes("=") ? a.slice(0, a.indexOf("=")) : a;
    const value = a.includes("=") && a.startsWith("--") ? a.slice(a.indexOf("=") + 1) : args[i + 1];
    if (option === "-g" || option === "--glob") search.glob = true;
    else if (option === "-p" || option === "--full-path") search.fullPath = true;
    else if (option === "-H" || option === "--hidden" || option === "--unrestricted" || /^-u+$/.test(option)) search.hidden = true;
    else if (option === "-i" || option === "--ignore-case") search.ignoreCase = true;
    else if (option === "-s" || option === "--case-sensitive") search.ignoreCase = false;
    else if (option === "-e" || option === "--extension") {
      if (value !== undefined) search.extensions.push(value.replace(/^\./, ""));
      if (!a.includes("=")) i += 1;
    } else if (FD_VALUE_OPTIONS.has(option)) {
      if (!a.includes("=")) i += 1;
    } else if (!a.startsWith("-") && search.pattern === undefined) search.pattern = a;
  }
  return search;
}

/** True when an fd search (its words before `-x`/`-X`) names a pattern or a filter that does not match everything. */
function fdNarrowed(args: readonly string[]): boolean {
  let glob = false;
  for (let i = 0; i < args.length; i += 1) {
    const a = args[i] as string;
    if (a === "-x" || a === "--exec" || a === "-X" || a === "--exec-batch") break;
    if (a === "-g" || a === "--glob") glob = true;
    const option = a.startsWith("--") && a.includes("=") ? a.slice(0, a.indexOf("=")) : a;
    if (FD_NARROWING.has(option)) return true;
    if (FD_VALUE_OPTIONS.has(option)) {
      if (!a.includes("=")) i += 1;
      continue;
    }
    if (a.startsWith("-")) continue;
    // The first operand is the pattern (a regex, or a glob with -g); the rest are search paths.
    return glob ? /[^*]/.test(a) : !/^(\^?(\.\*?)?\$?)?$/.test(a);
  }
  return false;
}

function rmBlock(command: EffectCommand, home: string): string | undefined {
  const args = command.argv.slice(1);
  if (args.some((a) => a.startsWith("--no-p") && "--no-preserve-root".startsWith(a.split("=")[0] as string))) {
    return "BLOCKED: rm --no-preserve-root can delete the whole filesystem. Delete the specific files you mean, by path.";
  }
  if (!command.recursive) return massDeleteBlock(command, home);
  const hit = command.deletes.find((d) => deleteIsBroad(d, command.cwd, home, true, true));
  if (hit && !deleteIsBroad(hit, command.cwd, home, true)) return packagedBlock(command.name, hit);
  if (hit?.dynamic && hit.unset === command.cwd)
    return `BLOCKED: Recursive ${command.name} of ${shown(hit)}, a path computed when the command runs: agentihooks cannot see which directory it is, and it may be a broad or home one. Write the path out, or use find with a filter (find . -name __pycache__ -type d -prune -exec rm -rf {} +).`;
  if (hit)
    return `BLOCKED: Recursive ${command.name} of ${shown(hit)} would delete a broad or home directory. Delete the specific files or subdirectories you mean, by path.`;
  return undefined;
}

function packagedBlock(name: string, hit: PathEffect): string {
  return `BLOCKED: Recursive ${name} of ${shown(hit)} deletes files of the operating system's own trees (installed programs, libraries, configuration, a service's state, the package database). Remove or reinstall a package with the package manager (apt-get remove, dnf remove, …); anything else there is the operator's.`;
}

/**
 * A delete that is not recursive but takes every file of a home, root or system directory by a
 * pattern (`rm -f ~/*`, `rm ~/.*`, `shred -u ~/.[!.]*`, `truncate -s0 ~/*`): the files at its top
 * (a home's rc files, keys, configuration) are wiped. Temporary directories and other folders are
 * anyone's to empty.
 */
function massDeleteBlock(command: EffectCommand, home: string): string | undefined {
  const hit = [...command.deletes, ...(command.name === "truncate" ? command.writes : [])].find((d) => {
    if (!d.glob) return false;
    const slash = d.path.lastIndexOf("/");
    const dir = d.path.slice(0, slash) || "/";
    return takesEverything(d.path.slice(slash + 1)) && !TEMP_TOP.test(dir) && isBroadAbsolute(dir, command.cwd, home, true);
  });
  return hit
    ? `BLOCKED: ${command.name} ${hit.written || hit.path} wipes every file at the top of a home, root or system directory. Name the specific files you mean.`
    : undefined;
}

/** A path as the message shows it: as written, with what it resolves to when `.`, `..` or `//` hide it. */
function shown(effect: PathEffect): string {
  const written = effect.written || effect.path;
  return /\/\.|\/\/|^\.\.?(\/|$)/.test(written) && written !== effect.path ? `${written} (${effect.path})` : written;
}

function findBlock(command: EffectCommand, home: string): string | undefined {
  if (command.deletes.length === 0) return undefined;
  const args = command.argv.slice(1);
  const narrowed = command.name === "find" ? findNarrowed(args.slice(args.findIndex((a) => a.startsWith("-") || a === "(" || a === "!"))) : fdNarrowed(args);
  for (const root of command.deletes) {
    const system = root.path === "/" || (SYSTEM_TOP.test(root.path.replace(/\/+$/, "")) && !TEMP_TOP.test(root.path));
    if (system || (!narrowed && deleteIsBroad(root, command.cwd, home, true, true))) {
      return command.name === "find"
        ? `BLOCKED: find ${shown(root)} … ${args.includes("-delete") ? "-delete" : "-exec rm"} would delete files across a broad or home directory. Narrow the starting directory to what you mean to clean, and filter (-name '*.log', -mtime +7) before the delete.`
        : `BLOCKED: ${command.name} … ${shown(root)} -x rm would delete files across a broad or home directory. Narrow the search path to what you mean to clean, and give a pattern or -e/-t before the delete.`;
    }
  }
  return undefined;
}

function xargsBlock(command: EffectCommand, all: readonly EffectCommand[], home: string): string | undefined {
  if (!command.prefixes.includes("xargs") || !DELETERS.has(command.name) || command.name === "gio") return undefined;
  if (command.recursive)
    return "BLOCKED: xargs rm -r deletes whatever the pipeline feeds it, recursively. List the paths first and delete the specific ones you mean.";
  const broadListing = upstreamOf(command).find(
    (up) =>
      (up.name === "find" && !findNarrowed(up.argv.slice(1)) && findRoots(up).some((r) => deleteIsBroad(r, up.cwd, home, false, true))) ||
      // `ls ~ | xargs rm -f`, `ls -A / | xargs rm`: every name of the directory listed.
      (up.name === "ls" && lsDirs(up).some((dir) => isBroadAbsolute(dir, up.cwd, home, true) && !TEMP_TOP.test(dir))),
  );
  void all;
  return broadListing
    ? "BLOCKED: This pipeline deletes every file a broad find or ls lists. Narrow the listing (a directory you mean, -name '*.log') before piping it to rm."
    : undefined;
}

/** The directories an `ls` lists: its operands, else the working directory. */
function lsDirs(command: EffectCommand): string[] {
  const dirs = command.argv.slice(1).filter((a) => !a.startsWith("-"));
  return dirs.length > 0 ? dirs.map((a) => resolve(command.cwd, a)) : [command.cwd];
}

function findRoots(command: EffectCommand): PathEffect[] {
  const roots: PathEffect[] = [];
  for (const a of command.argv.slice(1)) {
    if (a.startsWith("-") || a === "(" || a === "!") break;
    roots.push({ path: resolve(command.cwd, a), written: a, glob: false, dynamic: false, via: "find" });
  }
  return roots.length > 0 ? roots : [{ path: command.cwd, written: ".", glob: false, dynamic: false, via: "find" }];
}

const DISK_DEVICE =
  /^\/dev\/(sd[a-z]+\d*|nvme\d+n\d+(p\d+)?|vd[a-z]+\d*|xvd[a-z]+\d*|hd[a-z]+\d*|mmcblk\d+(p\d+)?|disk\d+(s\d+)?|rdisk\d+|md\d+|dm-\d+|mapper\/.+)$/;

// Programs that format, partition or wipe a disk (mkfs.ext4 and the like by their suffix).
const DISK_WRITERS = new Set(["mkfs", "mke2fs", "mkswap", "wipefs", "fdisk", "sfdisk", "parted", "sgdisk", "blkdiscard", "cryptsetup"]);

function deviceBlock(command: EffectCommand): string | undefined {
  if (DISK_WRITERS.has(command.name) || (command.name.startsWith("mkfs.") && command.name.length > 5)) {
    const device = command.argv.slice(1).find((a) => a.startsWith("/dev/"));
    if (device && (command.name !== "fdisk" || !command.argv.includes("-l")) && !(command.name === "parted" && command.argv.includes("print"))) {
      return `BLOCKED: ${command.name} ${device} rewrites a disk. Disk and partition changes are the operator's to make.`;
    }
  }
  const hit = command.writes.find((w) => DISK_DEVICE.test(w.path)) ?? command.deletes.find((d) => DISK_DEVICE.test(d.path));
  return hit ? `BLOCKED: Writing to the disk device ${hit.path} destroys what is on it. Disk changes are the operator's to make.` : undefined;
}

const MODE_CHANGERS = new Set(["chmod", "chown", "chgrp", "chattr", "setfacl"]);

function moveBlock(command: EffectCommand, home: string): string | undefined {
  if (MODE_CHANGERS.has(command.name) && command.argv.slice(1).some((a) => /^-[a-zA-Z]*R/.test(a) || a === "--recursive")) {
    const hit = command.writes.find((w) => deleteIsBroad(w, command.cwd, home, false, true));
    if (hit)
      return `BLOCKED: A recursive ${command.name} of ${hit.written || hit.path} changes every file in a broad, home or package-managed directory. Apply it to the specific directory you mean.`;
  }
  for (const move of command.moves) {
    if (deleteIsBroad(move.from, command.cwd, home))
      return `BLOCKED: Moving ${move.from.written || move.from.path} away takes a broad or home directory with it. Move the specific files you mean.`;
  }
  return undefined;
}

// Writers whose effect is on metadata, not content.
export const METADATA_WRITERS: ReadonlySet<string> = new Set(["touch", "mkfifo", "chmod", "chown", "chgrp", "chattr", "setfacl", "xattr"]);

function dotenvWriteBlock(path: string): string {
  return `BLOCKED: Writing ${path} is not allowed: dotenv files hold credentials and are the operator's to edit. Tell the operator which variable to set, or edit a template such as .env.example.`;
}

function dotenvWrite(command: EffectCommand): PathEffect | undefined {
  if (METADATA_WRITERS.has(command.name) && command.writes.every((w) => w.via === command.name)) return undefined;
  return command.writes.find(
    (w) => !METADATA_WRITERS.has(w.via) && (isDotenvName(w.path) || isDotenvName(w.written) || (w.unset !== undefined && isDotenvName(w.unset))),
  );
}

function opaqueBlock(opaque: OpaqueEffect, home: string): string | undefined {
  if (opaque.hidden) return hiddenIntentBlock(opaque, "what it runs could delete files");
  const words = opaque.words.flatMap((w) => (/\s/.test(w) && w.length < 4096 ? w.split(/\s+/) : [w])).filter((w) => w !== "");
  const broad = words.find(
    (w) => !w.startsWith("-") && isBroadAbsolute(resolve(opaque.cwd, w === "~" || w.startsWith("~/") ? home + w.slice(1) : w), opaque.cwd, home),
  );
  if (broad) return hiddenIntentBlock(opaque, `its arguments name the broad path ${broad}`);
  const dotenv = words.find((w) => isDotenvName(w));
  if (dotenv && opaque.reason !== "dynamic-command") return hiddenIntentBlock(opaque, `it names the dotenv file ${dotenv}`);
  return undefined;
}

// Interpreter calls that delete a whole tree.
const TREE_DELETE =
  /\b(rmtree|rm_rf|rm_r|remove_tree|rmSync|rmdirSync|rimraf|removedirs|deleteRecursively|remove_dir_all|delete_tree|RemoveAll|rmdir|removeSync|deleteDirectory|emptyDirSync|emptyDir)\b|\bfs\.(promises\.)?rm\b|\bDeno\.remove\b|\bDirectory\.Delete\b|\bRemove-Item\b|\brm\s+-[A-Za-z]*[rR]/;
// Calls that delete one file, and calls that list a directory or expand a pattern: together, a
// loop deleting every file it lists (`unlink glob("~/*")`, `[os.remove(f) for f in os.listdir(d)]`).
const FILE_DELETE = /\b(?:unlink|unlinkSync|remove|rm_f|rm|delete|Delete|del)\b/;
const LISTING = /\b(?:glob|iglob|listdir|scandir|walk|iterdir|rglob|readdirSync|readdir|opendir|children|each_child|entries|Dir)\b|<[^<>\n]*\*[^<>\n]*>/;
// String literals, and Perl's `<pattern>` glob operator.
const CODE_LITERAL = /'([^'\n]*)'|"([^"\n]*)"|<([^<>\n]*)>/g;

/**
 * Interpreter code (`python3 -c`, `node -e`, `perl -e`, `ruby -e`, a heredoc fed to one) that calls
 * a tree delete (`shutil.rmtree`, `fs.rmSync`, `File::Path`, `FileUtils.rm_rf`, `rm -r` in a string)
 * on a broad or package-managed path: a string literal that is one, or any reference to the home
 * directory. Code that deletes file by file what it lists is judged as `rm -f` of a pattern: a
 * literal taking everything in a home, root or system directory, or any reference to the home.
 */
function codeDeleteBlock(command: EffectCommand, home: string): string | undefined {
  for (const code of command.code) {
    if (code.length > 64 * 1024) continue;
    const tree = TREE_DELETE.test(code);
    const mass = !tree && FILE_DELETE.test(code) && LISTING.test(code);
    if (!tree && !mass) continue;
    if (CODE_HOME_REFERENCE.test(code))
      return `BLOCKED: This ${command.name} code deletes ${tree ? "a directory tree" : "the files it lists"} under a path taken from the home directory or the environment. Delete the specific project directory you mean, by a literal path inside the project.`;
    for (const m of code.matchAll(CODE_LITERAL)) {
      const literal = (m[1] ?? m[2] ?? m[3] ?? "").trim();
      if (!literal.startsWith("/") && literal !== "~" && !literal.startsWith("~/") && literal !== "." && literal !== "..") continue;
      const full = literal === "~" || literal.startsWith("~/") ? home + literal.slice(1) : resolve(command.cwd, literal);
      const broad = tree
        ? isBroadAbsolute(full, command.cwd, home) || packagedTree(full, { glob: /[*?[]/.test(literal), dynamic: false, written: literal })
        : isBroadAbsolute(full, command.cwd, home, true) && !TEMP_TOP.test(full.replace(/\/[^/]*$/, "") || "/");
      if (broad)
        return `BLOCKED: This ${command.name} code deletes ${tree ? "the directory tree" : "the files of"} ${literal}, a broad, home or package-managed directory. Delete the specific files or subdirectories you mean.`;
    }
  }
  return undefined;
}

/**
 * A program that deletes what it is given as a side effect (an archiver told to remove or move its
 * inputs, `rsync --remove-source-files`, a compressor that replaces its files: their deletes as
 * runtime/command-effects.ts records them) takes a directory's tree as a recursive `rm` would, and a
 * compressor one only with `-r`: judged the same way.
 */
function sideEffectDeleteBlock(command: EffectCommand, home: string): string | undefined {
  const archiver = /^(tar|gtar|bsdtar|zip|7z|7za|7zr|7zz)$/.test(command.name);
  if (command.deletes.length === 0 || (!archiver && !command.recursive)) return undefined;
  const hit = command.deletes.find((d) => deleteIsBroad(d, command.cwd, home, true, true));
  return hit
    ? `BLOCKED: ${command.name} deletes what it is given, and ${shown(hit)} is a broad, home or package-managed directory. ${archiver ? "Archive it without deleting" : "Keep the originals (-k)"}, or delete the specific files you mean.`
    : undefined;
}

/** `git clean -f` (any spelling) in a work tree that is a home, root or system directory deletes every untracked file there. */
function gitCleanBlock(command: EffectCommand, home: string): string | undefined {
  if (command.name !== "git") return undefined;
  const args = command.argv.slice(1);
  let dir = command.cwd;
  let i = 0;
  for (; i < args.length && (args[i] as string).startsWith("-"); i += 1) {
    const a = args[i] as string;
    if (a === "-C" && args[i + 1] !== undefined) dir = resolve(dir, args[(i += 1)] as string);
    else if (a.startsWith("--work-tree=")) dir = resolve(dir, a.slice(12));
    else if (a === "--work-tree" && args[i + 1] !== undefined) dir = resolve(dir, args[(i += 1)] as string);
    else if (/^(-c|--git-dir|--namespace|--config-env)$/.test(a)) i += 1;
  }
  if (args[i] !== "clean") return undefined;
  const rest = args.slice(i + 1);
  const force = rest.some((a) => (/^-[a-zA-Z]*f/.test(a) && !a.startsWith("--")) || (a.startsWith("--f") && "--force".startsWith(a)));
  const dry = rest.some((a) => (/^-[a-zA-Z]*n/.test(a) && !a.startsWith("--")) || (a.startsWith("--d") && "--dry-run".startsWith(a)));
  if (!force || dry) return undefined;
  // The working directory itself is the project: only a home, root or system directory is too broad here.
  return isBroadAbsolute(dir, dir, home, true)
    ? `BLOCKED: git clean -f in ${dir} deletes every untracked file of a home, root or system directory. Run it inside the project's repository.`
    : undefined;
}

// The home's places that hold credentials as a whole: deleting one, or a directory above one,
// deletes every key or token in it (`rm -rf ~/.ssh`, `rm -rf ~/.config` with ~/.config/gh in it).
const HOME_CREDENTIAL_PLACES = [".ssh", ".aws", ".gnupg", ".kube", ".docker", ".azure", ".config/gcloud", ".config/gh", ".password-store"];

/**
 * The home credential place a deleted path takes with it: the place itself, or one that exists
 * below it (the path is a directory above it). A pattern counts when it may match the place or a
 * directory above it, component by component; a container path, by the host path it is mounted from.
 */
function credentialPlaceDeleted(p: PathEffect, home: string): string | undefined {
  const paths = p.aliasOf === undefined ? [p.path] : [p.path, p.aliasOf];
  for (const place of HOME_CREDENTIAL_PLACES) {
    const full = `${home}/${place}`;
    for (const path of paths) {
      if (path === full) return full;
      const reaches = p.glob ? globReachesPath(path, full, p.dotglob === true) : full.startsWith(`${path.replace(/\/+$/, "")}/`);
      if (reaches && !isBroadAbsolute(path, "/", home, true) && fs.existsSync(full)) return full;
    }
  }
  return undefined;
}

/** True when the absolute glob `pattern` may match `path` or a directory above it, component by component. */
function globReachesPath(pattern: string, path: string, dot: boolean): boolean {
  const tests = pattern.split("/").filter((part) => part !== "");
  const names = path.split("/").filter((part) => part !== "");
  if (tests.length > names.length) return false;
  return tests.every((test, i) => (isGlobComponent(test) ? componentRegExp(test, dot).test(names[i] as string) : test === names[i]));
}

// Files whose loss locks every user out of the machine: the account and group databases, sudo's
// rules, the mount table, and the keys SSH lets in (the public half, which credential reads allow).
const ACCESS_FILE = /^\/etc\/(?:passwd|group|gshadow|sudoers|fstab)$|\/\.ssh\/authorized_keys2?$/;

// Credential files whose loss locks the user out (keys, cloud and registry credentials); rc files are excluded.
function destroysCredential(command: EffectCommand, home: string): string | undefined {
  const overwrite = command.writes.filter(
    (w) => /^(>|>\||&>|truncate|shred|dd|cp|install|sponge)$/.test(w.via) || (w.via === "tee" && !command.argv.includes("-a")),
  );
  const removed =
    (DELETERS.has(command.name) && command.name !== "gio") || command.name === "truncate"
      ? command.deletes.concat(command.name === "truncate" || command.name === "shred" ? command.writes : [])
      : [];
  const file = [...overwrite, ...removed].find((p) => !p.glob && isSensitivePath(p.path) && !isDotenvName(p.path) && !SHELL_RC.test(basename(p.path)));
  if (file) return `the credential file ${file.written || file.path}`;
  const access = [...overwrite, ...removed].find((p) => !p.glob && (ACCESS_FILE.test(p.path) || (p.aliasOf !== undefined && ACCESS_FILE.test(p.aliasOf))));
  if (access) return `${access.written || access.path}, which the machine needs to boot or to let anyone log in`;
  for (const p of command.deletes) {
    const place = credentialPlaceDeleted(p, home);
    if (place === undefined) continue;
    const shown = p.written || p.path;
    return place === p.path || place === p.aliasOf
      ? `the credential directory ${shown}, where keys or tokens are kept`
      : `${shown}, and with it ${place}, where keys or tokens are kept`;
  }
  return undefined;
}
const SHELL_RC = /^\.(bash|zsh|profile|bash_profile|bash_login|bash_logout|zprofile|zshenv|zlogin|zshrc|bashrc|envrc)$|history$|^\.lesshst$/;

/** The block message for a shell command line that destroys data or writes a dotenv file. */
export function shellDestructiveBlock(command: string, cwd: string, env: NodeJS.ProcessEnv): string | undefined {
  const effects = commandEffects(command, cwd, env);
  const home = homeOf(env);
  for (const opaque of effects.opaque) {
    const block = opaqueBlock(opaque, home);
    if (block) return block;
  }
  for (const c of effects.commands) {
    const block =
      (DELETERS.has(c.name) || c.name === "rsync"
        ? rmBlock(c, home)
        : c.name === "find" || c.name === "fd" || c.name === "fdfind"
          ? findBlock(c, home)
          : c.name === "truncate"
            ? massDeleteBlock(c, home)
            : sideEffectDeleteBlock(c, home)) ??
      xargsBlock(c, effects.commands, home) ??
      deviceBlock(c) ??
      moveBlock(c, home) ??
      codeDeleteBlock(c, home) ??
      gitCleanBlock(c, home);
    if (block) return block;
    const lost = destroysCredential(c, home);
    if (lost) return `BLOCKED: This ${c.name || "command"} destroys ${lost}; it cannot be recovered. Leave credential files to the operator.`;
  }
  for (const c of effects.commands) {
    const hit = dotenvWrite(c);
    if (hit) return dotenvWriteBlock(hit.written || hit.path);
  }
  return undefined;
}

const MCP_WRITE_NAME = /write|create|edit|update|put|save|append|patch|upload|move|copy|rename/i;

function realTarget(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

// Words of a tool name that delete or move what they are given (a filesystem server's
// `delete_directory`, `move_file`, `remove`, `trash`).
const REMOVING_WORDS = new Set([
  "delete",
  "remove",
  "rm",
  "rmdir",
  "unlink",
  "trash",
  "purge",
  "erase",
  "wipe",
  "destroy",
  "move",
  "mv",
  "rename",
  "clear",
  "empty",
]);

/** True when a tool outside the runtime's vocabulary says by its name that it deletes or moves files. */
function removingTool(name: string): boolean {
  if (WRITE_TOOLS.has(name) || isShellTool(name)) return false;
  return toolNameWords(name).some((word) => REMOVING_WORDS.has(word));
}

/**
 * A deleting or moving tool given a path whose loss would be a disaster (`/`, a top-level or
 * system directory, a home, the working directory or above; a file the machine needs to let
 * anyone in), judged as `rm -rf` of it would be.
 */
function toolRemovalBlock(tool: string, input: Record<string, unknown>, cwd: string, env: NodeJS.ProcessEnv): string | undefined {
  const home = homeOf(env);
  const paths = [...toolPaths(input)];
  // Where a move takes from (its destination loses nothing), or the folder a delete is given.
  for (const key of ["source", "src", "from", "dir", "directory", "folder"]) {
    const value = stringArg(input, key);
    if (value) paths.push(value);
  }
  if (Array.isArray(input.paths)) for (const p of input.paths) if (typeof p === "string" && p) paths.push(p);
  for (const written of paths) {
    const path = absoluteToolPath(written.replace(/^file:\/\//i, ""), cwd, env);
    if (ACCESS_FILE.test(path)) return `BLOCKED: The tool ${tool} would delete or move ${written}, which the machine needs to boot or to let anyone log in.`;
    if (isBroadAbsolute(path, cwd, home) || packagedTree(path, { glob: false, dynamic: false, written }))
      return `BLOCKED: The tool ${tool} would delete or move ${written}, a broad, home, system or package-managed directory. Name the specific files or subdirectories you mean.`;
  }
  return undefined;
}

/** The destructive-command guard. */
export const destructiveCommandsGuard: Guard = {
  name: "destructive",
  check({ tool_name, tool_input, env, cwd }): GuardVerdict | undefined {
    if (isShellTool(tool_name)) {
      const block = shellDestructiveBlock(stringArg(tool_input, "command"), cwd, env);
      return block ? { block } : undefined;
    }
    const removal = removingTool(tool_name) ? toolRemovalBlock(tool_name, tool_input, cwd, env) : undefined;
    if (removal) return { block: removal };
    if (WRITE_TOOLS.has(tool_name) || MCP_WRITE_NAME.test(tool_name)) {
      const paths = [...toolPaths(tool_input)];
      for (const key of ["destination", "target", "filename", "new_path"]) {
        const value = stringArg(tool_input, key);
        if (value) paths.push(value);
      }
      for (const p of paths) {
        if (isDotenvName(p)) return { block: dotenvWriteBlock(p) };
        const home = homeOf(env);
        const expanded = p === "~" || p.startsWith("~/") ? home + p.slice(1) : p;
        const real = realTarget(isAbsolute(expanded) ? expanded : resolve(cwd, expanded));
        if (real !== undefined && isDotenvName(basename(real))) return { block: dotenvWriteBlock(`${p} (a link to ${real})`) };
      }
    }
    return undefined;
  },
};
