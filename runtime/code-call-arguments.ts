/**
 * What program text (an interpreter's inline code, a heredoc, a script the agent wrote) passes to
 * the calls that open files or run programs: `open(p)`, `os.system(cmd)`, `readFileSync(…)`,
 * `File.read(…)`, `exec(…)`. The guards read the literals of program text (and the names joined
 * from them); an argument built at run time hides the name from them.
 *
 * Two answers for each such call:
 * - **hidden**: its argument, or a variable it names (followed through its assignments), is built
 *   with a form whose result the guards cannot read in the text: characters from codes (`chr(46)`,
 *   `String.fromCharCode`, `46.chr`, `%c`), decoding (base64, hex, rot13, compression), reversing
 *   or translating a string, or joining fragments with nothing between them (`''.join([…])`,
 *   `.join('')`). Such a call may name any file or command, so a line holding one is opaque
 *   (docs/guardrails.md, "hidden intent").
 * - **values**: arguments built only from literals and variables bound to literals (`a = '.e';
 *   open(a + 'nv')`, `f"{d}/{n}"`, `path.join(d, n)`), worked out, for the guards to read as text.
 *
 * Bounded: program text over 1 MiB is not read here; each argument is read up to 4 KiB, and at most
 * 256 calls and 512 variable look-ups a text.
 */

/** The largest program text read for its calls. */
const MAX_TEXT = 1024 * 1024;
const MAX_ARGUMENT = 4096;
const MAX_CALLS = 256;
const MAX_LOOKUPS = 512;
/** How many assignments deep a variable is followed. */
const MAX_DEPTH = 4;

