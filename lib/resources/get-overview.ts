// What the home page shows: the size of the collective memory, where it is strong, and what is new.
import { toExperienceDtos } from "../verdicts/standing";
import type { ExperienceDto } from "../experiences/schema";
import { listCategories } from "./list-categories";
import {
  countEverything,
  listBestRatedResources,
  listLatestExperiences,
  listMostReportedResources,
} from "./repo";
import type { CategoryDto, ResourceSummaryDto } from "./schema";
import { averageScore, type ResourceRow } from "./serialize";
import { fromDbTime } from "../db-time";

// Same prior as search ranking uses: a resource starts as 5 reviews of 3 stars.
const PRIOR_MEAN = 3;
const PRIOR_COUNT = 5;

export type OverviewDto = {
  counts: { resources: number; experiences: number; contents: number };
  categories: CategoryDto[];
  best_rated: ResourceSummaryDto[];
  most_reported: ResourceSummaryDto[];
  latest_experiences: ExperienceDto[];
};

export async function getOverview(limit = 6): Promise<OverviewDto> {
  const counts = await countEverything();
  return {
    counts: {
      resources: Number(counts.resourceCount),
      experiences: Number(counts.experienceCount),
      contents: Number(counts.contentCount),
    },
    categories: (await listCategories()).categories,
    best_rated: (await listBestRatedResources(limit, PRIOR_MEAN, PRIOR_COUNT)).map(toResourceSummary),
    most_reported: (await listMostReportedResources(limit)).map(toResourceSummary),
    latest_experiences: await toExperienceDtos(await listLatestExperiences(limit)),
  };
}

export function toResourceSummary(row: ResourceRow): ResourceSummaryDto {
  return {
    name: row.name,
    url: row.url,
    category: row.category,
    avg_score: averageScore(Number(row.scoreSum), Number(row.reporterCount)),
    experience_count: Number(row.experienceCount),
    reporter_count: Number(row.reporterCount),
    last_seen: fromDbTime(row.lastSeen),
  };
}
