import { LEARNING_TUNING } from "./learning-config";
import { listEvidenceOf, listLinkRows } from "./repo";
import type { LearnedLinksDto, ListLinksInput } from "./schema";
import { toEvidenceDto, toLearnedLinkDto } from "./serialize";

/** Evidence rows shown per link (the newest). */
const EVIDENCE_SHOWN = 20;

/** The learned links for review, newest first, each with the judged writes behind its resource. */
export async function listLearnedLinks(input: ListLinksInput): Promise<LearnedLinksDto> {
  const rows = await listLinkRows(input.status === "all" ? "" : input.status, input.limit);
  const links = [];
  for (const row of rows) {
    const evidence = await listEvidenceOf(row.resourceKey, EVIDENCE_SHOWN);
    links.push({ ...toLearnedLinkDto(row), evidence: evidence.map(toEvidenceDto) });
  }
  return { min_keys: LEARNING_TUNING.minKeys, links };
}
