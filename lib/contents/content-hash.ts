import { createHash } from "node:crypto";

/** sha256 of the markdown body, the same scheme Resonote uses, so content can be de-duplicated later. */
export function contentHash(body: string): string {
  return createHash("sha256").update(body, "utf8").digest("hex");
}
