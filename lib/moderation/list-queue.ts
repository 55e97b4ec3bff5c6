import { DomainError } from "../errors";
import { resourceKey } from "../text/resource-key";
import { countByStatus, listQueueRows } from "./repo";
import { ITEM_STATUSES, ITEM_TYPES, type QueueDto, type QueueInput } from "./schema";
import { flagRecordViews } from "./flag-records";
import { experienceItemDto, flagItemDto, revisionItemDto } from "./serialize";

/** The review queue: pending items by default, newest first, with each item's findings and provenance. */
export async function listQueue(input: QueueInput): Promise<QueueDto> {
  const offset = input.cursor ? decodeCursor(input.cursor) : 0;
  const rows = await listQueueRows({
    statuses: input.status === "all" ? [...ITEM_STATUSES] : [input.status],
    types: input.type === "all" ? [...ITEM_TYPES] : [input.type],
    finding: input.finding ?? null,
    resourceKey: input.resource ? resourceKey(input.resource) : null,
    keyId: input.key_id ?? null,
    limit: input.limit + 1,
    offset,
  });
  const page = rows.slice(0, input.limit);
  const records = await flagRecordViews([...new Set(page.flatMap((r) => (r.type === "flag" ? [r.row.keyId] : [])))]);
  return {
    items: page.map((r) =>
      r.type === "experience" ? experienceItemDto(r.row) : r.type === "flag" ? flagItemDto(r.row, records.get(r.row.keyId)!) : revisionItemDto(r.row),
    ),
    next_cursor: rows.length > input.limit ? Buffer.from(String(offset + input.limit)).toString("base64url") : null,
    counts: await countByStatus(),
  };
}

function decodeCursor(cursor: string): number {
  const n = Number(Buffer.from(cursor, "base64url").toString("utf8"));
  if (Number.isInteger(n) && n >= 0) return n;
  throw new DomainError("invalid_input", "cursor is not one this server issued; pass next_cursor back unchanged.", {
    issues: [{ field: "cursor", message: "invalid cursor" }],
  });
}
