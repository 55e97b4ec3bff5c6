import { fromDbTime } from "../db-time";
import { countLinksByStatus, newestLinks } from "../learning/repo";
import { flagCountsByReason, mostConfirmedExperiences, mostFlaggedExperiences, staleCounts, staleExperiences, type RankedExperienceRow } from "../verdicts/insights-repo";
import { standingDto } from "../verdicts/standing";
import { VERDICT_TUNING } from "../verdicts/verdicts-config";
import { keyModerationShares, searchesEndedInWrites, topContentMisses, topUnansweredSearches } from "./repo";
import type { InsightsDto, InsightsInput } from "./schema";

const TOP = 50;
/** Rows per verdict and learning list: the console's page shows them whole, the queue and /admin/learned have the rest. */
const LISTED = 20;
const DAY_MS = 86_400_000;

/**
 * The demand nobody serves yet (abstained searches, content misses), how each key fares in review,
 * what agents' verdicts say (most confirmed, most flagged, stale), what search learned from use,
 * and which searches ended in a report.
 */
export async function getInsights(input: InsightsInput, now = new Date()): Promise<InsightsDto> {
  const since = new Date(now.getTime() - input.days * DAY_MS);
  const staleCutoff = new Date(now.getTime() - VERDICT_TUNING.freshness.maxAgeDays * DAY_MS);
  const staleWeight = VERDICT_TUNING.freshness.staleFlagWeight;
  const share = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 1000 : 0);
  const byReason = (await flagCountsByReason()).map((r) => ({ reason: r.reason, count: Number(r.count), pending: Number(r.pending) }));
  const links = await countLinksByStatus();
  const cited = await searchesEndedInWrites(since, LISTED);
  const experience = (row: RankedExperienceRow) => insightExperience(row, now);
  return {
    days: input.days,
    abstained_searches: (await topUnansweredSearches(since, TOP, "nothing")).map((r) => ({ query: r.query, ...demand(r) })),
    weak_lead_searches: (await topUnansweredSearches(since, TOP, "weak")).map((r) => ({ query: r.query, ...demand(r) })),
    content_misses: (await topContentMisses(since, TOP)).map((r) => ({ content_id: r.content_id, ...demand(r) })),
    keys: (await keyModerationShares()).map((k) => ({
      key_id: k.keyId,
      label: k.label,
      total: Number(k.total),
      flagged: Number(k.flagged),
      hidden_or_rejected: Number(k.removed),
      flagged_share: share(Number(k.flagged), Number(k.total)),
      removed_share: share(Number(k.removed), Number(k.total)),
    })),
    most_confirmed: (await mostConfirmedExperiences(LISTED)).map(experience),
    most_flagged: {
      by_reason: byReason,
      pending: byReason.reduce((sum, r) => sum + r.pending, 0),
      experiences: (await mostFlaggedExperiences(LISTED)).map((r) => ({
        ...experience(r),
        flag_count: Number(r.flagCount),
        pending: Number(r.pendingCount),
        status: r.status,
      })),
    },
    stale: {
      ...(({ total, ...reasons }) => ({ count: total, by_reason: reasons }))(await staleCounts(staleCutoff, staleWeight)),
      experiences: (await staleExperiences(staleCutoff, staleWeight, LISTED)).map(experience),
    },
    learned: {
      ...links,
      links: (await newestLinks(LISTED)).map((l) => ({
        id: l.id,
        phrase: l.phrase,
        name: l.name,
        keys: l.keyCount,
        evidence_count: l.evidenceCount,
        status: l.status,
        created_at: fromDbTime(l.createdAt),
      })),
    },
    searches_ended_in_report: {
      count: cited.count,
      searches: cited.rows.map((r) => ({
        query: r.query,
        confidence: r.confidence,
        source: r.source,
        experience_id: r.experienceId,
        name: r.name,
        task: r.task,
        key_label: r.keyLabel,
        at: fromDbTime(r.at),
      })),
    },
  };
}

// `count`: the lines (searches or page loads); `clients`: the people behind them, each once.
function demand(row: { searches: number; clients: number }): { count: number; clients: number } {
  return { count: Number(row.searches), clients: Number(row.clients) };
}

// The standing as every experience answer says it (the same code: reasons, confidence, dates).
function insightExperience(row: RankedExperienceRow, now: Date): InsightsDto["most_confirmed"][number] {
  const hasStanding = row.confidence !== null && row.confidence !== undefined;
  const s = standingDto(
    {
      version: row.version,
      standing: hasStanding
        ? {
            experienceId: Number(row.id),
            confirmations: Number(row.confirmations),
            confirmedBy: "[]",
            flags: row.flags,
            flagWeight: 0,
            staleWeight: Number(row.staleWeight),
            confidence: Number(row.confidence),
            lastConfirmed: row.lastConfirmed,
            latestVersion: "",
            newerVersion: row.newerVersion,
            supersededBy: row.supersededBy,
          }
        : null,
    },
    row.createdAt,
    now,
  );
  return {
    experience_id: Number(row.id),
    name: row.name,
    task: row.task,
    confirmations: s.confirmations,
    flags: s.flags,
    confidence: s.confidence,
    last_confirmed: s.last_confirmed,
    freshness: s.freshness,
    superseded_by: s.superseded_by,
  };
}
