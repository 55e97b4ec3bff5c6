// The only file that touches the database for API keys.
import { getSqlite } from "../db";
import { toDbTime } from "../db-time";
import type { KeyScope } from "./schema";

export type KeyRow = {
  id: string;
  label: string;
  scope: KeyScope;
  tokenHash: string;
  trusted: number;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
};

const KEY_COLUMNS = /* sql */ `id, label, scope, token_hash AS tokenHash, trusted, created_at AS createdAt,
  last_used_at AS lastUsedAt, revoked_at AS revokedAt`;

export function insertKey(row: { id: string; label: string; scope: KeyScope; tokenHash: string; trusted: boolean; at: Date }): KeyRow {
  const db = getSqlite();
  db.prepare(
    /* sql */ `INSERT INTO api_keys (id, label, scope, token_hash, trusted, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
  ).run(row.id, row.label, row.scope, row.tokenHash, row.trusted ? 1 : 0, toDbTime(row.at));
  return findKeyById(row.id)!;
}

export function findKeyById(id: string): KeyRow | null {
  return (getSqlite().prepare(`SELECT ${KEY_COLUMNS} FROM api_keys WHERE id = ?`).get(id) as KeyRow) ?? null;
}

export function findKeyByHash(tokenHash: string): KeyRow | null {
  return (getSqlite().prepare(`SELECT ${KEY_COLUMNS} FROM api_keys WHERE token_hash = ?`).get(tokenHash) as KeyRow) ?? null;
}

export function listKeyRows(): KeyRow[] {
  return getSqlite().prepare(`SELECT ${KEY_COLUMNS} FROM api_keys ORDER BY created_at, id`).all() as KeyRow[];
}

/** Revokes once: the first revocation time stays. Returns false when no such key exists. */
export function markKeyRevoked(id: string, at: Date): boolean {
  const db = getSqlite();
  db.prepare(`UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL`).run(toDbTime(at), id);
  return findKeyById(id) !== null;
}

export function touchKeys(used: Map<string, Date>): void {
  const db = getSqlite();
  const update = db.prepare(`UPDATE api_keys SET last_used_at = ? WHERE id = ?`);
  db.transaction(() => {
    for (const [id, at] of used) update.run(toDbTime(at), id);
  }).immediate();
}

export function countActiveKeys(): number {
  return (getSqlite().prepare(`SELECT COUNT(*) AS n FROM api_keys WHERE revoked_at IS NULL`).get() as { n: number }).n;
}
