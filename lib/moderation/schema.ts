import { z } from "zod";
import { findingsDto, keyRefDto } from "../text/provenance-schema";
import { keyDto } from "../keys/schema";
import { freshnessDto } from "../experiences/schema";
import { intParam } from "../validation";

export const ITEM_STATUSES = ["published", "pending", "rejected", "hidden"] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];
// "flag": an agent's unsafe or spam flag on a published experience (lib/verdicts). Its status reads
// as the queue's: pending until decided; approve upholds it (the experience is hidden), reject
// dismisses it (it stops counting and its key's later flags weigh less): "published" and "rejected".
export const ITEM_TYPES = ["experience", "content_revision", "flag"] as const;
export type ItemType = (typeof ITEM_TYPES)[number];
export const DECISION_ACTIONS = ["approve", "reject", "hide", "restore"] as const;
export type DecisionAction = (typeof DECISION_ACTIONS)[number];

/** What each action does: from which statuses, to which. */
export const TRANSITIONS: Record<DecisionAction, { from: readonly ItemStatus[]; to: ItemStatus }> = {
  approve: { from: ["pending"], to: "published" },
  reject: { from: ["pending"], to: "rejected" },
  hide: { from: ["published"], to: "hidden" },
  restore: { from: ["hidden", "rejected"], to: "published" },
};

/** The decisions that apply to an item in `status` (approve and reject to pending ones, ...). */
export function actionsFor(status: ItemStatus): DecisionAction[] {
  return DECISION_ACTIONS.filter((action) => TRANSITIONS[action].from.includes(status));
}

const reason = z
  .string({ error: (i) => (i.input === undefined ? "reason is required: say why, for the audit log" : "reason must be a string") })
  .transform((s) => s.normalize("NFC").trim())
  .pipe(z.string().min(1, { error: "reason is required: say why, for the audit log" }).max(1000, { error: "reason must be at most 1000 characters" }));

/** An item id: an experience's number, "<content id>@<revision>" for a content revision, "<experience id>/<key id>" for a flag. */
const itemId = z.union([z.number().int().positive(), z.string().min(1).max(420)], { error: "id must be an experience id, content_id@revision or experience_id/key_id" });

export const decisionInput = z.strictObject({
  type: z.enum(ITEM_TYPES, { error: "type must be experience, content_revision or flag" }),
  id: itemId,
  action: z.enum(DECISION_ACTIONS, {
    error: (i) => (i.input === undefined || i.input === "" ? "action is required: choose approve, reject, hide or restore" : "action must be approve, reject, hide or restore"),
  }),
  reason,
});
export type DecisionInput = z.output<typeof decisionInput>;

export const bulkDecisionInput = z
  .strictObject({
    // Floods are rejected or hidden in bulk; approval is always one item at a time, by a person.
    action: z.enum(["reject", "hide"], { error: "bulk action must be reject or hide (approval is one item at a time)" }),
    reason,
    key_id: z.string().regex(/^key_[0-9a-f]{16}$/, { error: "key_id must look like key_0123456789abcdef" }).optional(),
    items: z.array(z.strictObject({ type: z.enum(ITEM_TYPES), id: itemId })).min(1).max(500).optional(),
  })
  .refine((v) => (v.key_id === undefined) !== (v.items === undefined), { error: "give either key_id or items, not both" });
export type BulkDecisionInput = z.output<typeof bulkDecisionInput>;

export const revokeKeyInput = z.strictObject({
  key_id: z.string().regex(/^key_[0-9a-f]{16}$/, { error: "key_id must look like key_0123456789abcdef" }),
  hide_all: z.boolean({ error: "hide_all must be true or false" }).default(false),
  reason,
});
export type RevokeKeyInput = z.output<typeof revokeKeyInput>;

// The queue's order: oldest first serves held items in the order they came (a queue); newest first
// shows what just arrived. Pending items default to oldest first, every other status to newest.
export const QUEUE_ORDERS = ["oldest", "newest"] as const;
export type QueueOrder = (typeof QUEUE_ORDERS)[number];

export const queueInput = z.strictObject({
  status: z.enum([...ITEM_STATUSES, "all"], { error: "status must be pending, published, rejected, hidden or all" }).default("pending"),
  type: z.enum([...ITEM_TYPES, "all"], { error: "type must be experience, content_revision, flag or all" }).default("all"),
  finding: z.string().max(40).optional(),
  resource: z.string().max(200).optional(),
  key_id: z.string().max(40).optional(),
  order: z.enum(QUEUE_ORDERS, { error: "order must be oldest or newest" }).optional().describe("oldest first (the default for pending) or newest first (the default otherwise)"),
  limit: intParam("limit", 1, 100, 50),
  cursor: z.string().max(800).optional(),
});
export type QueueInput = z.output<typeof queueInput>;

/** The order a queue request asked for, or its status's default. */
export function queueOrderOf(input: Pick<QueueInput, "order" | "status">): QueueOrder {
  return input.order ?? (input.status === "pending" ? "oldest" : "newest");
}

// ---- Responses (the DTO types are inferred; lib/openapi documents these same schemas).

export const provenanceView = z.object({
  submitted_by: z.string(),
  verified: z.boolean(),
  key: keyRefDto.nullable(),
});
export type ProvenanceView = z.output<typeof provenanceView>;

