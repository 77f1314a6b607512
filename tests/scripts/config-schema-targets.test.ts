/**
 * schemas/config.schema.json's target lists (`targets`, `homes`, `allowUnknownKeys`) are written from
 * the contracts by `npm run schemas:types` (scripts/config-schema-targets.mjs): a new target's
 * contract alone puts it there, in the file's layout, and nothing else in the file moves.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { TARGET_IDS } from "../../compiler/targets/ids";
import { targets } from "../../compiler/targets/registry";
import { withTargets } from "../../scripts/config-schema-targets.mjs";
import { contract as fake } from "../fixtures/fake-target/compiler/targets/fake/contract";

const file = readFileSync(new URL("../../schemas/config.schema.json", import.meta.url), "utf8");
const contracts = targets.map((t) => t.descriptor.contract);

interface ConfigSchema {
  properties: Record<string, { description?: string; items?: { enum: string[] }; properties?: Record<string, { description: string }> }>;
}

describe("the config schema's target lists", () => {
  it("are what the contracts make of the checked-in file (regenerate with npm run schemas:types)", () => {
    expect(withTargets(file, contracts)).toBe(file);
    const schema = JSON.parse(file) as ConfigSchema;
    expect(schema.properties.targets!.items!.enum).toEqual([...TARGET_IDS]);
    expect(Object.keys(schema.properties.allowUnknownKeys!.properties!)).toEqual([...TARGET_IDS]);
  });

  it("take in a target added in its own folder, from its contract, and change nothing else", () => {
    const text = withTargets(file, [...contracts, fake]);
    const schema = JSON.parse(text) as ConfigSchema;
    expect(schema.properties.targets!.items!.enum).toEqual([...TARGET_IDS, "fake"]);
    expect(Object.keys(schema.properties.homes!.properties!)).toEqual([...TARGET_IDS, "fake", "state"]);
    expect(schema.properties.homes!.properties!.fake!.description).toBe("Fake CLI home (default $FAKE_HOME when set, else ~/.fake).");
    expect(schema.properties.allowUnknownKeys!.properties!.fake!.description).toContain("newer than 1.0.0");
    // A new line in each list; changed: the enum's line, the homes description (its variable) and the
    // comma after the last allowUnknownKeys entry. Every other line as it was.
    const before = file.split("\n");
    const after = text.split("\n");
    expect(after.length).toBe(before.length + 2);
    expect(after.filter((line) => !before.includes(line))).toHaveLength(5);
    expect(schema.properties.homes!.description).toContain("GEMINI_CLI_HOME, FAKE_HOME)");
    expect(after.filter((line) => line.includes('"fake"'))).toHaveLength(3);
  });
});
