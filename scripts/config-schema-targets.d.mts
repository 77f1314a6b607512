/** Types for scripts/config-schema-targets.mjs (the config schema's target lists, from the contracts). */
import type { ClientContract } from "../compiler/targets/contract";

/** `text` (schemas/config.schema.json) with its target lists made from `contracts` (in registry order). */
export function withTargets(text: string, contracts: readonly ClientContract[]): string;
