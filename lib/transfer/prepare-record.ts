// Turns one JSONL line into the exact columns the database stores, or a rejection. Pure CPU work
// (validation, screening, hashing, text analysis) with no database access, so it can run in worker
// threads while the main thread writes. The columns are computed exactly as createExperience and
// submitContent compute them, by calling the same functions; the line is screened as the API
// screens a submission (every stored text), and a line with findings is stored pending with them.
// A claimed key is believed only when the target hub issued it (`keys`: its ids and labels).
import { contentHash } from "../contents/content-hash";
import { parentOf, rootOf } from "../contents/content-id";
import { toDbTime } from "../db-time";
import { readCountSetting } from "../count-setting";
import { experienceColumns, type ExperienceColumns } from "../experiences/experience-columns";
import { NO_KEY, type ProvenanceColumns } from "../keys/provenance";
import { screeningHold } from "../moderation/hold-for-review";
import { experienceTexts, revisionTexts } from "../moderation/stored-texts";
import { indexText } from "../text/analyze";
import { CONTENT_REVISION, EXPERIENCE, parseRecord, RecordError, type ModerationColumns } from "./record-format";

// Without after_search: an imported line cites no search of this hub, and imports never teach
// search (lib/learning reads only reports written through the API with a key).
export type ExperienceWrite = Omit<ExperienceColumns, "afterSearch"> & ModerationColumns & { createdAt: string; updatedAt: string };

export type RevisionWrite = {
  id: string;
  rootId: string;
  parentId: string;
  revision: number;
  title: string;
  body: string;
  sortOrder: number;
  contentHash: string;
  submittedBy: string;
  keyId: string;
  keyLabel: string;
  createdAt: string;
  /** The file says the node is locked (a full export of a locked node). */
  locked: boolean;
} & ModerationColumns;

/**
 * Experiences travel from the workers as arrays in this order: an array is cheaper to clone across
 * threads and to bind positionally than an object with 22 named fields (about 10 us a row, which
 * matters on the one thread that writes). repo.ts derives its INSERT column list from it.
 */
export const EXPERIENCE_FIELDS = [
  "name", "resourceKey", "url", "category", "task", "score", "outcome", "tips", "contentId", "submittedBy",
  "keyId", "keyLabel", "status", "findings", "statusReason", "submissionHash", "searchName", "searchTask", "searchTips", "searchOutcome", "nearSignature", "createdAt", "updatedAt", "version",
] as const satisfies readonly (keyof ExperienceWrite)[];

// Fails to compile if ExperienceWrite gains a field the list above does not carry.
const everyField: Record<Exclude<keyof ExperienceWrite, (typeof EXPERIENCE_FIELDS)[number]>, never> = {};
void everyField;

export type ExperienceValues = ExperienceWrite[(typeof EXPERIENCE_FIELDS)[number]][];

export type RecordKind = typeof EXPERIENCE | typeof CONTENT_REVISION | "unknown";

/** What the import noted on a stored line: held by screening, a claimed key this hub did not issue. */
export type LineNotes = { held: boolean; unverifiedKey: boolean };

export type Prepared =
  | ({ kind: typeof EXPERIENCE; line: number; values: ExperienceValues } & LineNotes)
  | ({ kind: typeof CONTENT_REVISION; line: number; row: RevisionWrite } & LineNotes)
  | { kind: "rejected"; line: number; recordKind: RecordKind; reason: string };

/** The target hub's keys, id -> label: the only keys a line may claim. */
export type KnownKeys = ReadonlyMap<string, string>;

/**
 * The key a line claims, kept when the target hub issued it (same id, same label): a backup of this
 * hub keeps its provenance. Any other claim is not believed: the row is stored without a key
 * (unverified), and the claimed label survives as the writer's own claim, submitted_by, when that
 * is empty.
 */
function checkClaimedKey(claimed: ProvenanceColumns, submittedBy: string, keys: KnownKeys) {
  if (claimed.keyId === "" || keys.get(claimed.keyId) === claimed.keyLabel) return { key: claimed, submittedBy, unverifiedKey: false };
  return { key: NO_KEY, submittedBy: submittedBy || claimed.keyLabel, unverifiedKey: true };
}

/**
 * Moderation state after screening: a line with findings that would be published is held
 * (pending, with its findings and reason, as the API's 202); one already held, rejected or hidden
 * keeps its status, with the findings screening gives now. A line without findings is as it says.
 */
