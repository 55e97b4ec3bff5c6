// Whether a new submission waits for a maintainer: always when screening finds text aimed at agents
// rather than describing an experience (whatever the mode: never silently dropped or rewritten,
// only held), and in `pre` mode for every writer but trusted and moderate keys.
import type { KeyIdentity } from "../keys/schema";
import { readModerationMode } from "./moderation-config";
import { screenSubmission, type Finding } from "../text/screening/screen";

export type Hold = { reason: string; findings: Finding[] };

/** What screening alone says of these fields (every stored text of the submission): a hold, or null. */
export function screeningHold(fields: Record<string, string>): Hold | null {
  const findings = screenSubmission(fields);
  if (findings.length === 0) return null;
  const kinds = [...new Set(findings.map((f) => f.kind))].join(", ");
  return { reason: `held for review: screening found ${kinds}`, findings };
}

export function holdForReview(fields: Record<string, string>, key: KeyIdentity | null): Hold | null {
  const screened = screeningHold(fields);
  if (screened) return screened;
  if (readModerationMode() === "pre" && !(key && (key.trusted || key.scope === "moderate"))) {
    return { reason: "this hub reviews new submissions before they are published", findings: [] };
  }
  return null;
}
