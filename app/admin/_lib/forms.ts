// Form fields (strings, a checkbox list) into the inputs of the lib functions. Each schema reads
// only its own fields (the csrf and back fields are the transport's) and pipes into the domain's
// own schema, so the domain's rules and messages apply unchanged.
import { z } from "zod";
import { removeLinkInput } from "@/lib/learning/schema";
import { bulkDecisionInput, decisionInput, queueInput, revokeKeyInput } from "@/lib/moderation/schema";
import { QUEUE_PARAMS } from "./queue-query";

/** A form field: absent means "", a file is refused. */
const text = z.preprocess((v) => (v === null || v === undefined ? "" : v), z.string({ error: "expected text" }));
const optionalText = z.preprocess((v) => (v === null || v === undefined || v === "" ? undefined : v), z.string({ error: "expected text" }).optional());

/** An experience's id is a number; a content revision's is "content_id@revision". */
function itemId(type: string, id: string): string | number {
  return type === "experience" && /^\d{1,15}$/.test(id) ? Number(id) : id;
}

export function formRecord(form: FormData, lists: readonly string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of form.entries()) {
    if (lists.includes(name)) (out[name] = (out[name] as unknown[] | undefined) ?? []).push(value);
    else if (!(name in out)) out[name] = value;
  }
  return out;
}

/**
 * The reason as a form gives it: a canned reason chosen in the `reason` list, or "other" and the
 * maintainer's own words in `reason_other` (a plain `reason` text field works too).
 */
function chosenReason(reason: string, other: string): string {
  return reason === "other" ? other : reason;
}

export const decisionForm = z
  .object({ type: text, id: text, action: optionalText, reason: text, reason_other: text })
  .transform(({ reason_other, ...v }) => ({ ...v, id: itemId(v.type, v.id), reason: chosenReason(v.reason, reason_other) }))
  .pipe(decisionInput);

/** The queue a decision was made from (its filters and order, in `queue_*` fields): where to go next. */
export const queueForm = z
  .record(z.string(), z.unknown())
  .transform((form) => {
    const out: Record<string, string> = {};
    for (const name of QUEUE_PARAMS) {
      const value = form[`queue_${name}`];
      if (typeof value === "string" && value !== "") out[name] = value;
    }
    return out;
  })
  .pipe(queueInput);

export const bulkForm = z
  .object({
    action: text,
    reason: text,
    reason_other: text,
    key_id: optionalText,
    // Checkbox values "experience:12", "content_revision:pymupdf/find-tables@3".
    item: z.array(z.string({ error: "expected text" })).optional(),
  })
  .transform(({ item, reason_other, ...rest }, ctx) => {
    rest.reason = chosenReason(rest.reason, reason_other);
    const items = item?.map((value) => {
      const colon = value.indexOf(":");
      const type = value.slice(0, colon);
      return { type, id: itemId(type, value.slice(colon + 1)) };
    });
    if (rest.key_id === undefined && (items === undefined || items.length === 0)) {
      ctx.addIssue({ code: "custom", path: ["items"], message: "select at least one item" });
      return z.NEVER;
    }
    return { ...rest, ...(items && items.length ? { items } : {}) };
  })
  .pipe(bulkDecisionInput);

export const removeLinkForm = z
  .object({ link_id: text, reason: text })
  .transform((v): z.input<typeof removeLinkInput> => ({ link_id: /^\d+$/.test(v.link_id) ? Number(v.link_id) : NaN, reason: v.reason }))
  .pipe(removeLinkInput);

export const revokeKeyForm = z
  .object({ key_id: text, hide_all: optionalText, reason: text })
  .transform((v): z.input<typeof revokeKeyInput> => ({ key_id: v.key_id, reason: v.reason, hide_all: v.hide_all === "on" || v.hide_all === "1" }))
  .pipe(revokeKeyInput);


// The content operations take their arguments as they are: the form is where a reason is
// required and bounded, with the same rule and message as the moderation schemas.
const reason = text
  .transform((s) => s.normalize("NFC").trim())
  .pipe(z.string().min(1, { error: "reason is required: say why, for the audit log" }).max(1000, { error: "reason must be at most 1000 characters" }));
const contentId = text.pipe(z.string().min(1, { error: "id is required" }).max(400, { error: "id must be at most 400 characters" }));
const revisionNumber = text.pipe(
  z
    .string()
    .regex(/^[1-9]\d{0,8}$/, { error: "revision must be a whole number from 1" })
    .transform(Number),
);

export const lockForm = z.object({
  id: contentId,
  locked: z.enum(["1", "0"], { error: "locked must be 1 or 0" }).transform((v) => v === "1"),
  reason,
});

export const revertForm = z.object({ id: contentId, revision: revisionNumber, reason });

export const revisionForm = z.object({
  id: contentId,
  revision: revisionNumber,
  action: z.enum(["approve", "reject", "hide", "restore"], { error: "action must be approve, reject, hide or restore" }),
  reason,
});

// A pin form names one field and says pin (the value) or unpin (null); the resource schema checks
// the value like a reporter's.
export const pinForm = z
  .object({
    name: text,
    field: z.enum(["url", "category"], { error: "field must be url or category" }),
    op: z.enum(["pin", "unpin"], { error: "op must be pin or unpin" }),
    value: text,
    reason: text,
  })
  .transform(({ name, field, op, value, reason }) => ({ name, reason, [field]: op === "pin" ? value : null }));

export const describeForm = z.object({ name: text, description: z.string().optional().default(""), reason: text });
export const renameForm = z.object({ name: text, new_name: text, reason: text });
export const mergeForm = z.object({ from: text, into: text, reason: text });
