import { z } from "zod";
import { intParam } from "../validation";
import type { ExperienceDto, ResourceAggregateDto } from "../experiences/schema";

export const RESOURCE_SORTS = ["newest", "best", "worst"] as const;

export const getResourceInput = z.object({
  name: z
    .string()
    .transform((s) => s.normalize("NFKC").trim())
    .pipe(z.string().min(1, { error: "name must not be empty" }).max(200, { error: "name must be at most 200 characters" })),
  limit: intParam("limit", 1, 100, 20),
  cursor: z.string().max(200, { error: "cursor is not one this server issued" }).optional(),
  sort: z.enum(RESOURCE_SORTS, { error: `sort must be one of ${RESOURCE_SORTS.join(", ")}` }).optional().default("newest"),
});

export type GetResourceInput = z.output<typeof getResourceInput>;
export type ResourceSort = (typeof RESOURCE_SORTS)[number];

export type ContentLinkDto = { id: string; title: string };

export type ResourceDto = ResourceAggregateDto & {
  first_seen: string;
  last_seen: string;
  experiences: ExperienceDto[];
  sort: ResourceSort;
  limit: number;
  next_cursor: string | null;
  contents: ContentLinkDto[];
};

export type CategoryDto = { category: string; resource_count: number; experience_count: number };

export type ResourceSummaryDto = {
  name: string;
  url: string;
  category: string;
  avg_score: number;
  experience_count: number;
  reporter_count: number;
  last_seen: string;
};
