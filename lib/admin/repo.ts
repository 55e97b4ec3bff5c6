// The only file that touches admin_sessions. A row is keyed by the SHA-256 of the session id: the
// id itself (the cookie) is never stored, so a copy of the database opens no session.
import { db } from "../db";
import { toDbTime } from "../db-time";

export type SessionRow = {
  idHash: string;
  keyId: string;
  keyLabel: string;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
  /** Bootstrap-token sessions: which token opened it (session-id.ts tokenFingerprint); '' otherwise. */
  tokenFingerprint: string;
};

const SESSION_COLUMNS = /* sql */ `id_hash AS "idHash", key_id AS "keyId", key_label AS "keyLabel", created_at AS "createdAt",
  expires_at AS "expiresAt", revoked_at AS "revokedAt", token_fingerprint AS "tokenFingerprint"`;

export async function insertSession(row: {
  idHash: string;
  keyId: string;
  keyLabel: string;
  createdAt: Date;
  expiresAt: Date;
  tokenFingerprint: string;
}): Promise<void> {
  await db().run(
    /* sql */ `INSERT INTO admin_sessions (id_hash, key_id, key_label, created_at, expires_at, token_fingerprint) VALUES (?, ?, ?, ?, ?, ?)`,
    [row.idHash, row.keyId, row.keyLabel, toDbTime(row.createdAt), toDbTime(row.expiresAt), row.tokenFingerprint],
  );
}

export function findSessionByHash(idHash: string): Promise<SessionRow | null> {
  return db().get<SessionRow>(/* sql */ `SELECT ${SESSION_COLUMNS} FROM admin_sessions WHERE id_hash = ?`, [idHash]);
}

/** Ends a session once (the first end time stays); false when it was not open. */
export async function markSessionRevoked(idHash: string, at: Date): Promise<boolean> {
  const changed = await db().run(/* sql */ `UPDATE admin_sessions SET revoked_at = ? WHERE id_hash = ? AND revoked_at IS NULL`, [toDbTime(at), idHash]);
  return changed > 0;
}

/** Sessions that ended (expired or logged out) more than `keepMs` ago: nothing reads them again. */
export function deleteEndedSessions(before: Date): Promise<number> {
  const at = toDbTime(before);
  return db().run(`DELETE FROM admin_sessions WHERE expires_at < ? OR (revoked_at IS NOT NULL AND revoked_at < ?)`, [at, at]);
}
