import { describe, expect, it } from "vitest";
import { clonePlain, cloneJson } from "../compiler/plan/json-value";

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
    for (const value of samples.filter((v) => !(v !== null && typeof v === "object" && "toJSON" in v))) expect(shape(clonePlain(value))).toEqual(shape(structuredClone(value)));
    const big = { n: 10n, d: new Date(5) };
    expect(clonePlain(big)).toEqual(structuredClone(big));
  });
});