function screenedModeration(line: ModerationColumns, fields: Record<string, string>): ModerationColumns & { held: boolean } {
  const { status, findings, statusReason } = line;
  const hold = screeningHold(fields);
  if (!hold) return { status, findings, statusReason, held: false };
  const found = JSON.stringify(hold.findings);
  if (status !== "published") return { status, findings: found, statusReason: statusReason || hold.reason, held: false };
  return { status: "pending", findings: found, statusReason: hold.reason, held: true };
}

// Analysis is most of an import's CPU time. Names repeat across thousands of experiences, and
// tasks, tips and outcomes often repeat too (agents re-running the same job, templated reports):
// remembering recent results is exact (indexText is a pure function) and costs one map lookup on a
// miss. Bounded per thread (long texts are not kept; the map is cleared wholesale when full).
// KNOWHUB_IMPORT_TEXT_CACHE=0 turns it off: what an import of text that never repeats costs.
const indexCache = new Map<string, string>();
const INDEX_CACHE_MAX = readCountSetting("KNOWHUB_IMPORT_TEXT_CACHE", 20_000);
const INDEX_CACHE_MAX_CHARS = 2_000;

function indexCached(text: string): string {
  if (INDEX_CACHE_MAX === 0 || text.length > INDEX_CACHE_MAX_CHARS) return indexText(text);
  let hit = indexCache.get(text);
  if (hit === undefined) {
    if (indexCache.size >= INDEX_CACHE_MAX) indexCache.clear();
    hit = indexText(text);
    indexCache.set(text, hit);
  }
  return hit;
}

/** `now` (a db time) stands in for created_at when a line has none. Blank lines give null. */
export function prepareLine(text: string, line: number, now: string, keys: KnownKeys = new Map()): Prepared | null {
  if (text.trim() === "") return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { kind: "rejected", line, recordKind: "unknown", reason: `invalid JSON: ${(error as Error).message}` };
  }
  const declared = (value as { type?: unknown } | null)?.type;
  const recordKind: RecordKind =
    declared === undefined || declared === EXPERIENCE ? EXPERIENCE : declared === CONTENT_REVISION ? CONTENT_REVISION : "unknown";
  try {
    const record = parseRecord(value);
    if (record.type === EXPERIENCE) {
      const claim = checkClaimedKey(record.key, record.input.submitted_by, keys);
      const input = { ...record.input, submitted_by: claim.submittedBy };
      const { held, ...moderation } = screenedModeration(record, experienceTexts(input));
      const createdAt = record.createdAt ? toDbTime(new Date(record.createdAt)) : now;
      const row: ExperienceWrite = {
        ...experienceColumns(input, indexCached, claim.key),
        ...moderation,
        createdAt,
        updatedAt: record.updatedAt ? toDbTime(new Date(record.updatedAt)) : createdAt,
      };
      return { kind: EXPERIENCE, line, values: EXPERIENCE_FIELDS.map((field) => row[field]), held, unverifiedKey: claim.unverifiedKey };
    }
    const claim = checkClaimedKey(record.key, record.input.submitted_by, keys);
    const input = { ...record.input, submitted_by: claim.submittedBy };
    const { held, ...moderation } = screenedModeration(record, revisionTexts(input));
    return {
      kind: CONTENT_REVISION,
      line,
      held,
      unverifiedKey: claim.unverifiedKey,
      row: {
        id: input.id,
        rootId: rootOf(input.id),
        parentId: parentOf(input.id),
        revision: record.revision,
        title: input.title,
        body: input.body,
        sortOrder: input.sort_order,
        contentHash: contentHash(input.body),
        submittedBy: input.submitted_by,
        ...claim.key,
        createdAt: record.createdAt ? toDbTime(new Date(record.createdAt)) : now,
        ...moderation,
        locked: record.locked,
      },
    };
  } catch (error) {
    if (error instanceof RecordError) return { kind: "rejected", line, recordKind, reason: error.message };
    throw error;
  }
}

export function prepareLines(lines: string[], firstLine: number, now: string, keys: KnownKeys = new Map()): Prepared[] {
  const out: Prepared[] = [];
  for (let i = 0; i < lines.length; i++) {
    const prepared = prepareLine(lines[i], firstLine + i, now, keys);
    if (prepared) out.push(prepared);
  }
  return out;
}
