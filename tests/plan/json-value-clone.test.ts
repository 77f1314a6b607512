import { describe, expect, it } from "vitest";
import { canonicalJson, clonePlain, cloneJson, equalWith, jsonEqual } from "../../compiler/plan/json-value";

// Shape of a value as the two copies could differ: prototypes, key order, -0 and undefined members.
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return ["array", value.length, ...value.map(shape)];
  if (value !== null && typeof value === "object") {
    const proto = Object.getPrototypeOf(value) === Object.prototype ? "object" : String((value as object).constructor?.name);
    return [proto, ...Object.keys(value).map((k) => [k, shape((value as Record<string, unknown>)[k])])];
  }
  return Object.is(value, -0) ? "-0" : typeof value === "number" && Number.isNaN(value) ? "NaN" : value;
}

const samples: unknown[] = [
  null,
  "text",
  0,
  -0,
  1.5,
  Number.NaN,
  Infinity,
  true,
  [],
  [1, "a", null, [2, { b: 3 }]],
  [1, undefined, 3],
  { b: 1, a: { c: [true, false] }, "2": "two", "1": "one" },
  { a: undefined, b: 2 },
  JSON.parse('{"__proto__": {"x": 1}, "y": 2}'),
  Object.assign(Object.create(null), { k: "v" }),
  { when: new Date(0) },
  { toJSON: () => "replaced" },
  { nested: { deeper: { list: [{ a: 1 }, { b: [2, 3] }] } } },
];

describe("cloneJson", () => {
  it("gives exactly what a JSON round trip gives, for plain data and for everything else", () => {
    for (const value of samples) expect(shape(cloneJson(value))).toEqual(shape(JSON.parse(JSON.stringify(value))));
  });

  it("returns a copy that shares nothing with the original", () => {
    const value = { a: { b: [1, { c: 2 }] } };
    const copy = cloneJson(value);
    expect(copy).toEqual(value);
    expect(copy.a).not.toBe(value.a);
    expect(copy.a.b[1]).not.toBe(value.a.b[1]);
  });
});

describe("clonePlain", () => {
  it("gives exactly what structuredClone gives", () => {
    for (const value of samples.filter((v) => !(v !== null && typeof v === "object" && "toJSON" in v)))
      expect(shape(clonePlain(value))).toEqual(shape(structuredClone(value)));
    const big = { n: 10n, d: new Date(5) };
    expect(clonePlain(big)).toEqual(structuredClone(big));
  });
});

// The definitions these helpers replaced, kept here as the reference they must match.
function sortDeepReference(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortDeepReference);
  if (value !== null && typeof value === "object")
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sortDeepReference((value as Record<string, unknown>)[k])]),
    );
  return value;
}

function jsonEqualReference(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== "object") return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === (b as unknown[]).length && a.every((item, i) => jsonEqualReference(item, (b as unknown[])[i]));
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const ak = Object.keys(ao).filter((k) => ao[k] !== undefined);
  const bk = Object.keys(bo).filter((k) => bo[k] !== undefined);
  return ak.length === bk.length && ak.every((k) => Object.hasOwn(bo, k) && jsonEqualReference(ao[k], bo[k]));
}

function toJsonishReference(value: unknown): unknown {
  if (typeof value === "bigint") return Number(value);
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(toJsonishReference);
  if (value !== null && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toJsonishReference(v)]));
  return value;
}

/** A small deterministic generator of JSON-like values, with the awkward cases mixed in. */
function randomValues(count: number, withBigints: boolean): unknown[] {
  let seed = 7;
  const next = (n: number): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const keys = ["a", "b", "B", "10", "9", "0", "é", "toJSON", "__proto__", "x y", ""];
  const leaf = (): unknown =>
    [null, true, false, 0, -0, 1.5, Number.NaN, "s", 'quote"', "\u2028", undefined, new Date(86400000), ...(withBigints ? [3n] : [])][
      next(withBigints ? 14 : 13)
    ];
  const make = (depth: number): unknown => {
    const pick = next(depth > 2 ? 1 : 4);
    if (pick === 0) return leaf();
    if (pick === 1) return Array.from({ length: next(4) }, () => make(depth + 1));
    const out: Record<string, unknown> = {};
    for (let i = next(4); i > 0; i--)
      Object.defineProperty(out, keys[next(keys.length)] as string, { value: make(depth + 1), enumerable: true, configurable: true, writable: true });
    return out;
  };
  return Array.from({ length: count }, () => make(0));
}

