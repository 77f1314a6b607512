/** Types for scripts/client-contracts.mjs (the client contracts, for scripts plain Node runs). */
import type { ClientContract } from "../compiler/targets/contract";
import type { TargetId } from "../compiler/targets/ids";

/** The built-in target ids (compiler/targets/ids.ts `TARGET_IDS`), in registry order. */
export function loadTargetIds(): Promise<TargetId[]>;

/** Every built-in target's contract, in registry order. */
export function loadContracts(): Promise<ClientContract<TargetId>[]>;
