import type { ResourceAggregateDto } from "../experiences/schema";

export type ResourceRow = {
  key: string;
  name: string;
  url: string;
  category: string;
  experienceCount: number;
  reporterCount: number;
  scoreSum: number;
  score1: number;
  score2: number;
  score3: number;
  score4: number;
  score5: number;
  firstSeen: Date | string;
  lastSeen: Date | string;
};

export function averageScore(scoreSum: number, count: number): number {
  return count > 0 ? Math.round((scoreSum / count) * 100) / 100 : 0;
}

export function toResourceAggregate(row: ResourceRow): ResourceAggregateDto {
  return {
    name: row.name,
    url: row.url,
    category: row.category,
    avg_score: averageScore(row.scoreSum, row.reporterCount),
    experience_count: row.experienceCount,
    reporter_count: row.reporterCount,
    score_distribution: { "1": row.score1, "2": row.score2, "3": row.score3, "4": row.score4, "5": row.score5 },
  };
}
