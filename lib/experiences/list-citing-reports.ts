// The published reports that cite a content page, for that page's "Reports citing this page".
//
// How citations are found (a read, not a table): a report cites a page when its content_id names
// it, or when its task, outcome or tips write the page's id or a /content/ URL of it
// (lib/contents/content-mentions.ts). content_id is looked up through its index across every
// resource. Text mentions are looked for among the newest CITATION_SCAN reports of the resource the
// page's root is named after (a root's id is its resource's key), with a substring test in SQL and
// the exact reading confirmed here. This needs nothing kept in step at write time (the API, the
// bulk import, restores and moderation all write reports), costs two indexed statements, and a
// page written after the reports that mention it finds them at once; what it leaves out is a
// mention in another resource's reports, or one older than the newest CITATION_SCAN.
import { fromDbTime } from "../db-time";
import { rootOf } from "../contents/content-id";
import { mentionsContent } from "../contents/content-mentions";
import { resourceKey } from "../text/resource-key";
import { listCitationCandidates, type CitingRow } from "./repo";

export const CITATION_SCAN = 1_000;
export const MAX_CITING_REPORTS = 10;

/** A report citing a page: enough to name it and link to it on its resource's page. Submitted text: render as text. */
export type CitingReportDto = { id: number; name: string; task: string; score: number; created_at: string };

/** Up to `limit` published reports citing content `id`, newest first. */
export async function listCitingReports(id: string, limit = MAX_CITING_REPORTS): Promise<CitingReportDto[]> {
  // Twice the limit from each side: the substring test may keep a few the exact reading drops.
  const rows = await listCitationCandidates(id, resourceKey(rootOf(id)), CITATION_SCAN, limit * 2);
  const seen = new Set<number>();
  const citing: CitingRow[] = [];
  for (const row of rows) {
    if (seen.has(row.id) || !cites(row, id)) continue;
    seen.add(row.id);
    citing.push(row);
  }
  citing.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : b.id - a.id));
  return citing.slice(0, limit).map((r) => ({ id: r.id, name: r.name, task: r.task, score: r.score, created_at: fromDbTime(r.createdAt) }));
}

function cites(row: CitingRow, id: string): boolean {
  return row.contentId === id || [row.task, row.outcome, row.tips].some((text) => mentionsContent(text, id));
}
