// The content pages a list of reports names in its text (the resource page shows each report's
// cited pages as links). One query for the whole list: the ids every report's text names
// (content-mentions.ts), of which the visible pages are kept.
import { extractContentMentions } from "./content-mentions";
import { listContentLinks } from "./repo";
import type { ContentLinkDto } from "./schema";

/** At most this many pages linked per report; a report naming more is not a guide to them. */
export const MAX_CITED_PER_REPORT = 5;

type ReportText = { id: number; task: string; outcome: string; tips: string; content_id: string };

/**
 * Per report id, the visible pages its task, outcome or tips name, in order of appearance, other than
 * its content_id (which the report already links to).
 */
export async function findCitedContents(reports: readonly ReportText[]): Promise<Map<number, ContentLinkDto[]>> {
  const named = new Map<number, string[]>();
  for (const r of reports) {
    const ids = extractContentMentions([r.task, r.outcome, r.tips].join("\n")).filter((id) => id !== r.content_id);
    if (ids.length > 0) named.set(r.id, ids);
  }
  const visible = new Map((await listContentLinks([...new Set([...named.values()].flat())])).map((l) => [l.id, l] as const));
  const cited = new Map<number, ContentLinkDto[]>();
  for (const [reportId, ids] of named) {
    const links = ids.flatMap((id) => visible.get(id) ?? []).slice(0, MAX_CITED_PER_REPORT);
    if (links.length > 0) cited.set(reportId, links);
  }
  return cited;
}
