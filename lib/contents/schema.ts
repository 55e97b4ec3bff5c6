import { z } from "zod";
import { intParam } from "../validation";
import { hygienic, secretProblem, type TextKind } from "../text/hygiene";
import { contentIdProblem } from "./content-id";
import { heldForReviewDto, keyRefDto } from "../text/provenance-schema";

export const MAX_BODY_BYTES = 200 * 1024;

const contentId = z
  .string({ error: (i) => (i.input === undefined ? "id is required" : "id must be a string") })
  .superRefine((value, ctx) => {
    const problem = contentIdProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: `id ${problem}` });
  });

// `kind` says what the field may contain (lib/text/hygiene.ts): submitted_by is shown as an identity.
// Missing or null means empty; nullish-then-default (not a preprocess) so that the emitted JSON
// Schema (OpenAPI) shows the field as optional and nullable.
const optionalText = (field: string, max: number, kind: TextKind) =>
  z
    .string({ error: `${field} must be a string` })
    .nullish()
    .transform((v) => v ?? "")
    .transform(hygienic(kind, field))
    .transform((s) => s.normalize("NFC").trim())
    .pipe(z.string().max(max, { error: `${field} must be at most ${max} characters` }));

export const submitContentInput = z.strictObject({
  id: contentId.superRefine((value, ctx) => {
    const problem = secretProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: `id ${problem}` });
  }),
  title: optionalText("title", 300, "free"),
  body: z
    .string({ error: (i) => (i.input === undefined ? "body is required" : "body must be a string of markdown") })
    // CRLF is stored as LF, so a body sent from Windows hashes like the same body sent from elsewhere.
    .transform(hygienic("free", "body"))
    .refine((s) => s.trim().length > 0, { error: "body must not be empty" })
    .refine((s) => Buffer.byteLength(s, "utf8") <= MAX_BODY_BYTES, {
      error: `body must be at most ${MAX_BODY_BYTES / 1024} KB of UTF-8`,
    }),
  sort_order: z
    .number({ error: "sort_order must be a number" })
    .int({ error: "sort_order must be a whole number" })
    .min(-1_000_000_000, { error: "sort_order is out of range" })
    .max(1_000_000_000, { error: "sort_order is out of range" })
    .nullish()
    .transform((v) => v ?? 0),
  submitted_by: optionalText("submitted_by", 200, "name"),
  // A new id that looks like an existing node's is refused (409) unless the caller says it is a
  // different node; it is then held for review. Not part of the text: it says how to store it.
  confirm_new_content: z.boolean({ error: "confirm_new_content must be true or false" }).default(false),
});

export type SubmitContentInput = z.output<typeof submitContentInput>;

export const getContentInput = z.object({
  id: contentId,
  revision: z
    .string()
    .optional()
    .transform((s, ctx) => {
      if (s === undefined || s === "") return null;
      const n = Number(s);
      if (!Number.isInteger(n) || n < 1) {
        ctx.addIssue({ code: "custom", message: "revision must be a whole number from 1" });
        return z.NEVER;
      }
      return n;
    }),
  history: z
    .enum(["1", "true", "0", "false", ""], { error: "history must be 1 or 0" })
    .optional()
    .transform((v) => v === "1" || v === "true"),
});

export type GetContentInput = z.output<typeof getContentInput>;

// ---- Responses (the DTO types are inferred; lib/openapi documents these same schemas).

export const contentLinkDto = z.object({ id: z.string(), title: z.string() });
export type ContentLinkDto = z.output<typeof contentLinkDto>;

export const contentDto = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string().describe("markdown"),
  sort_order: z.number().int(),
  revision: z.number().int().describe("the revision shown"),
  latest_revision: z.number().int(),
  content_hash: z.string(),
  submitted_by: z.string().describe("the writer's claim"),
  verified: z.boolean().describe("true when an API key wrote this revision; `key` names it"),
  key: keyRefDto.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  toc: contentLinkDto.nullable().describe("the root of this node's tree"),
  parent: contentLinkDto.nullable().describe("the node one level up; null for a root or when that node has no visible revision"),
  children: z
    .array(contentLinkDto)
    .describe("the pages directly under it in (sort_order, id) order; a page whose parent has no visible revision is listed under its nearest visible ancestor"),
  prev: contentLinkDto
    .nullable()
    .describe("the page before this one in reading order (depth-first over the root's tree: a page, its children, then its next sibling); null for the root"),
  next: contentLinkDto
    .nullable()
    .describe("the page after this one in reading order: its first child, else its next sibling, else the next section; null for the last page"),
});
export type ContentDto = z.output<typeof contentDto>;

