/**
 * `active_profile`: the profile chain and settings profile the client's homes were built from,
 * read from what `agentihooks apply` recorded: the policy file of this client (its chain, as the
 * status line shows it) and the recorded source (`<agentihooks home>/source.json`, docs/cli.md
 * "One source per home": config, bundle, settings profile, release, targets).
 */
import { readSourceRecord } from "../../compiler/state/source-record";
import { readPolicy } from "../../runtime/policy";
import { readRegularFile } from "../../runtime/read-regular-file";
import type { ServerContext } from "../context";

/** The tool's whole answer. */
export interface ProfileAnswer {
  target: string;
  /** The profile chain (`coding,anton`), or null when nothing was applied. */
  chain: string | null;
  settingsProfile: string | null;
  bundle: string | null;
  config: string | null;
  /** The agentihooks release that applied the homes, and the one serving this call. */
  appliedBy: string | null;
  serverVersion: string;
  appliedTargets: string[];
  summary: string;
}

const SOURCE_MAX_BYTES = 256 * 1024;

/** The answer for the server's client. */
export function profileAnswer(ctx: ServerContext): ProfileAnswer {
  const policy = readPolicy(ctx.home, ctx.target);
  const source = readSourceRecord(
    {
      read: (file) => {
        const text = readRegularFile(file, SOURCE_MAX_BYTES);
        return text === undefined ? undefined : new TextEncoder().encode(text);
      },
    },
    ctx.home,
  );
  const chain = policy.chain ?? source?.chain ?? null;
  const settingsProfile = source?.settingsProfile ?? null;
  const summary =
    chain === null
      ? `No applied profile is recorded under ${ctx.home}: run \`agentihooks apply\` to build the homes.`
      : `${ctx.target} runs profile chain ${chain}${settingsProfile ? ` with settings profile ${settingsProfile}` : " with no settings profile"}${source?.bundle ? ` from ${source.bundle}` : ""}.`;
  return {
    target: ctx.target,
    chain,
    settingsProfile,
    bundle: source?.bundle ?? null,
    config: source?.config ?? null,
    appliedBy: source?.version ?? null,
    serverVersion: ctx.version,
    appliedTargets: source?.targets ?? [],
    summary,
  };
}
