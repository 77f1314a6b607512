/**
 * The guardrail switches of `profile.yml`: each chain member's `guardrails` block is applied in
 * chain order (a later member wins per switch) over the defaults declared in profile.schema.json,
 * so the schema stays the one place a default is written.
 */
import type { Result } from "../diagnostics";
import type { GuardrailPolicy, Origin } from "../ir";
import type { LayerDocument } from "../load/source-tree";
import profileSchema from "../../schemas/profile.schema.json";

/** The defaults from the schema: every switch on unless a profile says otherwise. */
export function guardrailDefaults(): GuardrailPolicy {
  const properties = profileSchema.definitions.Guardrails.properties as Record<string, { default?: unknown }>;
  const defaults: Record<string, unknown> = {};
  for (const key of Object.keys(properties).sort()) {
    const value = properties[key]?.default;
    if (value !== undefined) defaults[key] = structuredClone(value);
  }
  return defaults as GuardrailPolicy;
}

/** The merged switches and, for each switch a profile set, the origin of the last one to set it. */
export interface MergedGuardrails {
  policy: GuardrailPolicy;
  /** Switch name → where it was set; switches left at their default are absent. */
  origins: Record<string, Origin>;
}

/** Merges the chain members' guardrail blocks (manifests in chain order) over the defaults. */
export function mergeGuardrails(manifests: readonly LayerDocument[]): Result<MergedGuardrails> {
  const policy: Record<string, unknown> = { ...guardrailDefaults() };
  const origins: Record<string, Origin> = {};
  for (const manifest of manifests) {
    const value = manifest.doc.value as { guardrails?: Record<string, unknown> } | null;
    const block = value && typeof value === "object" ? value.guardrails : undefined;
    if (!block || typeof block !== "object") continue;
    for (const [key, setting] of Object.entries(block)) {
      if (setting === undefined) continue;
      policy[key] = setting;
      const pointer = `/guardrails/${key}`;
      const pos = manifest.doc.locate(pointer);
      origins[key] = { file: manifest.file, layer: manifest.root.layer, pointer, ...(pos ?? {}) };
    }
  }
  return { value: { policy: policy as GuardrailPolicy, origins }, diagnostics: [] };
}
