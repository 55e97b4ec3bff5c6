// A new resource name or content id that looks like an existing one is published only by a person:
// the writer's confirmation ("it is a different one") is what an impersonator would send too. The
// submission is stored pending like any held one (hold-for-review.ts), with a finding that says
// what it imitates, and a maintainer approves it, rejects it, or merges it into the real one.

/** The finding kind of a held lookalike name, beside screening's kinds (screening-rules.ts). */
export const LOOKALIKE_FINDING_KIND = "lookalike_name";

export type HoldLike = { reason: string; findings: unknown[] };

export type LookalikeFinding = {
  kind: typeof LOOKALIKE_FINDING_KIND;
  /** The field holding the name: "name" (a report) or "id" (a content node). */
  field: string;
  start: number;
  end: number;
  /** The submitted name itself. */
  excerpt: string;
  /** "name.lookalike" (same skeleton) or "name.qualified" (an existing name plus a qualifier such as "(fork)"). */
  rule: "name.lookalike" | "name.qualified";
  /** What it looks like: the existing resource's name or the existing content id. */
  existing: string;
  /** The existing resource's key; for a content node, its id again. */
  existing_key: string;
};

/**
 * `hold` (screening's, or null) with the lookalike finding added: one held submission, one reason
 * naming everything that held it.
 */
export function addLookalikeHold(
  hold: HoldLike | null,
  lookalike: { field: string; name: string; existing: string; existingKey: string; qualified: boolean; what: "resource" | "content" },
): HoldLike {
  const finding: LookalikeFinding = {
    kind: LOOKALIKE_FINDING_KIND,
    field: lookalike.field,
    start: 0,
    end: lookalike.name.length,
    excerpt: lookalike.name,
    rule: lookalike.qualified ? "name.qualified" : "name.lookalike",
    existing: lookalike.existing,
    existing_key: lookalike.existingKey,
  };
  const clause = `the ${lookalike.field} "${lookalike.name}" looks like the existing ${lookalike.what} "${lookalike.existing}"; a maintainer decides whether it is a different one`;
  return {
    reason: hold ? `${hold.reason}; and ${clause}` : `held for review: ${clause}`,
    findings: [...(hold?.findings ?? []), finding],
  };
}
