// Reports written before the near-duplicate column existed, or whose signature an older config,
// analyzer or lexicon computed, get theirs from the analyzed task and tips they store (npm start,
// scripts/migrate.ts; a no-op afterwards). A migration cannot run TypeScript. Until this has run the
// submit check computes the missing ones itself, so it is never wrong, only slower.
import { nearSignatureColumn, signatureVersion } from "../text/near-duplicate";
import { listStaleNearSignatures, setNearSignatures } from "./repo";

const BATCH = 1_000;

/** Sets every signature that is missing or of another version (short transactions, by id); returns how many. */
export async function fillNearSignatures(): Promise<number> {
  let filled = 0;
  for (let after = 0; ; ) {
    const rows = await listStaleNearSignatures(signatureVersion(), after, BATCH);
    if (rows.length === 0) return filled;
    filled += await setNearSignatures(rows.map((row) => ({ id: row.id, nearSignature: nearSignatureColumn(row.searchTask, row.searchTips) })));
    after = rows[rows.length - 1].id;
  }
}
