import { fromDbTime } from "../db-time";
import { toProvenance } from "../keys/provenance";
import type { ExperienceDto, RelevantExperienceDto } from "./schema";

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
};

export function toExperienceDto(row: ExperienceRow): ExperienceDto {
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
  };
}

export function toRelevantExperienceDto(row: ExperienceRow): RelevantExperienceDto {
  const { id, task, score, outcome, tips, content_id, submitted_by, verified, key, created_at } = toExperienceDto(row);
  return { id, task, score, outcome, tips, content_id, submitted_by, verified, key, created_at };
}