describe("canonicalJson", () => {
  it("is JSON.stringify of the sorted copy, for every shape of value", () => {
    const values = [...randomValues(400, false), [1, , 3], { b: 1, a: [{ d: 1, c: 2 }] }, { toJSON: () => "x" }, new Date(0), { 2: "b", 10: "a", z: 1 }];
    for (const value of values) expect(canonicalJson(value)).toBe(JSON.stringify(sortDeepReference(value)));
    expect(() => canonicalJson({ n: 1n })).toThrow(TypeError);
  });
});

describe("jsonEqual and equalWith", () => {
  it("agree with the copying definitions on every pair", () => {
    const values = randomValues(60, true);
    const tomlLeaf = (v: unknown): unknown => (typeof v === "bigint" ? Number(v) : v instanceof Date ? v.toISOString() : v);
    for (const a of values) {
      for (const b of [...values.slice(0, 30), cloneLoosely(a)]) {
        expect(jsonEqual(a, b)).toBe(jsonEqualReference(a, b));
        expect(equalWith(a, b, tomlLeaf)).toBe(jsonEqualReference(toJsonishReference(a), toJsonishReference(b)));
      }
    }
    expect(jsonEqual([1, , 3], [1, 2, 3])).toBe(jsonEqualReference([1, , 3], [1, 2, 3]));
    expect(jsonEqual({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(jsonEqual({ a: 1 }, { a: 2 })).toBe(false);
  });
});

/** A copy that keeps bigints and dates (so equal pairs are common in the test above). */
function cloneLoosely(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(cloneLoosely);
  if (value instanceof Date) return new Date(value.getTime());
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(value).reverse())
      Object.defineProperty(out, k, { value: cloneLoosely((value as Record<string, unknown>)[k]), enumerable: true, configurable: true, writable: true });
    return out;
  }
  return value;
}

describe("parseJsonText", () => {
  it("reads every text as jsonc-parser does, on the native parser's fast path too", async () => {
    const { parseJsonText } = await import("../../compiler/plan/json-document");
    const { parse } = await import("jsonc-parser");
    const texts = [
      '{"a": 1, "b": [true, null, -0, 1e400, "x\\u0041\\/"], "a": 2}',
      '{"__proto__": {"polluted": 1}, "y": 2}',
      '{"\\u005f_proto__": {"x": 1}}',
      '{"__proto__": 5}',
      '{\n  // comment\n  "a": 1,\n}',
      "[1, 2,]",
      '{"a": }',
      "",
      '  {"unicode": "é\\ud83d\\ude00\\ud800", "\\"q\\"": {}}  ',
    ];
    for (const text of texts) {
      for (const comments of [true, false]) {
        const errors: import("jsonc-parser").ParseError[] = [];
        const expected = parse(text, errors, { allowTrailingComma: comments, disallowComments: !comments, allowEmptyContent: false });
        const got = parseJsonText(text, comments);
        expect(got.ok).toBe(errors.length === 0);
        if (got.ok) expect(shape(got.value)).toEqual(shape(expected));
      }
    }
  });
});

describe("digestOf", () => {
  it("is the SHA-256 of the UTF-8 bytes, for text and bytes alike", async () => {
    const { createHash } = await import("node:crypto");
    const { digestOf } = await import("../../compiler/plan/digest");
    for (const text of ["", "abc", "é😀\n", "\ud800 lone"]) {
      const expected = `sha256:${createHash("sha256").update(text).digest("hex")}`;
      expect(digestOf(text)).toBe(expected);
      expect(digestOf(Buffer.from(text, "utf8"))).toBe(expected);
    }
  });
});

describe("toPointer", () => {
  it("escapes ~ and / in each step, as RFC 6901 says, and round-trips", async () => {
    const { fromPointer, toPointer } = await import("../../compiler/plan/json-value");
    expect(toPointer([])).toBe("");
    expect(toPointer(["env", "A/B", "~x", "plain"])).toBe("/env/A~1B/~0x/plain");
    expect(toPointer(["~/"])).toBe("/~0~1");
    for (const path of [["a"], ["", "b"], ["x/y~z", "~1"]]) expect(fromPointer(toPointer(path))).toEqual(path);
  });
});
