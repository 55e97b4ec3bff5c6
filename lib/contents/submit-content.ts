import type { ProvenanceColumns } from "../keys/provenance";
import { NO_KEY } from "../keys/provenance";
import { contentHash } from "./content-hash";
import { parentOf, rootOf } from "./content-id";
import { writeContentNode } from "./repo";
import type { SubmitContentInput, SubmitContentResultDto } from "./schema";
import { toSubmitResultDto } from "./serialize";

/** Writes a node as `provenance`'s key (or as nobody in particular, open mode). */
export function submitContent(input: SubmitContentInput, provenance: ProvenanceColumns = NO_KEY, now = new Date()): SubmitContentResultDto {
  const { status, row } = writeContentNode({
    id: input.id,
    rootId: rootOf(input.id),
    parentId: parentOf(input.id),
    title: input.title,
    body: input.body,
    sortOrder: input.sort_order,
    contentHash: contentHash(input.body),
    submittedBy: input.submitted_by,
    ...provenance,
    at: now,
  });
  return toSubmitResultDto(status, row);
}
