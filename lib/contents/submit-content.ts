import { DomainError } from "../errors";
import type { ProvenanceColumns } from "../keys/provenance";
import { NO_KEY } from "../keys/provenance";
import { contentHash } from "./content-hash";
import { parentOf, rootOf } from "./content-id";
import {
  findContent,
  findLockedAncestor,
  findRevision,
  inWriteTransaction,
  PUBLISHED_STATE,
  writeContentNode,
  type NodeWrite,
  type RevisionState,
} from "./repo";
import type { SubmitContentInput, SubmitContentResultDto } from "./schema";
import { toPendingResultDto, toSubmitResultDto } from "./serialize";

export type SubmitContentOptions = {
  /**
   * Hold the revision for a maintainer (screening findings, pre-moderation): it is stored `pending`
   * with why, and the node keeps showing its visible revision (a new node stays absent) until approved.
   */
  hold?: { reason: string; findings: unknown[] } | null;
  /** "moderator" (a moderate key) may revise a locked node and add nodes under it; anyone else is refused. */
  canRevise?: "any" | "moderator";
};

/**
 * Writes a revision of a node as `provenance`'s key (or as nobody in particular, open mode). A
 * revision is numbered after every revision ever submitted (latest_revision + 1), whatever their
 * status; a submission identical to the visible revision writes nothing ("unchanged").
 */
export function submitContent(
  input: SubmitContentInput,
  provenance: ProvenanceColumns = NO_KEY,
  options: SubmitContentOptions = {},
  now = new Date(),
): SubmitContentResultDto {
  const node: NodeWrite = {
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
  };
  const hold = options.hold ?? null;
  return inWriteTransaction(() => {
    const current = findContent(node.id);
    if (current && Number(current.locked) && options.canRevise !== "moderator") {
      throw new DomainError("forbidden", `Content "${node.id}" is locked: only maintainers (moderate keys) may revise it.`, {
        id: node.id,
        locked: true,
      });
    }
    // A new page under a locked one would show in its children and its tree: locking a page under
    // vandalism must also stop new pages from appearing under it. Pages already there stay editable.
    if ((!current || current.revision === 0) && options.canRevise !== "moderator") {
      const locked = findLockedAncestor(node.id);
      if (locked) {
        throw new DomainError("forbidden", `Content "${locked}" is locked: only maintainers (moderate keys) may add pages under it.`, {
          id: node.id,
          locked_id: locked,
          locked: true,
        });
      }
    }
    if (current && current.revision > 0 && sameText(current, node)) return toSubmitResultDto("unchanged", current);
    if (hold && current) {
      // An agent retrying a held submission (it got 202 and tried again) must not queue copies of it.
      const last = findRevision(node.id, current.latestRevision);
      if (last && last.status === "pending" && last.keyId === node.keyId && sameText(last, node)) {
        return toPendingResultDto(current, last);
      }
    }
    const state: RevisionState = hold
      ? { status: "pending", findings: JSON.stringify(hold.findings), statusReason: hold.reason }
      : PUBLISHED_STATE;
    const revision = writeContentNode(node, state, current);
    const written = findContent(node.id)!;
    if (hold) return toPendingResultDto(written, findRevision(node.id, revision)!);
    // "created" when the page did not exist for the public before (a new node, or one whose earlier
    // revisions were all held, rejected or hidden).
    return toSubmitResultDto(current && current.revision > 0 ? "updated" : "created", written);
  });
}

function sameText(a: { contentHash: string; title: string; sortOrder: number }, b: NodeWrite): boolean {
  return a.contentHash === b.contentHash && a.title === b.title && Number(a.sortOrder) === b.sortOrder;
}
