import { createHash } from "node:crypto";
import { normalizeText } from "../text/analyze";
import type { CreateExperienceInput } from "./schema";
import { resourceKey } from "../text/resource-key";

/**
 * sha256 of the normalized submission: the same report sent twice (a retry, a re-run agent) hashes
 * the same however its spacing or letter case differs, so it is stored once.
 */
export function submissionHash(input: CreateExperienceInput, keyId = ""): string {
  const canonical = [
    resourceKey(input.name),
    input.url,
    input.category,
    normalizeText(input.task),
    input.score,
    normalizeText(input.outcome),
    normalizeText(input.tips),
    input.content_id,
    input.submitted_by,
    // Two keys' identical reports are two reporters; one key's retry is one. Without a key the
    // list stays as it always was, so hashes stored before keys existed still match.
    ...(keyId ? [keyId] : []),
    // The version used (#21): appended only when given, so that hashes stored before it still match.
    ...(input.version ? [`version:${input.version}`] : []),
  ];
  return createHash("sha256").update(JSON.stringify(canonical)).digest("hex");
}
