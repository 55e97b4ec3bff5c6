// The only file that touches the database for API keys.
import { db, transaction } from "../db";
import { toDbTime } from "../db-time";
import type { KeyScope } from "./schema";

export type KeyRow = {
  id: string;
  label: string;
  scope: KeyScope;
  tokenHash: string;
  trusted: boolean;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
};

const KEY_COLUMNS = /* sql */ `id, label, scope, token_hash AS "tokenHash", trusted, created_at AS "createdAt",
  last_used_at AS "lastUsedAt", revoked_at AS "revokedAt"`;

export async function insertKey(row: { id: string; label: string; scope: KeyScope; tokenHash: string; trusted: boolean; at: Date }): Promise<KeyRow> {
  return transaction(async () => {
    await db().run(
      /* sql */ `INSERT INTO api_keys (id, label, scope, token_hash, trusted, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
      [row.id, row.label, row.scope, row.tokenHash, row.trusted, toDbTime(row.at)],
    );
    return (await findKeyById(row.id))!;
  });
}

export function findKeyById(id: string): Promise<KeyRow | null> {
  return db().get<KeyRow>(`SELECT ${KEY_COLUMNS} FROM api_keys WHERE id = ?`, [id]);
}

export function findKeyByHash(tokenHash: string): Promise<KeyRow | null> {
  return db().get<KeyRow>(`SELECT ${KEY_COLUMNS} FROM api_keys WHERE token_hash = ?`, [tokenHash]);
}

export function listKeyRows(): Promise<KeyRow[]> {
  return db().all<KeyRow>(`SELECT ${KEY_COLUMNS} FROM api_keys ORDER BY created_at, id`);
}

/** Of these key ids, the ones revoked (a revoked key's evidence no longer teaches search: lib/learning). */
export async function findRevokedKeyIds(ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db().all<{ id: string }>(`SELECT id FROM api_keys WHERE id IN (@ids) AND revoked_at IS NOT NULL`, { ids: [...ids] });
  return new Set(rows.map((r) => r.id));
}

/** Revokes once: the first revocation time stays. Returns false when no such key exists. */
export async function markKeyRevoked(id: string, at: Date): Promise<boolean> {
  await db().run(`UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL`, [toDbTime(at), id]);
  return (await findKeyById(id)) !== null;
}

/** Records when keys were last used (the caller's transaction: lib/keys/authenticate-token.ts). */
export async function touchKeys(used: Map<string, Date>): Promise<void> {
  // Never backwards: with several servers, one's batch may be written after another's newer one.
  for (const [id, at] of used) {
    await db().run(`UPDATE api_keys SET last_used_at = ? WHERE id = ? AND (last_used_at IS NULL OR last_used_at < ?)`, [toDbTime(at), id, toDbTime(at)]);
  }
}

export async function countActiveKeys(): Promise<number> {
  return (await db().get<{ n: number }>(`SELECT COUNT(*) AS n FROM api_keys WHERE revoked_at IS NULL`))!.n;
}
