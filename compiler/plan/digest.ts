/** Content digests for the ownership record: `sha256:<hex>` of the exact bytes. */
import * as crypto from "node:crypto";

// One-shot hashing (Node 20.12+) costs half of a Hash object per file; older Node 20 releases have none.
const oneShot = (crypto as { hash?: (algorithm: string, data: string | Uint8Array, encoding: "hex") => string }).hash;

/** Digest of bytes or UTF-8 text. */
export function digestOf(content: string | Uint8Array): string {
  return `sha256:${oneShot ? oneShot("sha256", content, "hex") : crypto.createHash("sha256").update(content).digest("hex")}`;
}
