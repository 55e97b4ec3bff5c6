import { z } from "zod";
import { contentLinkDto } from "../contents/schema";
import { intParam } from "../validation";
import { createExperienceInput, experienceDto, resourceAggregateDto, type ResourceAggregateDto } from "../experiences/schema";

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

// ---- Responses (the DTO types are inferred; lib/openapi documents these same schemas).

export type { ContentLinkDto } from "../contents/schema";

export const resourceDto = resourceAggregateDto.extend({
  first_seen: z.string(),
  last_seen: z.string(),
  experiences: z.array(experienceDto).describe("one page, in `sort` order"),
  sort: z.enum(RESOURCE_SORTS),
  limit: z.number().int(),
  next_cursor: z.string().nullable().describe("pass as `cursor` for the next page; null on the last"),
  contents: z.array(contentLinkDto).describe("content nodes linked from its reports"),
  redirected_from: z
    .string()
    .optional()
    .describe("present only when the name asked for was renamed or merged: that old name (this is the new resource)"),
});
export type ResourceDto = z.output<typeof resourceDto>;

export const categoryDto = z.object({
  category: z.string(),
  resource_count: z.number().int().min(0),
  experience_count: z.number().int().min(0),
});
export type CategoryDto = z.output<typeof categoryDto>;

export const categoriesDto = z.object({ categories: z.array(categoryDto) });

export type ResourceSummaryDto = {
  name: string;
  url: string;
  category: string;
  avg_score: number;
  experience_count: number;
  reporter_count: number;
  last_seen: string;
};

// ---- Browsing by category (the /categories pages). ----

/** A category as the browsing pages take it: normalised as a report's category is. "" is "uncategorised". */
const categoryName = z
  .string()
  .transform((s) => s.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim())
  .pipe(z.string().max(40, { error: "category must be at most 40 characters" }));

export const listCategoryResourcesInput = z.object({
  category: categoryName,
  limit: intParam("limit", 1, 100, 50),
  cursor: z.string().max(400, { error: "cursor is not one this server issued" }).optional(),
});
export type ListCategoryResourcesInput = z.input<typeof listCategoryResourcesInput>;

export type CategoryResourcesDto = CategoryDto & {
  limit: number;
  resources: ResourceSummaryDto[];
  /** Pass back as `cursor` for the next page; null on the last. */
  next_cursor: string | null;
};

export const listCategoryTreeInput = z.object({
  page: intParam("page", 1, 10_000, 1),
});
export type ListCategoryTreeInput = z.input<typeof listCategoryTreeInput>;

export type CategoryTreeDto = {
  categories: (CategoryDto & { resources: ResourceSummaryDto[] })[];
  category_count: number;
  resource_count: number;
  page: number;
  page_count: number;
};

// ---- Governance (maintainers): pins, renames, merges and the maintainers' view. ----

// A resource to act on: looked up by key, so the same normalization as GET /api/resource.
const resourceName = (field: string) =>
  z
    .string({ error: `${field} must be a string` })
    .transform((s) => s.normalize("NFKC").trim())
    .pipe(z.string().min(1, { error: `${field} must not be empty` }).max(200, { error: `${field} must be at most 200 characters` }));

/** A resource name to look up (the maintainers' view). */
export const resourceNameInput = resourceName("name");

const reason = z
  .string({ error: (i) => (i.input === undefined ? "reason is required: say why, for the audit log" : "reason must be a string") })
  .transform((s) => s.normalize("NFC").trim())
  .pipe(z.string().min(1, { error: "reason is required: say why, for the audit log" }).max(1000, { error: "reason must be at most 1000 characters" }));

// A pin is checked and normalized exactly like what reporters send (httpUrlProblem, lower-cased
// category): null unpins, absent leaves the pin as it is.
export const pinResourceInput = z
  .strictObject({
    name: resourceName("name"),
    url: z.union([z.null(), createExperienceInput.shape.url]).optional(),
    category: z.union([z.null(), createExperienceInput.shape.category]).optional(),
    reason,
  })
  .refine((v) => v.url !== undefined || v.category !== undefined, { error: "give url or category (a string pins, null unpins)" });

export type PinResourceInput = { name: string; url?: string | null; category?: string | null; reason: string };

export const renameResourceInput = z.strictObject({
  name: resourceName("name"),
  // The new name is a name reporters will see and type: the same rules as a report's name.
  new_name: createExperienceInput.shape.name,
  reason,
});

export type RenameResourceInput = { name: string; new_name: string; reason: string };

export const mergeResourcesInput = z.strictObject({ from: resourceName("from"), into: resourceName("into"), reason });

export type MergeResourcesInput = { from: string; into: string; reason: string };

/** A resource as maintainers see it: the public aggregate plus its key, score sum and pins. */
export type ResourceStateDto = ResourceAggregateDto & {
  key: string;
  score_sum: number;
  pinned_url: string | null;
  pinned_category: string | null;
};

export type RenameResourceResult = {
  previous: { key: string; name: string };
  resource: ResourceStateDto;
  /** Experiences (every status) filed under the new key; 0 for a change of letter case only. */
  moved: number;
};

export type MergeResourcesResult = {
  /** Both sides as they were. */
  from: ResourceStateDto;
  into: ResourceStateDto;
  /** The surviving resource afterwards. */
  resource: ResourceStateDto;
  moved: number;
};

export type DisplayCandidateDto = { value: string; reporters: number; reports: number; last_reported_at: string };

export type AdminExperienceDto = {
  id: number;
  task: string;
  score: number;
  url: string;
  category: string;
  status: string;
  status_reason: string;
  key: { id: string; label: string } | null;
  submitted_by: string;
  created_at: string;
};

export type ResourceAdminDto = {
  resource: ResourceStateDto & { first_seen: string; last_seen: string };
  /** Present when the name asked for redirects here. */
  redirected_from?: string;
  /** What the shown url and category are chosen from: published reports, most reporters first. */
  candidates: { url: DisplayCandidateDto[]; category: DisplayCandidateDto[] };
  /** Old names (renames, merges) that lead here. */
  redirects: { from_key: string; from_name: string; created_at: string }[];
  status_counts: Record<string, number>;
  /** Every status, newest first, at most 200. */
  experiences: AdminExperienceDto[];
};
