import { transaction } from "../db";
import { DomainError } from "../errors";
import type { ProvenanceColumns } from "../keys/provenance";
import { NO_KEY } from "../keys/provenance";
import { addLookalikeHold } from "../text/lookalike-hold";
import { contentHash } from "./content-hash";
import { contentIdSkeleton } from "./content-id-skeleton";
import { findLookalikeContent, type ContentIdMatch } from "./find-lookalike-content";
import { indexContentNode } from "./index-content";
import { parentOf, rootOf } from "./content-id";
import {
  findContent,
  findLockedAncestor,
  findRevision,
  PUBLISHED_STATE,
  setContentSkeletons,
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
export async function submitContent(
  input: SubmitContentInput,
  provenance: ProvenanceColumns = NO_KEY,
  options: SubmitContentOptions = {},
  now = new Date(),
): Promise<SubmitContentResultDto> {
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
  return transaction(async () => {
    let hold = options.hold ?? null;
    const current = await findContent(node.id);
    if (current && Number(current.locked) && options.canRevise !== "moderator") {
      throw new DomainError("forbidden", `Content "${node.id}" is locked: only maintainers (moderate keys) may revise it.`, {
        id: node.id,
        locked: true,
      });
    }
    // A new page under a locked one would show in its children and its tree: locking a page under
    // vandalism must also stop new pages from appearing under it. Pages already there stay editable.
    if ((!current || current.revision === 0) && options.canRevise !== "moderator") {
      const locked = await findLockedAncestor(node.id);
      if (locked) {
        throw new DomainError("forbidden", `Content "${locked}" is locked: only maintainers (moderate keys) may add pages under it.`, {
          id: node.id,
          locked_id: locked,
          locked: true,
        });
      }
    }
    if (!current || current.revision === 0) {
      // A node nobody can see yet (new, or all its revisions held): is its id a twin of a visible one?
      const lookalike = await findLookalikeContent(node.id);
      if (lookalike) {
        if (!input.confirm_new_content) refuseLookalike(node.id, lookalike);
        hold = addLookalikeHold(hold, {
          field: "id",
          name: node.id,
          existing: lookalike.id,
          existingKey: lookalike.id,
          qualified: lookalike.qualified,
          what: "content",
        });
      }
    }
    if (current && current.revision > 0 && sameText(current, node)) return toSubmitResultDto("unchanged", current);
    if (hold && current) {
      // An agent retrying a held submission (it got 202 and tried again) must not queue copies of it.
      const last = await findRevision(node.id, current.latestRevision);
      if (last && last.status === "pending" && last.keyId === node.keyId && sameText(last, node)) {
        return toPendingResultDto(current, last);
      }
    }
    const state: RevisionState = hold
      ? { status: "pending", findings: JSON.stringify(hold.findings), statusReason: hold.reason }
      : PUBLISHED_STATE;
    const revision = await writeContentNode(node, state, current);
    if (!current) await setContentSkeletons([{ id: node.id, skeleton: contentIdSkeleton(node.id) }]);
    // Published: search finds the new text (and no longer the old) from the commit on.
    if (!hold) await indexContentNode(node.id);
    const written = (await findContent(node.id))!;
    if (hold) return toPendingResultDto(written, (await findRevision(node.id, revision))!);
    // "created" when the page did not exist for the public before (a new node, or one whose earlier
    // revisions were all held, rejected or hidden).
    return toSubmitResultDto(current && current.revision > 0 ? "updated" : "created", written);
  });
}

/** A new id that looks like a visible node's is not created unless the caller confirms, and then only held. */
function refuseLookalike(id: string, match: ContentIdMatch): never {
  const variant = match.qualified ? "a variant of the existing content" : "the existing content";
  throw new DomainError(
    "conflict",
    `"${id}" looks like ${variant} "${match.id}". To change that page, send it under "${match.id}"; if "${id}" is a ` +
      `different page, send it again with "confirm_new_content": true; it is then held for a maintainer's review before it is published.`,
    { id, existing: match.id, skeleton: contentIdSkeleton(id), confirm_field: "confirm_new_content" },
  );
}

function sameText(a: { contentHash: string; title: string; sortOrder: number }, b: NodeWrite): boolean {
  return a.contentHash === b.contentHash && a.title === b.title && Number(a.sortOrder) === b.sortOrder;
}
