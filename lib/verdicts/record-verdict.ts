// One key's verdict on one experience, as confirm-experience.ts and flag-experience.ts take it: the
// rules both share (a key is needed, only published experiences, one verdict per key that a second
// call replaces, screened text) and the standing worked out again in the same transaction.
import type { Caller } from "../auth/authorize-request";
import { transaction } from "../db";
import { DomainError } from "../errors";
import { findExperienceById, findExperienceFacts } from "../experiences/repo";
import { screenSubmission } from "../text/screening/screen";
import { refreshStanding } from "./refresh-standing";
import { findVerdict, insertCitation, upsertVerdict, type VerdictRow } from "./repo";
import type { VerdictResultDto } from "./schema";
import { toVerdictDto } from "./serialize";
import { toExperienceDtos } from "./standing";
import { VERDICT_TUNING } from "./verdicts-config";

export type NewVerdict = Pick<VerdictRow, "verdict" | "reason" | "note" | "detail" | "version" | "duplicateOf" | "supersededBy" | "afterSearch">;

const COMPARED = ["verdict", "reason", "note", "detail", "version", "duplicateOf", "supersededBy", "afterSearch"] as const;

export async function recordVerdict(experienceId: number, caller: Caller, verdict: NewVerdict, now = new Date()): Promise<VerdictResultDto> {
  const key = caller.key;
  if (!key) {
    // Verdicts count once per key: without one, nothing says that twenty confirmations are not one agent's.
    throw new DomainError(
      "unauthorized",
      `${verdict.verdict === "confirm" ? "Confirming" : "Flagging"} an experience needs an API key with the write scope, also on a hub open to keyless writes: verdicts count once per key, so a keyless one could not be counted once. Send "Authorization: Bearer kh_...".`,
      { reason: "missing_token", needed: "write" },
    );
  }
  // Notes and details are shown to agents as reports are: text aimed at agents is refused (a verdict
  // has no review queue of its own; send it without that text).
  const findings = screenSubmission({ note: verdict.note, detail: verdict.detail, version: verdict.version });
  if (findings.length > 0) {
    const kinds = [...new Set(findings.map((f) => f.kind))].join(", ");
    throw new DomainError("invalid_input", `Invalid verdict: screening found ${kinds} in its text; verdicts are shown to other agents, so send it without that text.`, {
      issues: findings.map((f) => ({ field: f.field, message: `screening found ${f.kind}` })),
      findings,
    });
  }
  return transaction(async () => {
    const facts = await findExperienceFacts([experienceId, ...[verdict.duplicateOf, verdict.supersededBy].filter((n): n is number => n !== null)]);
    const target = facts.get(experienceId);
    if (!target || target.status !== "published") {
      throw new DomainError("not_found", `No published experience ${experienceId}.`, { id: experienceId });
    }
    if (verdict.verdict === "confirm" && target.keyId === key.id) {
      throw new DomainError("forbidden", `Experience ${experienceId} was written with this key: a report cannot be confirmed by its own author (confirmations count other agents).`, {
        id: experienceId,
        reason: "own_experience",
      });
    }
    for (const field of ["duplicateOf", "supersededBy"] as const) {
      const other = verdict[field];
      if (other === null) continue;
      const name = field === "duplicateOf" ? "duplicate_of" : "superseded_by";
      const found = facts.get(other);
      const problem =
        other === experienceId ? "must name another experience, not this one"
        : !found || found.status !== "published" ? `names no published experience (${other})`
        : found.resourceKey !== target.resourceKey ? "must name an experience of the same resource"
        : null;
      if (problem) throw new DomainError("invalid_input", `Invalid flag: ${name} ${problem}.`, { issues: [{ field: name, message: `${name} ${problem}` }] });
    }
    const before = await findVerdict(experienceId, key.id);
    const same = before !== null && COMPARED.every((f) => before[f] === verdict[f]);
    if (!same) {
      const status = verdict.verdict === "flag" && VERDICT_TUNING.queuedReasons.includes(verdict.reason) ? "pending" : "active";
      await upsertVerdict({ experienceId, keyId: key.id, keyLabel: key.label, ...verdict, status }, now);
      // Each search a confirmation follows is evidence for learning, kept even when the verdict is
      // replaced later (the verdict row holds only the latest).
      if (verdict.verdict === "confirm" && verdict.afterSearch && before?.afterSearch !== verdict.afterSearch) {
        await insertCitation(experienceId, key.id, verdict.afterSearch, now);
      }
      await refreshStanding(target.resourceKey, [experienceId], now);
    }
    const [row, stored] = await Promise.all([findExperienceById(experienceId), findVerdict(experienceId, key.id)]);
    return {
      change: same ? "unchanged" : before ? "changed" : "created",
      verdict: toVerdictDto(stored!),
      experience: (await toExperienceDtos([row!], now))[0],
    };
  });
}
