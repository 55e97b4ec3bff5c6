import { DomainError } from "../errors";
import { resourceKey } from "../text/resource-key";
import { countByStatus } from "./repo";
import { listQueuePositions, loadQueueRows, type QueueFilter, type QueuePosition } from "./queue-repo";
import { ITEM_STATUSES, ITEM_TYPES, queueOrderOf, type ItemStatus, type QueueDto, type QueueInput, type QueueOrder } from "./schema";
import { flagRecordViews } from "./flag-records";
import { experienceItemDto, flagItemDto, revisionItemDto } from "./serialize";

/** The review queue: pending items oldest first by default, with each item's findings and provenance. */
export async function listQueue(input: QueueInput): Promise<QueueDto> {
  const order = queueOrderOf(input);
  const after = input.cursor ? decodeCursor(input.cursor, order) : null;
  const positions = await listQueuePositions(queueFilterOf(input), order, after, input.limit + 1);
  const page = positions.slice(0, input.limit);
  const rows = await loadQueueRows(page);
  const records = await flagRecordViews([...new Set(rows.flatMap((r) => (r.type === "flag" ? [r.row.keyId] : [])))]);
  return {
    items: rows.map((r) =>
      r.type === "experience" ? experienceItemDto(r.row) : r.type === "flag" ? flagItemDto(r.row, records.get(r.row.keyId)!) : revisionItemDto(r.row),
    ),
    next_cursor: positions.length > input.limit ? encodeCursor(order, page[page.length - 1]) : null,
    counts: await countByStatus(),
  };
}

/** The queue request's filters as SQL reads them; `statuses` replaces the request's status when given. */
export function queueFilterOf(input: QueueInput, statuses?: ItemStatus[]): QueueFilter {
  return {
    statuses: statuses ?? (input.status === "all" ? [...ITEM_STATUSES] : [input.status]),
    types: input.type === "all" ? [...ITEM_TYPES] : [input.type],
    finding: input.finding ?? null,
    resourceKey: input.resource ? resourceKey(input.resource) : null,
    keyId: input.key_id ?? null,
  };
}

// A cursor names the order it was issued for and the last item's position: the next page starts
// strictly after it, so decisions between pages neither repeat nor skip an item.
function encodeCursor(order: QueueOrder, last: QueuePosition): string {
  return Buffer.from(JSON.stringify([order, last.at, last.type, last.ref])).toString("base64url");
}

function decodeCursor(cursor: string, order: QueueOrder): QueuePosition {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    parsed = null;
  }
  if (
    Array.isArray(parsed) &&
    parsed.length === 4 &&
    parsed[0] === order &&
    typeof parsed[1] === "string" &&
    (ITEM_TYPES as readonly unknown[]).includes(parsed[2]) &&
    typeof parsed[3] === "string"
  ) {
    return { at: parsed[1], type: parsed[2], ref: parsed[3] };
  }
  throw new DomainError("invalid_input", "cursor is not one this server issued for this order; pass next_cursor back unchanged, with the same order.", {
    issues: [{ field: "cursor", message: "invalid cursor" }],
  });
}
