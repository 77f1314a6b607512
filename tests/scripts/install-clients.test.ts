/**
 * The e2e installer pins each client to the release its contract names (scripts/install-clients.mjs
 * reads the contracts through scripts/client-contracts.mjs), so it has no list of its own to update.
 */
import { describe, expect, it } from "vitest";
import { targets } from "../../compiler/targets/registry";
import { TARGET_IDS } from "../../compiler/targets/ids";
import { CLIENTS, clientBin } from "../../scripts/install-clients.mjs";
import { loadContracts, loadTargetIds } from "../../scripts/client-contracts.mjs";

describe("the pinned clients", () => {
  it("are the targets of ids.ts, in that order", async () => {
    expect(Object.keys(CLIENTS)).toEqual([...TARGET_IDS]);
    expect(await loadTargetIds()).toEqual([...TARGET_IDS]);
  });

  it.each(TARGET_IDS)("%s: package and version are the contract's verifiedAgainst, the executable its id", (id) => {
    const { verifiedAgainst } = targets.find((t) => t.descriptor.id === id)!.descriptor.contract;
    expect(CLIENTS[id]).toEqual({ pkg: verifiedAgainst.package, version: verifiedAgainst.version, bin: id });
    expect(clientBin(id).endsWith(`@${verifiedAgainst.version}/node_modules/.bin/${id}`)).toBe(true);
  });

  it("are read from the contract modules the compiler uses", async () => {
    const contracts = await loadContracts();
    expect(contracts.map((c) => [c.id, c.home.dir])).toEqual(targets.map((t) => [t.descriptor.id, t.descriptor.contract.home.dir]));
  });
});
