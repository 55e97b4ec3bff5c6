import { createHash, timingSafeEqual } from "node:crypto";
import { recordAudit } from "../audit/record-audit";
import { BOOTSTRAP_ACTOR_LABEL, type Actor } from "../audit/schema";
import { transaction } from "../db";
import { DomainError, isDomainError } from "../errors";
import { authenticateToken } from "../keys/authenticate-token";
import { scopeAllows } from "../keys/schema";
import { addressCallerId } from "../limits/client-address";
import { takeToken } from "../limits/rate-limit";
import { deleteEndedSessions, insertSession } from "./repo";
import type { LoginInput, StartedSession } from "./schema";
import { readBootstrapToken, sessionLifetimeMs } from "./session-config";
import { hashSessionId, newSessionId, sessionAuditId, tokenFingerprint } from "./session-id";

// One answer for every refusal, so that the login form tells nobody whether a key exists, was
// revoked, or lacks the scope.
const REFUSED = "This token does not open the console. Use an API key with the moderate scope, or the admin token.";

/**
 * Logs a maintainer in: checks the token (a moderate key, or the bootstrap admin token compared in
 * constant time), then stores a new session (its hash) and the audit entry together. Attempts are
 * limited per client address with the write limit, in a bucket of their own ("login:" ids), so
 * guessing is as slow as writing and a maintainer's logins never eat an agent's write budget.
 */
export async function startSession(input: LoginInput, address: string | null, now = new Date()): Promise<StartedSession> {
  // On the limiter's clock, not `now` (a caller's notion of the time: tests pass old ones): the
  // buckets are shared by every server of the hub, which must all count on one clock.
  const taken = await takeToken("write", `login:${address ? await addressCallerId(address) : "addr:unknown"}`);
  if (!taken.ok) {
    throw new DomainError("rate_limited", `Too many login attempts from this address; retry in ${taken.retryAfterSeconds} s.`, {
      retry_after_seconds: taken.retryAfterSeconds,
    });
  }
  const actor = await actorFor(input.token);
  const lifetimeMs = sessionLifetimeMs();
  const sessionId = newSessionId();
  const idHash = hashSessionId(sessionId);
  const expiresAt = new Date(now.getTime() + lifetimeMs);
  // A bootstrap session is tied to the token that opened it: rotating the token ends it (read-session.ts).
  const fingerprint = actor.keyId === "" ? tokenFingerprint(sessionId, input.token) : "";
  await transaction(async () => {
      await insertSession({ idHash, keyId: actor.keyId, keyLabel: actor.label, createdAt: now, expiresAt, tokenFingerprint: fingerprint });
      // Ended sessions are kept a day (for whoever looks at the table), then go: logins are rare,
      // so this keeps the table to the sessions of the last day or so.
      await deleteEndedSessions(new Date(now.getTime() - 86_400_000));
      await recordAudit(
        {
          actor,
          action: "session.login",
          targetType: "session",
          targetId: sessionAuditId(idHash),
          reason: "",
          before: null,
          after: { key_id: actor.keyId || null, label: actor.label, expires_at: expiresAt.toISOString() },
        },
        now,
      );
    });
  return { session_id: sessionId, actor, expires_at: expiresAt.toISOString(), max_age_seconds: Math.floor(lifetimeMs / 1000) };
}

async function actorFor(token: string): Promise<Actor> {
  const bootstrap = readBootstrapToken();
  if (bootstrap !== null && sameSecret(token, bootstrap)) return { keyId: "", label: BOOTSTRAP_ACTOR_LABEL };
  try {
    const key = await authenticateToken(token);
    if (scopeAllows(key.scope, "moderate")) return { keyId: key.id, label: key.label };
  } catch (error) {
    if (!isDomainError(error)) throw error;
  }
  throw new DomainError("unauthorized", REFUSED, { reason: "invalid_token" });
}

// Digests first: equal lengths whatever was typed, so the comparison time says nothing about the token.
function sameSecret(given: string, expected: string): boolean {
  const digest = (s: string) => createHash("sha256").update(s, "utf8").digest();
  return timingSafeEqual(digest(given), digest(expected));
}
