/** Types for scripts/install-clients.mjs (the pinned real clients the end-to-end suite runs). */
import type { TargetId } from "../compiler/targets/ids";

/** A pinned client is named by its target id. */
export type ClientName = TargetId;

/** One pinned client. */
export interface PinnedClient {
  pkg: string;
  version: string;
  bin: string;
}

/** The outcome of installing one client: `error` set when it could not be installed. */
export interface InstallResult {
  name: string;
  pkg?: string;
  version?: string;
  bin?: string;
  reused?: boolean;
  seconds?: number;
  error?: string;
}

export const CLIENTS: Record<ClientName, PinnedClient>;
export function cacheRoot(): string;
export function clientDir(name: ClientName): string;
export function clientBin(name: ClientName): string;
export function ensureClient(name: ClientName): InstallResult;
