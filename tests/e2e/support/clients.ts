/**
 * The pinned clients as the suites see them: the executable of each, or a loud failure naming the
 * client and why it is missing (a suite must never pass without its client).
 */
import { inject } from "vitest";
import { CLIENTS, type ClientName } from "../../../scripts/install-clients.mjs";

export type { ClientName };

/** The executable of a pinned client; throws (failing the test) when it could not be installed. */
export function clientBinary(name: ClientName): string {
  const result = inject("e2eClients")?.[name];
  const pin = `${CLIENTS[name].pkg}@${CLIENTS[name].version}`;
  if (!result) throw new Error(`${name} (${pin}) was not installed: the e2e global setup did not run (use vitest.e2e.config.ts)`);
  if (result.error || !result.bin)
    throw new Error(`${name} (${pin}) could not be installed, so its end-to-end checks cannot run: ${result.error ?? "no executable"}`);
  return result.bin;
}

/** The pinned version of a client. */
export function clientVersion(name: ClientName): string {
  return CLIENTS[name].version;
}
