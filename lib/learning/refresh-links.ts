// From counting evidence to links, for the resources whose evidence just changed. Evidence of one
// resource is grouped by phrasing (greedy, oldest first: a piece joins the first group whose first
// phrasing is close enough, else starts its own); a group that distinct keys enough agree on is a
// link. Support is read again each time, so a hidden report or a revoked key takes its voice away
// (the link lapses below the threshold and comes back if it is met again); a maintainer's removal
// is final.
import { findPublishedIds } from "../experiences/repo";
import { findRevokedKeyIds } from "../keys/repo";
import { findStandingConfirms } from "../verdicts/repo";
import { LEARNING_TUNING } from "./learning-config";
import { jaccard, termSet } from "./phrasing";
import { insertLink, listCountingEvidence, listLinksOf, updateLink, type EvidenceRow, type LinkRow, type LinkValues } from "./repo";

type Group = { terms: string; phrase: string; set: Set<string>; rows: EvidenceRow[] };

/** Works the links of these resources out again; inside the caller's transaction. Returns links made or changed. */
export async function refreshLinks(resourceKeys: readonly string[], now: Date, tuning = LEARNING_TUNING): Promise<number> {
  if (resourceKeys.length === 0) return 0;
  const evidence = await listCountingEvidence(resourceKeys);
  const published = await findPublishedIds([...new Set(evidence.map((e) => e.experienceId))]);
  const revoked = await findRevokedKeyIds([...new Set(evidence.map((e) => e.keyId))]);
  // A confirmation counts while the key's verdict on that report is still a confirmation (a flag
  // that replaced it takes every search it followed away).
  const confirms = await findStandingConfirms(evidence.filter((e) => e.source === "confirm").map((e) => e.experienceId));
  const live = evidence.filter(
    (e) => published.has(e.experienceId) && !revoked.has(e.keyId) && (e.source !== "confirm" || confirms.has(`${e.experienceId}:${e.keyId}`)),
  );
  const existing = await listLinksOf(resourceKeys);
  let changed = 0;
  const seen = new Set<number>();
  for (const key of resourceKeys) {
    for (const group of groupByPhrasing(live.filter((e) => e.resourceKey === key), tuning.similarity)) {
      const keys = new Set(group.rows.map((r) => r.keyId));
      const link = closestLink(existing.filter((l) => l.resourceKey === key && !seen.has(l.id)), group.set, tuning.similarity);
      if (link) seen.add(link.id);
      const values = supportOf(group, key, keys.size);
      if (!link) {
        if (keys.size >= tuning.minKeys) {
          await insertLink(values, now);
          changed++;
        }
        continue;
      }
      // A removed link stays removed; its support is still kept up to date for the console.
      const status = link.status === "removed" ? "removed" : keys.size >= tuning.minKeys ? "active" : "lapsed";
      if (differs(link, values, status)) {
        await updateLink(link.id, { ...values, status }, now);
        changed++;
      }
    }
    // Links whose evidence is all gone (hidden reports, revoked keys) lapse.
    for (const link of existing.filter((l) => l.resourceKey === key && !seen.has(l.id) && l.status === "active")) {
      await updateLink(link.id, { experienceIds: link.experienceIds, keyCount: 0, evidenceCount: 0, status: "lapsed" }, now);
      changed++;
    }
  }
  return changed;
}

function groupByPhrasing(rows: EvidenceRow[], similarity: number): Group[] {
  const groups: Group[] = [];
  for (const row of rows) {
    const set = termSet(row.terms);
    const group = groups.find((g) => jaccard(g.set, set) >= similarity);
    if (group) group.rows.push(row);
    else groups.push({ terms: row.terms, phrase: row.query, set, rows: [row] });
  }
  return groups;
}

function closestLink(links: LinkRow[], set: Set<string>, similarity: number): LinkRow | null {
  let best: LinkRow | null = null;
  let bestSim = similarity;
  for (const link of links) {
    const sim = jaccard(termSet(link.terms), set);
    if (sim >= bestSim) [best, bestSim] = [link, sim];
  }
  return best;
}

/** The link a group stands for: its first phrasing, and each agreeing key's reports (a key counts once). */
function supportOf(group: Group, resourceKey: string, keyCount: number): LinkValues {
  const experienceIds = [...new Set(group.rows.map((r) => r.experienceId))].sort((a, b) => a - b);
  return { phrase: group.phrase, terms: group.terms, resourceKey, experienceIds, keyCount, evidenceCount: group.rows.length };
}

function differs(link: LinkRow, values: LinkValues, status: LinkRow["status"]): boolean {
  return (
    link.status !== status ||
    link.keyCount !== values.keyCount ||
    link.evidenceCount !== values.evidenceCount ||
    link.experienceIds.join(",") !== values.experienceIds.join(",")
  );
}
