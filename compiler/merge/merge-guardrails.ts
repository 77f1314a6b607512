/**
 * The guardrail switches of `profile.yml`: each chain member's `guardrails` block is applied in
 * chain order (a later member wins per switch) over the defaults declared in profile.schema.json,
 * so the schema stays the one place a default is written.
 */
import type { Result } from "../diagnostics";
import type { GuardrailPolicy } from "../ir";
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

/** Merges the chain members' guardrail blocks (manifests in chain order) over the defaults. */
export function mergeGuardrails(manifests: readonly LayerDocument[]): Result<GuardrailPolicy> {
  const policy: Record<string, unknown> = { ...guardrailDefaults() };
  for (const manifest of manifests) {
    const value = manifest.doc.value as { guardrails?: Record<string, unknown> } | null;
    const block = value && typeof value === "object" ? value.guardrails : undefined;
    if (!block || typeof block !== "object") continue;
    for (const [key, setting] of Object.entries(block)) if (setting !== undefined) policy[key] = setting;
  }
  return { value: policy as GuardrailPolicy, diagnostics: [] };
}
