import { DomainError } from "../errors";
import { findExperienceItem, findRevisionItem, findVisibleRevision, listOtherExperiences } from "./repo";
import type { ItemType, QueueItemDto } from "./schema";
import { flagRecordViews } from "./flag-records";
import { findFlagItem } from "./repo";
import { experienceItemDto, flagItemDto, parseFlagRef, parseRevisionRef, revisionItemDto } from "./serialize";

const OTHERS = 20;

export type QueueItemDetailDto = QueueItemDto & {
  /** For comparison: the resource's other published reports, or the node's visible revision. */
  others: QueueItemDto[];
  visible_revision: { revision: number; title: string; body: string } | null;
};

export async function getQueueItem(type: ItemType, id: string | number): Promise<QueueItemDetailDto> {
  if (type === "experience") {
    const row = Number.isInteger(Number(id)) ? await findExperienceItem(Number(id)) : null;
    if (!row) throw new DomainError("not_found", `No experience ${id}.`, { type, id });
    return { ...experienceItemDto(row), others: (await listOtherExperiences(row.resourceKey, row.id, OTHERS)).map(experienceItemDto), visible_revision: null };
  }
  if (type === "flag") {
    const flagRef = parseFlagRef(id);
    const row = flagRef ? await findFlagItem(flagRef.experienceId, flagRef.keyId) : null;
    if (!flagRef || !row) throw new DomainError("not_found", `No unsafe or spam flag ${id} (use experience_id/key_id).`, { type, id });
    const flagged = await findExperienceItem(row.experienceId);
    const records = await flagRecordViews([row.keyId]);
    // For comparison: the flagged experience itself, as the queue shows an experience.
    return { ...flagItemDto(row, records.get(row.keyId)!), others: flagged ? [experienceItemDto(flagged)] : [], visible_revision: null };
  }
  const ref = parseRevisionRef(id);
  const row = ref ? await findRevisionItem(ref.contentId, ref.revision) : null;
  if (!ref || !row) throw new DomainError("not_found", `No content revision ${id} (use content_id@revision).`, { type, id });
  return { ...revisionItemDto(row), others: [], visible_revision: await findVisibleRevision(ref.contentId) };
}
