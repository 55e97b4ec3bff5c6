// The stored columns of an experience, computed one way for every writer (the API and import).
import { NO_KEY, type ProvenanceColumns } from "../keys/provenance";
import { indexText } from "../text/analyze";
import { nearSignatureColumn } from "../text/near-duplicate";
import { displayName, resourceKey } from "../text/resource-key";
import type { CreateExperienceInput } from "./schema";
import { submissionHash } from "./submission-hash";

export type ExperienceColumns = ProvenanceColumns & {
  name: string;
  resourceKey: string;
  url: string;
  category: string;
  task: string;
  score: number;
  outcome: string;
  tips: string;
  contentId: string;
  submittedBy: string;
  submissionHash: string;
  searchName: string;
  searchTask: string;
  searchTips: string;
  searchOutcome: string;
  /** The search_id the report cited ('' for none): read by lib/learning, never shown. */
  afterSearch: string;
  version: string;
  nearSignature: string;
};

/**
 * `index` must return exactly what indexText returns; it lets a bulk writer reuse the analysis of
 * texts (names above all) that repeat across many rows.
 */
export function experienceColumns(
  input: CreateExperienceInput,
  index: (text: string) => string = indexText,
  provenance: ProvenanceColumns = NO_KEY,
): ExperienceColumns {
  const name = displayName(input.name);
  const searchTask = index(input.task);
  const searchTips = index(input.tips);
  return {
    name,
    resourceKey: resourceKey(name),
    url: input.url,
    category: input.category,
    task: input.task,
    score: input.score,
    outcome: input.outcome,
    tips: input.tips,
    contentId: input.content_id,
    submittedBy: input.submitted_by,
    ...provenance,
    submissionHash: submissionHash(input, provenance.keyId),
    searchName: index(name),
    searchTask,
    searchTips,
    searchOutcome: index(input.outcome),
    afterSearch: input.after_search ?? "",
    version: input.version,
    nearSignature: nearSignatureColumn(searchTask, searchTips),
  };
}