export const queueItemDto = z.object({
  type: z.enum(ITEM_TYPES),
  id: z.union([z.number().int(), z.string()]).describe("an experience id, content_id@revision, or experience_id/key_id for a flag"),
  status: z.enum(ITEM_STATUSES),
  status_reason: z.string(),
  findings: findingsDto,
  text: z
    .record(z.string(), z.string())
    .describe("the submitted text, field by field (experience: task, outcome, tips; revision: title, body; flag: reason, detail, and the flagged experience's task, outcome and tips)"),
  flag: z
    .object({
      experience_id: z.number().int(),
      reason: z.string(),
      key_upheld_share: z.number().nullable().describe("the flagger's upheld flags / decided flags, null while none was decided"),
      key_reliability: z.number().describe("the weight its flags carry: (upheld + 2) / (decided + 2), at most 1"),
    })
    .optional()
    .describe("for a flag: the experience it is on and its flagger's record"),
  resource: z.object({ name: z.string() }).nullable(),
  content: z.object({ id: z.string(), revision: z.number().int() }).nullable(),
  score: z.number().int().nullable(),
  provenance: provenanceView,
  created_at: z.string(),
});
export type QueueItemDto = z.output<typeof queueItemDto>;

const statusCounts = z.object(Object.fromEntries(ITEM_STATUSES.map((s) => [s, z.number().int().min(0)])) as Record<ItemStatus, z.ZodNumber>);

export const queueDto = z.object({ items: z.array(queueItemDto), next_cursor: z.string().nullable(), counts: statusCounts });
export type QueueDto = z.output<typeof queueDto>;

export const decisionResultDto = z.object({
  type: z.enum(ITEM_TYPES),
  id: z.union([z.number().int(), z.string()]),
  action: z.enum(DECISION_ACTIONS),
  status: z.enum(ITEM_STATUSES),
  previous_status: z.enum(ITEM_STATUSES),
});
export type DecisionResultDto = z.output<typeof decisionResultDto>;

export const bulkDecisionResultDto = z.object({ changed: z.number().int().min(0), results: z.array(decisionResultDto) });

export const revokeKeyResultDto = z.object({
  key: keyDto,
  hidden: z.number().int().min(0).describe("published items taken down (hide_all)"),
  rejected: z.number().int().min(0).describe("pending items rejected (hide_all)"),
});

// An experience as the insights list it: enough to recognise it and open it (its resource page anchors #experience-{id}).
const insightExperience = z.object({
  experience_id: z.number().int(),
  name: z.string().describe("its resource's name"),
  task: z.string(),
  confirmations: z.number().int().min(0),
  flags: z.record(z.string(), z.number().int().min(0)).describe("counted flags by reason"),
  confidence: z.number(),
  last_confirmed: z.string().nullable(),
  freshness: freshnessDto,
  superseded_by: z.number().int().nullable(),
});

export const insightsDto = z.object({
  days: z.number().int(),
  most_confirmed: z.array(insightExperience).describe("published reports with the most confirmations (distinct keys), all time"),
  most_flagged: z.object({
    by_reason: z
      .array(z.object({ reason: z.string(), count: z.number().int().min(0), pending: z.number().int().min(0) }))
      .describe("counted flags (active or pending) by reason; pending: unsafe and spam flags awaiting a maintainer"),
    pending: z.number().int().min(0).describe("flags awaiting a maintainer in the queue"),
    experiences: z.array(insightExperience.extend({ flag_count: z.number().int().min(0), pending: z.number().int().min(0), status: z.string() })),
  }),
  stale: z.object({
    count: z.number().int().min(0).describe("published reports stale now, for any reason (each once)"),
    by_reason: z.object({ version: z.number().int().min(0), flags: z.number().int().min(0), age: z.number().int().min(0) }),
    experiences: z.array(insightExperience).describe("the newest of them"),
  }),
  learned: z.object({
    active: z.number().int().min(0),
    lapsed: z.number().int().min(0),
    removed: z.number().int().min(0),
    links: z
      .array(
        z.object({
          id: z.number().int(),
          phrase: z.string(),
          name: z.string().describe("the linked resource's name"),
          keys: z.number().int().min(0),
          evidence_count: z.number().int().min(0),
          status: z.enum(["active", "lapsed", "removed"]),
          created_at: z.string(),
        }),
      )
      .describe("the newest learned links (GET /api/moderation/learned has them all, with their evidence)"),
  }),
  searches_ended_in_report: z.object({
    count: z.number().int().min(0).describe("distinct searches in the period that a report, confirmation or flag cited (after_search)"),
    searches: z.array(
      z.object({
        query: z.string(),
        confidence: z.string().describe("what that search answered: high, low or none"),
        source: z.enum(["report", "confirm", "flag"]),
        experience_id: z.number().int(),
        name: z.string(),
        task: z.string(),
        key_label: z.string(),
        at: z.string(),
      }),
    ),
  }),
  abstained_searches: z
    .array(z.object({ query: z.string(), count: z.number().int(), clients: z.number().int() }))
    .describe("searches that found no lead at all, most clients first; count: searches, clients: distinct keys or daily callers"),
  weak_lead_searches: z
    .array(z.object({ query: z.string(), count: z.number().int(), clients: z.number().int() }))
    .describe("searches that found only weak leads (confidence low), most clients first"),
  content_misses: z.array(z.object({ content_id: z.string(), count: z.number().int(), clients: z.number().int() })),
  keys: z.array(
    z.object({
      key_id: z.string(),
      label: z.string(),
      total: z.number().int(),
      flagged: z.number().int(),
      hidden_or_rejected: z.number().int(),
      flagged_share: z.number(),
      removed_share: z.number(),
    }),
  ),
});

export type InsightsDto = z.output<typeof insightsDto>;

export const insightsInput = z.strictObject({ days: intParam("days", 1, 365, 30) });
export type InsightsInput = z.output<typeof insightsInput>;
