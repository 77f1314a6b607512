/**
 * The one JSON serializer for everything agentihooks writes. Key order is the object's own order
 * (callers sort where order is not meaningful); output is LF with an optional final newline.
 */
import type { JsonStyle } from "../desired-tree";
import { defaultJsonStyle } from "../desired-tree";

/** Serialises `value` in the given style. `undefined` object members are omitted, as JSON does. */
export function serializeJson(value: unknown, style: JsonStyle = defaultJsonStyle): string {
  let text = JSON.stringify(value, null, style.indent);
  if (text === undefined) throw new TypeError("serializeJson: value is not representable as JSON");
  if (style.asciiOnly) text = text.replace(/[\u0080-\uffff]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`);
  return style.finalNewline ? `${text}\n` : text;
}

/** Returns a copy of a plain JSON value with every object's keys sorted (arrays keep their order). */
export function sortKeysDeep<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => sortKeysDeep(item)) as T;
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value as Record<string, unknown>).sort()) out[key] = sortKeysDeep((value as Record<string, unknown>)[key]);
    return out as T;
  }
  return value;
}