export const contentRevisionDto = z.object({
  revision: z.number().int(),
  content_hash: z.string(),
  title: z.string(),
  submitted_by: z.string(),
  verified: z.boolean(),
  key: keyRefDto.nullable(),
  created_at: z.string(),
});
export type ContentRevisionDto = z.output<typeof contentRevisionDto>;

export const contentHistoryDto = z.object({ id: z.string(), latest_revision: z.number().int(), revisions: z.array(contentRevisionDto) });
export type ContentHistoryDto = z.output<typeof contentHistoryDto>;

/** GET /api/content/{id}: the node, or with history=1 its revisions. */
export const contentAnswerDto = z.union([contentDto, contentHistoryDto]);

export const submitContentResultDto = z.object({
  status: z
    .enum(["created", "updated", "unchanged", "pending"])
    .describe("pending: stored, but held for a maintainer; the node still shows its visible revision (the API answers 202)"),
  id: z.string(),
  title: z.string().describe("the submitted revision's title (for unchanged, the visible revision's)"),
  revision: z.number().int(),
  content_hash: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  moderation: heldForReviewDto.optional().describe("present when the revision is held for review: why, and what screening found"),
});
export type SubmitContentResultDto = z.output<typeof submitContentResultDto>;

export type RevisionStatusDto = "published" | "pending" | "rejected" | "hidden";

/** One revision as maintainers see it: every status, with the screening findings and the reason for its status. */
export type ContentAdminRevisionDto = {
  revision: number;
  status: RevisionStatusDto;
  status_reason: string;
  findings: unknown[];
  title: string;
  body: string;
  sort_order: number;
  content_hash: string;
  submitted_by: string;
  verified: boolean;
  key: { id: string; label: string } | null;
  created_at: string;
};

export type ContentAdminDto = {
  id: string;
  /** The visible revision's title ("" while none is visible). */
  title: string;
  locked: boolean;
  /** The latest published revision, shown to the public; 0 when none (the node is then absent for the public). */
  visible_revision: number;
  /** The highest revision number ever submitted, whatever its status. */
  latest_revision: number;
  created_at: string;
  updated_at: string;
  revisions: ContentAdminRevisionDto[];
};

export type DecideRevisionResultDto = {
  type: "content_revision";
  id: string;
  revision: number;
  status: string;
  visible_revision: number;
};

// ---- The console's list of content nodes (/admin/content). ----

export const CONSOLE_CONTENT_STATUSES = ["all", "locked", "held"] as const;

export const listConsoleContentsInput = z.object({
  q: z
    .string()
    .transform((s) => s.normalize("NFC").trim())
    .pipe(z.string().max(400, { error: "q must be at most 400 characters" }))
    .optional(),
  root: z.string().max(400, { error: "root must be at most 400 characters" }).optional(),
  status: z.enum(CONSOLE_CONTENT_STATUSES, { error: "status must be all, locked or held" }).default("all"),
  after: z.string().max(400, { error: "after must be a content id of at most 400 characters" }).optional(),
  limit: intParam("limit", 1, 100, 50),
});
export type ListConsoleContentsInput = z.input<typeof listConsoleContentsInput>;

export type ConsoleContentDto = {
  id: string;
  root_id: string;
  title: string;
  locked: boolean;
  /** The revision the public sees (0: none is published). */
  visible_revision: number;
  latest_revision: number;
  /** Revisions held for review (pending). */
  held: number;
  updated_at: string;
};

export type ConsoleContentsDto = {
  q: string;
  root: string;
  status: (typeof CONSOLE_CONTENT_STATUSES)[number];
  contents: ConsoleContentDto[];
  /** Pass back as `after` for the next page; null on the last. */
  next_after: string | null;
};