// Callees that open, read, write, delete or move a file, or run a program or code: the last word
// before `(` (`os.system(`, `fs.readFileSync(`, `File.read(`, `Path(`).
const SINK =
  /(?<![\w$])(open|fopen|popen|readfile|file_get_contents|file_put_contents|system|exec[A-Za-z]*|spawn[A-Za-z]*|shell_exec|passthru|proc_open|eval|Function|require|__import__|import_module|check_output|check_call|Popen|getoutput|getstatusoutput|call|run|read_text|read_bytes|write_text|write_bytes|readFileSync|readFile|writeFileSync|writeFile|appendFileSync|appendFile|createReadStream|createWriteStream|openSync|fork|rmSync|rmdirSync|unlinkSync|unlink|rmtree|remove|removedirs|rename|renameSync|copyFileSync|copyfile|copy2?|copytree|move|Path|joinpath|expanduser|read|readlines|readTextFile|readTextFileSync|Command|load|glob|listdir|scandir|walk|chdir|symlink|link|IO\.popen|IO\.read|readLines|readRDS|system2|shell|execute|dofile|loadfile|source)\s*\(/g;

// Callees whose call runs a program (its argument is a command line or an argument vector).
const RUNS =
  /^(?:popen|system|system2|shell|execute|exec[A-Za-z]*|spawn[A-Za-z]*|shell_exec|passthru|proc_open|check_output|check_call|Popen|getoutput|getstatusoutput|call|run|Command|IO\.popen)$/;

/**
 * Forms whose result is not in the text: character codes, decoders and decompressors, reversing,
 * translating or replacing, and joins of fragments with an empty separator (Python, JavaScript,
 * Ruby, Perl, PHP spellings).
 */
const HIDING = new RegExp(
  [
    String.raw`(?<![\w$])(?:chr|unichr|fromCharCode|fromCodePoint|b64decode|b32decode|b16decode|a85decode|b85decode|urlsafe_b64decode|standard_b64decode|decodebytes|decodestring|atob|unhexlify|a2b_hex|a2b_base64|fromhex|decode64|decode_base64|strict_decode64|urlsafe_decode64|base64_decode|hex2bin|str_rot13|strrev|convert_uudecode|gzinflate|gzuncompress|gzdecode|decompress|inflate|inflateSync|gunzipSync|unzipSync|brotliDecompressSync|decodeURIComponent|decodeURI|unescape|rot13|maketrans|translate|reversed|reverse|replace|replaceAll|gsub|pack|unpack|unpack1|concat|rawToChar|intToUtf8|chartr|paste0)\s*\(`,
    // Lua's string.char(…); R's paste(…, sep = "").
    String.raw`\bstring\.char\s*\(`,
    String.raw`\bpaste\s*\([^()]*\bsep\s*=\s*(?:''|"")`,
    // Python's s[::-1]; Ruby's 46.chr, "…".reverse, […].pack, "…".tr(…), […].join (no separator).
    String.raw`\[\s*:\s*:\s*-\s*1\s*\]`,
    String.raw`\.(?:chr|reverse|pack|unpack1?|tr)\b`,
    String.raw`\.join\b(?!\s*\()`,
    String.raw`\.decode\s*\(`,
    String.raw`\bcodecs\.`,
    String.raw`\b(?:bytes|bytearray)\s*\(\s*[[(]`,
    String.raw`\bBuffer\.from\s*\(\s*\[`,
    String.raw`\bBuffer\.from\s*\([^()]*,\s*['"](?:base64|base64url|hex|binary|latin1|ucs2|utf16le)['"]`,
    // Joins with an empty separator: ''.join(…), .join(''), join('', …), implode('', …).
    String.raw`(['"])\1\s*\.\s*join\s*\(`,
    String.raw`\.join\s*\(\s*(['"])\2\s*\)`,
    String.raw`\b(?:join|implode)\s*\(?\s*(['"])\3\s*,`,
    // A character from a code in a format: '%c' % 46, sprintf("%c", …), "{:c}".format(46), f"{46:c}".
    String.raw`%[-#0 +]*\d*c`,
    String.raw`\{[^{}\n]{0,64}:c\}`,
  ].join("|"),
);

/** What a program text passes to file and process calls (see the top of this file). */
export interface CallArguments {
  /** The first hiding form found in an argument (`chr(`, `b64decode(`, `''.join(`), when one is. */
  hidden?: string;
  /** Arguments worked out from literals and variables bound to literals. */
  values: string[];
  /** Those of them given to a call that runs a program, as command lines. */
  commands: string[];
}

const NONE: CallArguments = { values: [], commands: [] };

/**
 * The arguments `code` passes to file and process calls (see the top of this file). With
 * `backticks` (Perl, Ruby, PHP), a backtick string and `qx(…)`/`%x(…)` run a command line too, its
 * interpolations (`@{[…]}`, `#{…}`) included.
 */
export function callArguments(code: string, backticks = false): CallArguments {
  if (code.length > MAX_TEXT) return NONE;
  if (backticks) {
    const hidden = hiddenInBackticks(code);
    if (hidden !== undefined) return { hidden, values: [], commands: [] };
  }
  if (code.indexOf("(") < 0) return NONE;
  SINK.lastIndex = 0;
  if (!SINK.test(code)) return NONE;
  const reader = new Reader(code);
  const out: CallArguments = { values: [], commands: [] };
  // No hiding form anywhere: no argument can use one.
  const hides = HIDING.test(code);
  SINK.lastIndex = 0;
  let calls = 0;
  for (let m = SINK.exec(code); m !== null && calls < MAX_CALLS; m = SINK.exec(code)) {
    calls += 1;
    const callee = m[1] as string;
    const runs = RUNS.test(callee);
    // A file call's name is its first argument (the rest is data, such as what a write puts in the
    // file); a call that runs something takes its program from every positional argument.
    const positional = topLevelSplit(reader.argumentAt(m.index + m[0].length - 1), ",").filter((p) => !/^\s*\w+\s*=(?!=)/.test(p));
    const parts = runs || CODE_SINKS.has(callee) ? positional : positional.slice(0, NAME_ARGUMENTS.get(callee) ?? 1);
    for (const part of hides ? parts : []) {
      const hiding = reader.hidingIn(part, 0);
      if (hiding === undefined) continue;
      out.hidden = hiding;
      return out;
    }
    // A list is an argument vector: its items, each worked out.
    const items = parts.flatMap((p) => {
      const t = p.trim();
      return t.startsWith("[") && t.endsWith("]") ? topLevelSplit(t.slice(1, -1), ",") : [p];
    });
    // Only what the literals alone do not already show: a value that used a variable or a join.
    if (items.every((p) => isLiteral(p.trim()))) continue;
    const values = items.map((p) => reader.evaluate(p, 0));
    const known = values.filter((v): v is string => v !== undefined && v !== "");
    if (known.length === 0) continue;
    out.values.push(...known);
    if (runs) out.commands.push(known.join(" "));
  }
  // An argument or a variable's value read only in part: a hiding form past the cut may be in it.
  if (reader.cut && hides) out.hidden = (HIDING.exec(code) as RegExpExecArray)[0].replace(/\s+/g, "");
  return out;
}

// File calls whose name is not (only) the first argument: Perl's open(FH, MODE, NAME), and a
// Path's write_text(DATA), whose name is the Path itself.
const NAME_ARGUMENTS = new Map([
  ["open", 3],
  ["write_text", 0],
  ["write_bytes", 0],
]);

// A command run by Perl's, Ruby's or PHP's backticks, `qx` or `%x`: the text up to its close.
const BACKTICK_COMMAND = /`([^`]*)`|\b(?:qx|%x)\s*([({[])/g;

/** The hiding form inside a command Perl, Ruby or PHP runs with backticks, `qx` or `%x`, or undefined. */
function hiddenInBackticks(code: string): string | undefined {
  if (code.indexOf("`") < 0 && !/\b(?:qx|%x)\s*[({[]/.test(code)) return undefined;
  const reader = new Reader(code);
  BACKTICK_COMMAND.lastIndex = 0;
  let commands = 0;
  for (let m = BACKTICK_COMMAND.exec(code); m !== null && commands < MAX_CALLS; m = BACKTICK_COMMAND.exec(code)) {
    commands += 1;
    const text = m[1] ?? reader.argumentAt(m.index + m[0].length - 1);
    const found = HIDING.exec(text);
    if (found) return found[0].replace(/\s+/g, "");
  }
  // A `qx(…)` read only in part: a hiding form past the cut may be in it.
  const rest = reader.cut ? HIDING.exec(code) : null;
  if (rest) return rest[0].replace(/\s+/g, "");
  return undefined;
}

