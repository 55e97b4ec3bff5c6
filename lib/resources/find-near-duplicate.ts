// The submit check of near-duplicates (issue #21): before a report is stored, the published reports
// of its resource are compared with it (lib/text/near-duplicate.ts). Compared in TypeScript over
// the stored signatures of the one resource: about 7 ms for a resource with 5,000 reports on this
// machine (npm run bench:near-dup; the read of its 0.7 MB of signatures comes on top), so no LSH
// index; a resource with hundreds of thousands of reports would want banding.
import { findAnalyzedTaskTips, listNearCandidates } from "../experiences/repo";
import type { ExperienceColumns } from "../experiences/experience-columns";
import { decodeSignature, nearSignature, similarity, type NearSignature } from "../text/near-duplicate";
import { NEAR_DUPLICATE_CONFIG } from "../text/near-duplicate-config";

export type NearMatch = { id: number; task: string; similarity: number };

// Bounded IN lists for the rows whose signature must be computed here.
const RECOMPUTE_CHUNK = 500;

/**
 * The published report of the same resource that the new one nearly repeats (the most similar,
 * the oldest among equals) with a score no further than maxScoreGap from its own, or null. Every published report counts, the writer's own included: a
 * key that has more to say about the same task and tip should confirm or update, not add a copy.
 * Pending (held) reports do not: nobody can see them, and a maintainer may still reject them.
 */
export async function findNearDuplicate(
  columns: Pick<ExperienceColumns, "resourceKey" | "score" | "nearSignature" | "searchTask" | "searchTips">,
): Promise<NearMatch | null> {
  const gap = NEAR_DUPLICATE_CONFIG.maxScoreGap;
  const candidates = (await listNearCandidates(columns.resourceKey)).filter((row) => Math.abs(Number(row.score) - columns.score) <= gap);
  if (candidates.length === 0) return null;
  const own = decodeSignature(columns.nearSignature) ?? nearSignature(columns.searchTask, columns.searchTips);
  const signatures = new Map<number, NearSignature>();
  const stale: number[] = [];
  for (const row of candidates) {
    const stored = decodeSignature(row.nearSignature);
    if (stored) signatures.set(row.id, stored);
    else stale.push(row.id);
  }
  // Rows from before the column was filled (or of an older signature version) until `npm start`
  // fills them: computed from the analyzed terms they store, which is what the stored one would be.
  for (let i = 0; i < stale.length; i += RECOMPUTE_CHUNK) {
    for (const row of await findAnalyzedTaskTips(stale.slice(i, i + RECOMPUTE_CHUNK))) {
      signatures.set(row.id, nearSignature(row.searchTask, row.searchTips));
    }
  }
  let best: NearMatch | null = null;
  for (const row of candidates) {
    const signature = signatures.get(row.id);
    if (!signature) continue;
    const value = similarity(own, signature);
    if (value >= NEAR_DUPLICATE_CONFIG.threshold && (!best || value > best.similarity)) best = { id: row.id, task: row.task, similarity: value };
  }
  return best && { ...best, similarity: Math.round(best.similarity * 1000) / 1000 };
}

/** What the answer tells the agent to do instead of adding a copy. `yours`: the writer's own report. */
export function nearDuplicateHint(id: number, yours = false): string {
  if (yours) {
    return (
      `Not stored: you reported this already as experience ${id} (same task and tips); a report cannot be confirmed by its own author. ` +
      `If yours really is a different experience, send it again with "distinct": true.`
    );
  }
  return (
    `Not stored: this report nearly repeats experience ${id} of the same resource (same task and tips). ` +
    `If it worked for you too, confirm that one instead: POST /api/experience/${id}/confirm. ` +
    `If yours really is a different experience, send it again with "distinct": true.`
  );
}
