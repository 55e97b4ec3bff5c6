import { BOOTSTRAP_ACTOR_LABEL } from "../audit/schema";
import { fromDbTime } from "../db-time";
import { findKeyById } from "../keys/repo";
import { scopeAllows } from "../keys/schema";
import { csrfTokenFor } from "./csrf";
import { findSessionByHash } from "./repo";
import type { AdminSession } from "./schema";
import { readBootstrapToken } from "./session-config";
import { hashSessionId, SESSION_ID_PATTERN, tokenOpenedSession } from "./session-id";

/**
 * The open session behind a cookie value, or null: unknown, ended, expired, or no longer backed
 * by what opened it. Checked on every read, so revoking the key, or removing or rotating the admin
 * token (KNOWHUB_ADMIN_TOKEN or its file), logs its sessions out at the very next request, in every
 * process. Setting the old token again brings its unexpired sessions back: they are tied to that token.
 */
export async function readSession(sessionId: string | null | undefined, now = new Date()): Promise<AdminSession | null> {
  if (!sessionId || !SESSION_ID_PATTERN.test(sessionId)) return null;
  const row = await findSessionByHash(hashSessionId(sessionId));
  if (!row || row.revokedAt) return null;
  if (new Date(row.expiresAt).getTime() <= now.getTime()) return null;
  let label = row.keyLabel;
  if (row.keyId) {
    const key = await findKeyById(row.keyId);
    if (!key || key.revokedAt || !scopeAllows(key.scope, "moderate")) return null;
    label = key.label;
  } else {
    const token = readBootstrapToken();
    if (token === null || !tokenOpenedSession(sessionId, token, row.tokenFingerprint)) return null;
    label = BOOTSTRAP_ACTOR_LABEL;
  }
  return {
    actor: { keyId: row.keyId, label },
    key_id: row.keyId || null,
    created_at: fromDbTime(row.createdAt),
    expires_at: fromDbTime(row.expiresAt),
    csrf_token: csrfTokenFor(sessionId),
  };
}