// Callees whose every argument is code to run.
const CODE_SINKS = new Set(["eval", "Function", "require", "__import__", "import_module", "load"]);

// Calls whose first argument names the file they write; and those whose second does (a copy's or a move's destination).
const WRITES_FIRST = new Set(["writeFileSync", "writeFile", "appendFileSync", "appendFile", "createWriteStream", "file_put_contents"]);
const WRITES_SECOND = new Set(["copyFileSync", "copyfile", "copy", "copy2", "copytree", "move", "rename", "renameSync", "symlink", "link"]);
// An open mode that writes: Python's, C's and Ruby's `w`, `a`, `x`, `+`; Perl's `>`, `>>`, `+<`.
const WRITE_MODE = /^(?:[rbt]*[wax+][rwaxbt+]*|\+?[<>]{1,2}|\+<)$/;
// Ruby's File.write / IO.write, and pathlib's Path(…).write_text / write_bytes / open('w'): the literal names the file.
const NAMED_WRITE =
  /\b(?:File|IO)\s*\.\s*write\s*\(\s*([^,)]{1,4096})|\bPath\s*\(\s*([^()]{1,4096})\)\s*\.\s*(?:write_text|write_bytes|open\s*\(\s*['"][wax])/g;

/**
 * The files program text writes, by the names its write calls give them (`open('run.sh', 'w')`,
 * `fs.writeFileSync(p, …)`, `File.write('x', …)`, `Path('x').write_text(…)`, a copy's destination),
 * each a literal or worked out as `callArguments` works out values; names it cannot work out are
 * left out. Bounded as callArguments is.
 */
export function writtenNames(code: string): string[] {
  if (code.length > MAX_TEXT || code.indexOf("(") < 0) return [];
  const reader = new Reader(code);
  const names: string[] = [];
  const add = (expression: string | undefined): void => {
    const value = expression === undefined ? undefined : reader.evaluate(expression, 0);
    if (value !== undefined && value !== "" && names.length < MAX_CALLS) names.push(value);
  };
  SINK.lastIndex = 0;
  let calls = 0;
  for (let m = SINK.exec(code); m !== null && calls < MAX_CALLS; m = SINK.exec(code)) {
    calls += 1;
    const callee = m[1] as string;
    if (callee !== "open" && callee !== "fopen" && callee !== "openSync" && !WRITES_FIRST.has(callee) && !WRITES_SECOND.has(callee)) continue;
    const parts = topLevelSplit(reader.argumentAt(m.index + m[0].length - 1), ",");
    if (WRITES_FIRST.has(callee)) add(parts[0]);
    else if (WRITES_SECOND.has(callee)) add(parts[1]);
    else {
      const modes = parts.map((p) => literalValue(p.trim())?.text);
      const mode = modes.findIndex((t, i) => i > 0 && t !== undefined && WRITE_MODE.test(t));
      // Perl's open(FH, '>', NAME) and open(FH, '>NAME'); otherwise the name comes first.
      if (mode === 1 && /^[<>+]/.test(modes[1] as string)) add(parts[2]);
      else if (mode > 0) add(parts[0]);
      else if (/^\+?>{1,2}./.test(modes[1] ?? "")) names.push((modes[1] as string).replace(/^\+?>{1,2}\s*/, ""));
    }
  }
  NAMED_WRITE.lastIndex = 0;
  for (let m = NAMED_WRITE.exec(code); m !== null && names.length < MAX_CALLS; m = NAMED_WRITE.exec(code)) add(m[1] ?? m[2]);
  return names;
}

/** Reads one program text: call arguments, variable assignments, and what an expression evaluates to. */
class Reader {
  private assignments: Map<string, string[]> | undefined;
  private lookups = 0;
  /** Some argument or assignment ran past MAX_ARGUMENT and was read only that far. */
  cut = false;

  constructor(private readonly code: string) {}

  /** The text between the `(` at `open` and its `)` (string literals skipped), at most MAX_ARGUMENT characters. */
  argumentAt(open: number): string {
    const { code } = this;
    let depth = 0;
    const end = Math.min(code.length, open + 1 + MAX_ARGUMENT);
    for (let i = open; i < end; i += 1) {
      const c = code[i] as string;
      if (c === "'" || c === '"' || c === "`") i = literalEnd(code, i, end) - 1;
      else if (c === "(" || c === "[" || c === "{") depth += 1;
      else if (c === ")" || c === "]" || c === "}") {
        depth -= 1;
        if (depth === 0) return code.slice(open + 1, i);
      }
    }
    if (end < code.length) this.cut = true;
    return code.slice(open + 1, end);
  }

  /** The hiding form `text` uses, directly or through the variables it names (followed `depth` deep). */
  hidingIn(text: string, depth: number): string | undefined {
    const found = HIDING.exec(text);
    if (found) return found[0].replace(/\s+/g, "");
    if (depth >= MAX_DEPTH) return undefined;
    for (const name of identifiers(text)) {
      for (const value of this.assigned(name)) {
        const hiding = this.hidingIn(value, depth + 1);
        if (hiding !== undefined) return hiding;
      }
    }
    return undefined;
  }

  /**
   * The string `expression` evaluates to when it is made of string literals, `+` (or Perl's `.`),
   * template literals and f-strings, `os.path.join`/`path.join`, and variables with one assignment
   * of such an expression; otherwise undefined.
   */
  evaluate(expression: string, depth: number): string | undefined {
    const text = expression.trim();
    if (text === "") return undefined;
    const joined = /^(?:os\.path\.join|path\.join|posixpath\.join|File\.join)\s*\(([\s\S]*)\)$/.exec(text);
    if (joined) {
      const parts = topLevelSplit(joined[1] as string, ",").map((p) => this.evaluate(p, depth));
      return parts.every((p) => p !== undefined) ? parts.join("/") : undefined;
    }
    const pieces = topLevelSplit(text, "+");
    const perl = pieces.length === 1 ? topLevelSplit(text, ".") : pieces;
    const operands = perl.length > 1 && perl.every((p) => isLiteral(p.trim()) || /^\$\w+$/.test(p.trim())) ? perl : pieces;
    let value = "";
    for (const raw of operands) {
      const operand = raw.trim();
      const literal = literalValue(operand);
      if (literal !== undefined) {
        const filled = this.interpolate(literal, depth);
        if (filled === undefined) return undefined;
        value += filled;
        continue;
      }
      if (!/^\$?[A-Za-z_][\w]*$/.test(operand) || depth >= MAX_DEPTH) return undefined;
      const bound = this.assigned(operand);
      if (bound.length !== 1) return undefined;
      const inner = this.evaluate(bound[0] as string, depth + 1);
      if (inner === undefined) return undefined;
      value += inner;
    }
    return value;
  }

  /** A template literal's or f-string's `${name}` and `{name}` parts filled in, when each is known. */
  private interpolate(literal: { text: string; template: boolean }, depth: number): string | undefined {
    if (!literal.template) return literal.text;
    let unknown = false;
    const filled = literal.text.replace(/\$?\{\s*([A-Za-z_]\w*)\s*\}/g, (_all, name: string) => {
      const bound = depth < MAX_DEPTH ? this.assigned(name) : [];
      const value = bound.length === 1 ? this.evaluate(bound[0] as string, depth + 1) : undefined;
      if (value === undefined) unknown = true;
      return value ?? "";
    });
    return unknown || /\$?\{/.test(filled) ? undefined : filled;
  }

  /** The right-hand sides assigned to `name` in the text (`name = …`, `let name = …`, `my $name = …`). */
  private assigned(name: string): string[] {
    if (this.lookups >= MAX_LOOKUPS) return [];
    this.lookups += 1;
    if (this.assignments === undefined) {
      const { byName, cut } = assignmentsOf(this.code);
      this.assignments = byName;
      if (cut) this.cut = true;
    }
    return this.assignments.get(name) ?? [];
  }
}

// An assignment: the name, then `=`, `:=` or `+=` (not `==`, `=>`, `=~`); the value runs to the end of its statement.
const ASSIGNMENT = /(?:^|[^\w$.])(?:(?:let|const|var|my|our|local)\s+)?(\$?[A-Za-z_]\w*)\s*(?::=|\+=|=)(?![=~>])/g;

/** Every assignment of the text, by name (each value at most MAX_ARGUMENT characters; `cut` when one was longer). */
function assignmentsOf(code: string): { byName: Map<string, string[]>; cut: boolean } {
  const out = new Map<string, string[]>();
  let cut = false;
  ASSIGNMENT.lastIndex = 0;
  for (let m = ASSIGNMENT.exec(code); m !== null; m = ASSIGNMENT.exec(code)) {
    const start = m.index + m[0].length;
    const end = statementEnd(code, start);
    if (end === start + MAX_ARGUMENT && end < code.length) cut = true;
    const name = m[1] as string;
    const values = out.get(name) ?? [];
    if (values.length < 8) values.push(code.slice(start, end));
    out.set(name, values);
    ASSIGNMENT.lastIndex = Math.max(ASSIGNMENT.lastIndex, start);
  }
  return { byName: out, cut };
}

/** Where the statement starting at `from` ends: a newline or `;` outside brackets and literals, within MAX_ARGUMENT. */
function statementEnd(code: string, from: number): number {
  let depth = 0;
  const end = Math.min(code.length, from + MAX_ARGUMENT);
  for (let i = from; i < end; i += 1) {
    const c = code[i] as string;
    if (c === "'" || c === '"' || c === "`") i = literalEnd(code, i, end) - 1;
    else if (c === "(" || c === "[" || c === "{") depth += 1;
    else if (c === ")" || c === "]" || c === "}") {
      if (depth === 0) return i;
      depth -= 1;
    } else if ((c === "\n" || c === ";") && depth === 0) return i;
  }
  return end;
}

/** The index after the string literal whose quote is at `at` (its backslash escapes skipped), at most `end`. */
function literalEnd(code: string, at: number, end: number): number {
  const quote = code[at];
  for (let i = at + 1; i < end; i += 1) {
    const c = code[i];
    if (c === "\\") i += 1;
    else if (c === quote) return i + 1;
    else if (c === "\n" && quote !== "`") return i;
  }
  return end;
}

/** `text` split at `separator` outside brackets and string literals. */
function topLevelSplit(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i] as string;
    if (c === "'" || c === '"' || c === "`") i = literalEnd(text, i, text.length) - 1;
    else if (c === "(" || c === "[" || c === "{") depth += 1;
    else if (c === ")" || c === "]" || c === "}") depth -= 1;
    else if (c === separator && depth === 0) {
      parts.push(text.slice(from, i));
      from = i + 1;
    }
  }
  parts.push(text.slice(from));
  return parts;
}

/** The names outside string literals in `text` (at most 16), keywords and callee names left out. */
function identifiers(text: string): string[] {
  const names: string[] = [];
  const bare = text.replace(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g, " ");
  for (const m of bare.matchAll(/(?<![\w$.])\$?[A-Za-z_]\w*(?!\s*\()/g)) {
    if (!KEYWORDS.has(m[0])) names.push(m[0]);
    if (names.length >= 16) break;
  }
  return names;
}

const KEYWORDS = new Set([
  "True",
  "False",
  "None",
  "true",
  "false",
  "null",
  "undefined",
  "and",
  "or",
  "not",
  "in",
  "is",
  "if",
  "else",
  "for",
  "r",
  "w",
  "a",
  "rb",
  "wb",
]);

/** True for a plain string literal (no interpolation). */
function isLiteral(text: string): boolean {
  const literal = literalValue(text);
  return literal !== undefined && !literal.template;
}

/**
 * The text of a single string literal (Python prefixes r/b/u/f, JavaScript template literals), with
 * its common backslash escapes decoded; `template` when it may interpolate (f-strings, `…${}…`).
 */
function literalValue(text: string): { text: string; template: boolean } | undefined {
  const m = /^([rRbBuUfF]{0,2})(['"`])([\s\S]*)\2$/.exec(text);
  if (!m) return undefined;
  const body = m[3] as string;
  const quote = m[2] as string;
  // One literal only: its quote does not appear unescaped inside.
  for (let i = 0; i < body.length; i += 1) {
    if (body[i] === "\\") i += 1;
    else if (body[i] === quote) return undefined;
  }
  const raw = /[rR]/.test(m[1] as string);
  const decoded = raw
    ? body
    : body.replace(/\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|[0-7]{1,3}|.)/g, (_all, e: string) => {
        if (e[0] === "x" || e[0] === "u") return String.fromCharCode(Number.parseInt(e.slice(1), 16));
        if (/^[0-7]/.test(e)) return String.fromCharCode(Number.parseInt(e, 8) & 255);
        return ({ n: "\n", t: "\t", r: "\r", "0": "\0" } as Record<string, string>)[e] ?? e;
      });
  return { text: decoded, template: quote === "`" ? body.includes("${") : /[fF]/.test(m[1] as string) };
}
