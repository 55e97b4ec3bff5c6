import { z } from "zod";
import { contentLinkDto } from "../contents/schema";
import { hygienic } from "../text/hygiene";
import { intParam } from "../validation";
import { createExperienceInput, experienceDto, resourceAggregateDto, type ResourceAggregateDto } from "../experiences/schema";

export const RESOURCE_SORTS = ["newest", "best", "worst"] as const;
/** Outcome by score, as the task verdict reads it: worked 4-5, mixed 3, failed 1-2. */
export const RESOURCE_OUTCOMES = ["worked", "mixed", "failed"] as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
// A day (YYYY-MM-DD, UTC) or nothing: an empty form field is no filter.
const dayParam = (field: string) =>
  z
    .string()
    .optional()
    .transform((s, ctx) => {
      if (s === undefined || s.trim() === "") return undefined;
      const day = s.trim();
      if (!DAY.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) {
        ctx.addIssue({ code: "custom", message: `${field} must be a day as YYYY-MM-DD` });
        return z.NEVER;
      }
      return day;
    });

export const getResourceInput = z.object({
  name: z
    .string()
    .transform((s) => s.normalize("NFKC").trim())
    .pipe(z.string().min(1, { error: "name must not be empty" }).max(200, { error: "name must be at most 200 characters" })),
  limit: intParam("limit", 1, 100, 20),
  cursor: z.string().max(200, { error: "cursor is not one this server issued" }).optional(),
  sort: z.enum(RESOURCE_SORTS, { error: `sort must be one of ${RESOURCE_SORTS.join(", ")}` }).optional().default("newest"),
  // Filters (each narrows the reports listed, never the aggregate). Strings, as GET params and
  // form fields arrive; an empty value is no filter, so a form submitted untouched filters nothing.
  outcome: z
    .union([z.literal(""), z.enum(RESOURCE_OUTCOMES)], { error: `outcome must be one of ${RESOURCE_OUTCOMES.join(", ")}` })
    .optional()
    .transform((s) => s || undefined),
  min_score: intParam("min_score", 1, 5, 1),
  verified: z
    .enum(["", "0", "1", "false", "true"], { error: "verified must be true or false" })
    .optional()
    .transform((s) => s === "1" || s === "true"),
  version: z
    .string()
    .max(100, { error: "version must be at most 100 characters" })
    .optional()
    .transform((s) => s?.normalize("NFC").trim() || undefined),
  since: dayParam("since"),
  until: dayParam("until"),
  // A task: its matching reports and content come back apart, under the task's verdict
  // (lib/search/get-resource-for-task.ts). The same rules as search's q; empty is no task.
  q: z
    .string()
    .optional()
    .transform((s) => s ?? "")
    .transform(hygienic("free", "q", "allow"))
    .transform((s) => s.normalize("NFKC").trim())
    .pipe(z.string().max(500, { error: "q must be at most 500 characters" }))
    .transform((s) => s || undefined),
});

export type GetResourceInput = z.output<typeof getResourceInput>;
export type ResourceOutcome = (typeof RESOURCE_OUTCOMES)[number];
/** The filters of a resource's report list (repo.ts turns them into SQL). */
export type ResourceFilters = Pick<GetResourceInput, "outcome" | "min_score" | "verified" | "version" | "since" | "until">;

export const resourceFiltersDto = z.object({
  outcome: z.enum(RESOURCE_OUTCOMES).nullable(),
  min_score: z.number().int().min(1).max(5),
  verified: z.boolean(),
  version: z.string().nullable(),
  since: z.string().nullable(),
  until: z.string().nullable(),
});
export type ResourceSort = (typeof RESOURCE_SORTS)[number];

// ---- Responses (the DTO types are inferred; lib/openapi documents these same schemas).

export type { ContentLinkDto } from "../contents/schema";

export const resourceDto = resourceAggregateDto.extend({
  first_seen: z.string(),
  last_seen: z.string(),
  description: z.string().describe("one line on what the resource is: a maintainer's, or else what its reports were used for"),
  experiences: z.array(experienceDto).describe("one page of the reports passing `filters`, in `sort` order"),
  filters: resourceFiltersDto.describe("the filters applied to `experiences` (null or false: none)"),
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
  /** The maintainer's one-line description ("" when none: the public page derives one). */
  description: string;
  status_counts: Record<string, number>;
  /** Every status, newest first, at most 200. */
  experiences: AdminExperienceDto[];
};

// A maintainer's one-line description: plain text, shown on the resource's page and in its JSON.
export const describeResourceInput = z.strictObject({
  name: resourceName("name"),
  description: z
    .string({ error: "description must be a string" })
    .transform((s) => s.normalize("NFC").replace(/\s+/g, " ").trim())
    .pipe(z.string().max(200, { error: "description must be at most 200 characters (one line)" })),
  reason,
});

export type DescribeResourceInput = { name: string; description: string; reason: string };

// ---- The console's list of resources (/admin/resources). ----

export const listConsoleResourcesInput = z.object({
  q: z
    .string()
    .transform((s) => s.normalize("NFKC").trim().replace(/\s+/g, " ").toLowerCase())
    .pipe(z.string().max(200, { error: "q must be at most 200 characters" }))
    .optional(),
  held: z.enum(["1"], { error: "held must be 1" }).optional(),
  after: z.string().max(400, { error: "after must be a resource key of at most 400 characters" }).optional(),
  limit: intParam("limit", 1, 100, 50),
});
export type ListConsoleResourcesInput = z.input<typeof listConsoleResourcesInput>;

export type ConsoleResourceDto = {
  name: string;
  category: string;
  description: string;
  /** Published reports (what the public page counts). */
  experience_count: number;
  /** Reports held for review (pending). */
  held: number;
  /** A maintainer pinned its url or category. */
  pinned: boolean;
  last_seen: string;
};

export type ConsoleResourcesDto = {
  q: string;
  held_only: boolean;
  resources: ConsoleResourceDto[];
  /** Pass back as `after` for the next page; null on the last. */
  next_after: string | null;
};
