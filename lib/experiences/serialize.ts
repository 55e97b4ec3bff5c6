import { fromDbTime } from "../db-time";
import { toProvenance } from "../keys/provenance";
import type { ExperienceDto, ExperienceStandingDto, RelevantExperienceDto } from "./schema";

export type ExperienceRow = {
  id: number;
  name: string;
  url: string;
  category: string;
  task: string;
  score: number;
  outcome: string;
  tips: string;
  contentId: string;
  submittedBy: string;
  keyId: string;
  keyLabel: string;
  status: string;
  createdAt: Date | string;
  updatedAt: Date | string;
  /** The resource version the report used, when the read selected it (search's reads do). */
  version?: string;
};

/** `standing`: what verdicts say of it (lib/verdicts/standing.ts works it out; every DTO carries it). */
export function toExperienceDto(row: ExperienceRow, standing: ExperienceStandingDto): ExperienceDto {
  return {
    id: Number(row.id),
    name: row.name,
    url: row.url,
    category: row.category,
    task: row.task,
    score: Number(row.score),
    outcome: row.outcome,
    tips: row.tips,
    content_id: row.contentId,
    submitted_by: row.submittedBy,
    ...toProvenance(row),
    status: row.status,
    created_at: fromDbTime(row.createdAt),
    updated_at: fromDbTime(row.updatedAt),
    ...standing,
  };
}

export function toRelevantExperienceDto(row: ExperienceRow, standing: ExperienceStandingDto): RelevantExperienceDto {
  const { id, task, score, outcome, tips, content_id, submitted_by, verified, key, created_at } = toExperienceDto(row, standing);
  return { id, task, score, outcome, tips, content_id, submitted_by, verified, key, created_at, ...standing };
}
