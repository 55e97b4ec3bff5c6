// Keeps experience_standing equal to what the verdicts and the reported versions say, in the
// transaction of the write that changed them (a verdict, a report naming a version, a maintainer's
// decision). TypeScript rather than triggers: the same code on both engines, and the formulas
// (confidence.ts, version-order.ts) live in one place.
import { toDbTime } from "../db-time";
import { findExperienceFacts } from "../experiences/repo";
import { experienceConfidence, keyReliability } from "./confidence";
import {
  experiencesFlaggedBy,
  flagRecords,
  listCountedVerdicts,
  listVersionedExperiences,
  loadStanding,
  resourceVersions,
  upsertStanding,
  type StandingRow,
} from "./repo";
import { isNewerVersion, newestVersion } from "./version-order";
import { VERDICT_TUNING } from "./verdicts-config";

/**
 * Works out again the standing of `touched` (their verdicts changed) and, since a newer version may
 * have been reported, the version part of every other versioned experience of the resource.
 */
export async function refreshStanding(resourceKey: string, touched: readonly number[], now: Date): Promise<void> {
  const newest = newestVersion(await resourceVersions(resourceKey));
  const ids = [...new Set([...touched, ...(await listVersionedExperiences(resourceKey))])];
  const facts = await findExperienceFacts(ids);
  const existing = await loadStanding(ids);
  for (const id of ids) {
    const fact = facts.get(id);
    if (!fact) continue;
    const before = existing.get(id) ?? null;
    if (touched.includes(id)) {
      await upsertStanding(await computeStanding(id, fact.version, newest), now);
      continue;
    }
    const latestVersion = before?.latestVersion || fact.version;
    const newerVersion = isNewerVersion(newest, latestVersion) ? newest : "";
    if ((before?.newerVersion ?? "") === newerVersion) continue;
    await upsertStanding({ ...(before ?? (await computeStanding(id, fact.version, newest))), latestVersion, newerVersion }, now);
  }
}

/** After a key's flag was decided: its other flags weigh differently, so those experiences' standing moves. */
export async function refreshFlaggedBy(keyId: string, now: Date): Promise<void> {
  const ids = await experiencesFlaggedBy(keyId);
  const facts = await findExperienceFacts(ids);
  const byResource = new Map<string, number[]>();
  for (const fact of facts.values()) byResource.set(fact.resourceKey, [...(byResource.get(fact.resourceKey) ?? []), fact.id]);
  for (const [resourceKey, touched] of byResource) await refreshStanding(resourceKey, touched, now);
}

async function computeStanding(experienceId: number, ownVersion: string, newest: string): Promise<StandingRow> {
  const verdicts = await listCountedVerdicts(experienceId);
  const confirms = verdicts.filter((v) => v.verdict === "confirm");
  const flags = verdicts.filter((v) => v.verdict === "flag");
  const records = await flagRecords(flags.map((f) => f.keyId));
  const weight = (keyId: string) => {
    const record = records.get(keyId);
    return keyReliability(record?.upheld ?? 0, record?.decided ?? 0);
  };
  const lastConfirmedMs = Math.max(0, ...confirms.map((c) => Date.parse(c.updatedAt)));
  const byReason: Record<string, number> = {};
  for (const f of flags) byReason[f.reason] = (byReason[f.reason] ?? 0) + 1;
  const flagWeight = flags.filter((f) => VERDICT_TUNING.confidence.negativeReasons.includes(f.reason)).reduce((s, f) => s + weight(f.keyId), 0);
  // A confirmation after a stale flag says the report still holds: only later stale flags count.
  const staleFlags = flags.filter((f) => f.reason === "stale" && Date.parse(f.updatedAt) > lastConfirmedMs);
  const staleWeight = staleFlags.reduce((s, f) => s + weight(f.keyId), 0);
  const successor = flags
    .filter((f) => f.reason === "stale" && f.supersededBy !== null)
    .sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt))[0];
  const latestVersion = newestVersion([ownVersion, ...confirms.map((c) => c.version)]) || ownVersion;
  return {
    experienceId,
    confirmations: confirms.length,
    confirmedBy: JSON.stringify(confirms.map((c) => c.keyId).sort()),
    flags: JSON.stringify(Object.fromEntries(Object.entries(byReason).sort())),
    flagWeight,
    staleWeight,
    confidence: experienceConfidence(confirms.length, flagWeight),
    lastConfirmed: confirms.length ? toDbTime(new Date(lastConfirmedMs)) : null,
    latestVersion,
    newerVersion: isNewerVersion(newest, latestVersion) ? newest : "",
    supersededBy: successor ? Number(successor.supersededBy) : null,
  };
}
