/** The runtime policy `<agentihooksHome>/policy.copilot.json`: the guardrail switches the hook runtime reads on every call. */
import type { FileEntry } from "../../desired-tree";
import type { Environment } from "../../environment";
import type { Ir } from "../../ir";
import { policyFileEntry } from "../../lower/runtime-files";
import { parseChannelList } from "../../../runtime/broadcasts";
import type { ResolvedDirectives } from "./directives";

/**
 * Copilot's broadcast channels (docs/targets/copilot.md, docs/broadcasts.md): `_agentihooks.channels`
 * set by the bundle, a profile or the settings profile; else the chain's `channels` (profile.yml);
 * else the base layer's directive (the shipped default). The env file exports the same list, so a
 * session reads the same channels from its environment as from the policy.
 */
export function copilotChannels(ir: Pick<Ir, "channels" | "targets">, directives: Pick<ResolvedDirectives, "channels">): string[] | undefined {
  if (directives.channels === undefined) return ir.channels?.value;
  const fromDirective = parseChannelList(directives.channels).channels;
  const provenance = ir.targets.copilot.settings.provenance;
  const setBy = Object.entries(provenance).filter(([pointer]) => pointer === "/_agentihooks/channels" || pointer.startsWith("/_agentihooks/channels/"));
  const onlyBase = setBy.length > 0 && setBy.every(([, origin]) => origin.layer === "base");
  return onlyBase && ir.channels ? ir.channels.value : fromDirective;
}

/** The policy file, rendered by the runtime's own serializer so both sides agree on the format. */
export function lowerPolicy(ir: Ir, env: Environment, channels: readonly string[] | undefined): FileEntry {
  return policyFileEntry(ir, env, "copilot", channels);
}
