// A resource read for a task, the one function behind GET /api/resource/{name}?q=, the MCP tool,
// the CLI and the resource page: the task's matching reports (matchResourceTask, search's own
// planning, scoring and verdict) come back apart under the task's verdict, the rest of the page as
// getResource reads it, and the resource's content matching the task (content search scoped to
// its tree). Without q it is getResource.
import { getResource } from "../resources/get-resource";
import type { GetResourceInput } from "../resources/schema";
import { looseResourceKey } from "../text/resource-key";
import { engineSearchIndex } from "./engine-search-index";
import { matchResourceTask } from "./match-resource-task";
import type { ResourceAnswerDto } from "./schema";
import { searchContent } from "./search-content";

export async function getResourceForTask(input: GetResourceInput): Promise<ResourceAnswerDto> {
  const q = input.q;
  if (!q) return getResource(input);
  let match = await matchResourceTask(input.name, q);
  let read = await getResource(input, { lead: match.ids });
  // A renamed or merged name reads its new resource: the task is matched against that one's reports.
  if (read.redirected_from) {
    match = await matchResourceTask(read.name, q);
    read = await getResource(input, { lead: match.ids });
  }
  const index = await engineSearchIndex();
  const content = await searchContent(q, { category: "", resourceKey: looseResourceKey(read.name) }, index, await index.generation());
  const { lead, ...resource } = read;
  return {
    ...resource,
    task: { q, verdict: match.verdict, matching: match.ids.length, scanned: match.scanned, experiences: lead ?? [], content },
  };
}
