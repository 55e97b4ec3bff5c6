// What verdicts say of experiences, as every experience DTO carries it: read with the rows, worked
// out here. Freshness by age depends on the clock, so it is computed when read, not stored.
import { fromDbTime } from "../db-time";
import type { ExperienceDto, ExperienceStandingDto, RelevantExperienceDto } from "../experiences/schema";
import { toExperienceDto, toRelevantExperienceDto, type ExperienceRow } from "../experiences/serialize";
import { BASE_CONFIDENCE, round3 } from "./confidence";
import { loadStandingView, type StandingRow } from "./repo";
import { VERDICT_TUNING } from "./verdicts-config";

const DAY_MS = 24 * 60 * 60 * 1000;

export type StandingView = { version: string; standing: StandingRow | null };

/** The standing of one experience (created at `createdAt`) at `now`. */
export function standingDto(view: StandingView | undefined, createdAt: string | Date, now: Date): ExperienceStandingDto {
  const row = view?.standing ?? null;
  const lastConfirmed = row?.lastConfirmed ? fromDbTime(row.lastConfirmed) : null;
  const lastSeen = Math.max(new Date(createdAt).getTime(), lastConfirmed ? Date.parse(lastConfirmed) : 0);
  const reasons: ExperienceStandingDto["freshness"]["reasons"] = [];
  if (row?.newerVersion) reasons.push("version");
  if (now.getTime() - lastSeen > VERDICT_TUNING.freshness.maxAgeDays * DAY_MS) reasons.push("age");
  if (row && Number(row.staleWeight) >= VERDICT_TUNING.freshness.staleFlagWeight) reasons.push("flags");
  return {
    version: view?.version ?? "",
    confirmations: row ? Number(row.confirmations) : 0,
    flags: row ? (JSON.parse(row.flags) as Record<string, number>) : {},
    confidence: round3(row ? Number(row.confidence) : BASE_CONFIDENCE),
    last_confirmed: lastConfirmed,
    freshness: { stale: reasons.length > 0, reasons, newer_version: row?.newerVersion ?? "" },
    superseded_by: row?.supersededBy == null ? null : Number(row.supersededBy),
  };
}

/** The standing of these experiences, read in one query. */
export async function standingsOf(rows: readonly Pick<ExperienceRow, "id" | "createdAt">[], now = new Date()): Promise<Map<number, ExperienceStandingDto>> {
  const views = await loadStandingView(rows.map((r) => Number(r.id)));
  return new Map(rows.map((r) => [Number(r.id), standingDto(views.get(Number(r.id)), r.createdAt, now)]));
}

export async function toExperienceDtos(rows: readonly ExperienceRow[], now = new Date()): Promise<ExperienceDto[]> {
  const standings = await standingsOf(rows, now);
  return rows.map((r) => toExperienceDto(r, standings.get(Number(r.id))!));
}

export async function toRelevantExperienceDtos(rows: readonly ExperienceRow[], now = new Date()): Promise<Map<number, RelevantExperienceDto>> {
  const standings = await standingsOf(rows, now);
  return new Map(rows.map((r) => [Number(r.id), toRelevantExperienceDto(r, standings.get(Number(r.id))!)]));
}
