import { contentHash } from "./content-hash";
import { parentOf, rootOf } from "./content-id";
import { writeContentNode } from "./repo";
import type { SubmitContentInput, SubmitContentResultDto } from "./schema";
import { toSubmitResultDto } from "./serialize";

export function submitContent(input: SubmitContentInput, now = new Date()): SubmitContentResultDto {
  const { status, row } = writeContentNode({
    id: input.id,
    rootId: rootOf(input.id),
    parentId: parentOf(input.id),
    title: input.title,
    body: input.body,
    sortOrder: input.sort_order,
    contentHash: contentHash(input.body),
    submittedBy: input.submitted_by,
    at: now,
  });
  return toSubmitResultDto(status, row);
}
