/** Content digests for the ownership record: `sha256:<hex>` of the exact bytes. */
import { createHash } from "node:crypto";

/** Digest of bytes or UTF-8 text. */
export function digestOf(content: string | Uint8Array): string {
  return `sha256:${createHash("sha256").update(content).digest("hex")}`;
}
