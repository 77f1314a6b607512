/**
 * The target registry is the one list of targets: the compiler's registry, the runtime's clients,
 * the config schema (its `targets` enum and `homes` keys, and the type generated from it) and every
 * target's contract agree with compiler/targets/ids.ts.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { RUNTIME_EVENTS } from "../../compiler/targets/contract";
import { TARGET_IDS } from "../../compiler/targets/ids";
import { findTarget, targetIds, targets } from "../../compiler/targets/registry";
import { clientIds, findClient } from "../../runtime/clients/registry";

const schema = JSON.parse(readFileSync(new URL("../../schemas/config.schema.json", import.meta.url), "utf8")) as {
  properties: { targets: { items: { enum: string[] } }; homes: { properties: Record<string, unknown> } };
};

describe("the target registry", () => {
  it("lists the ids of ids.ts, in that order, in the compiler and in the runtime", () => {
    expect(targetIds).toEqual([...TARGET_IDS]);
    expect(targets.map((t) => t.descriptor.id)).toEqual([...TARGET_IDS]);
    expect(clientIds()).toEqual([...TARGET_IDS]);
  });

  it("is what the config schema's target enum and homes keys name (regenerate with npm run schemas:types)", () => {
    expect(schema.properties.targets.items.enum).toEqual([...TARGET_IDS]);
    expect(Object.keys(schema.properties.homes.properties).filter((k) => k !== "state")).toEqual([...TARGET_IDS]);
    const generated = readFileSync(new URL("../../schemas/config.generated.ts", import.meta.url), "utf8");
    expect(generated).toContain(`export type TargetName = ${TARGET_IDS.map((id) => JSON.stringify(id)).join(" | ")};`);
  });

  it.each(TARGET_IDS)("%s: the compiler and the runtime read the same contract object", (id) => {
    const target = findTarget(id)!;
    const client = findClient(id)!;
    expect(client.contract).toBe(target.descriptor.contract);
    expect(target.descriptor.id).toBe(id);
    expect(target.descriptor.displayName).toBe(target.descriptor.contract.displayName);
  });

  it.each(TARGET_IDS)("%s: every registered hook event runs a handler, and every block channel names a registered event", (id) => {
    const contract = findTarget(id)!.descriptor.contract;
    const runtimeEvents: readonly string[] = RUNTIME_EVENTS;
    for (const event of contract.hookEvents) {
      const mapped = contract.events[event] ?? (runtimeEvents.includes(event) ? event : undefined);
      expect(mapped, `${id} ${event}`).toBeDefined();
      if (contract.knownHookEvents) expect(contract.knownHookEvents.has(event), `${id} loader knows ${event}`).toBe(true);
    }
    for (const event of Object.keys(contract.blockChannels)) expect(contract.hookEvents as readonly string[]).toContain(event);
  });
});
