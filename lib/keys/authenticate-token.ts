import { transaction } from "../db";
import { drainBeforeExit } from "../db-background";
import { dbUnavailableCause } from "../db-errors";
import { DomainError } from "../errors";
import { findKeyByHash, touchKeys } from "./repo";
import type { KeyIdentity } from "./schema";
import { toKeyIdentity } from "./serialize";
import { hashToken, sameDigest, TOKEN_PATTERN } from "./token";

// last_used_at is written at most once a minute per key and off the request path, so that a
// busy read key does not turn every search into a write.
const TOUCH_EVERY_MS = 60_000;
const FLUSH_AFTER_MS = 1_000;
const RETRY_AFTER_MS = 5_000;

const state = globalThis as unknown as {
  knowhubKeyUse?: { pending: Map<string, Date>; written: Map<string, number>; timer: NodeJS.Timeout | null };
};
if (!state.knowhubKeyUse) {
  state.knowhubKeyUse = { pending: new Map(), written: new Map(), timer: null };
  // A server stopped by a signal writes the last minute's key use first (lib/db-background.ts).
  drainBeforeExit((waitMs) => flushKeyUse(waitMs));
}
const use = state.knowhubKeyUse;

/**
 * The key a bearer token belongs to. Unknown, malformed and revoked tokens are one answer (401),
 * so a caller learns nothing about which keys exist. The lookup is by hash on every request: a
 * revocation takes effect on the very next request, in every process.
 */
export async function authenticateToken(token: string, now = new Date()): Promise<KeyIdentity> {
  const invalid = () =>
    new DomainError("unauthorized", "The API key is not valid or has been revoked.", { reason: "invalid_token" });
  if (!TOKEN_PATTERN.test(token)) throw invalid();
  const digest = hashToken(token);
  const row = await findKeyByHash(digest);
  if (!row || !sameDigest(row.tokenHash, digest) || row.revokedAt) throw invalid();
  noteKeyUse(row.id, now);
  return toKeyIdentity(row);
}

function noteKeyUse(id: string, now: Date): void {
  const last = use.written.get(id) ?? 0;
  if (now.getTime() - last < TOUCH_EVERY_MS) return;
  use.written.set(id, now.getTime());
  use.pending.set(id, now);
  if (!use.timer) {
    use.timer = setTimeout(() => void flushKeyUse(), FLUSH_AFTER_MS);
    use.timer.unref?.();
  }
}

/** Writes the key use noted so far, if the writer is free within `waitMs` (default 0: never waits). */
export async function flushKeyUse(waitMs = 0): Promise<void> {
  if (use.timer) clearTimeout(use.timer);
  use.timer = null;
  if (use.pending.size === 0) return;
  const batch = new Map(use.pending);
  use.pending.clear();
  try {
    // Never waits for the writer: a busy database keeps the batch for a later try.
    await transaction(() => touchKeys(batch), { waitMs });
  } catch (error) {
    if (dbUnavailableCause(error) !== "busy") {
      console.error("recording key use failed", error);
      return;
    }
    for (const [id, at] of batch) if (!use.pending.has(id)) use.pending.set(id, at);
    use.timer = setTimeout(() => void flushKeyUse(), RETRY_AFTER_MS);
    use.timer.unref?.();
  }
}
