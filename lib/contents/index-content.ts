// Keeps content search's index (content_search, content_terms) in step with what the public sees:
// a node's visible revision (its latest published one), analyzed by the same analyzer as reports
// and queries (lib/text/analyze.ts), so English stems and Chinese words meet as they do in search.
// Writes through the API (submit, decide, revert) index the node in their own transaction; rows
// written by other means (an import, a restore, an older version of the app, a new analyzer) are
// filled by fillContentSearch at start, after an import and after a restore. The migration's
// triggers remove a row as soon as its node's visible revision changes, so a row never outlives
// the text it was made from: only a missing row can be out of step, and a missing row finds nothing.
import { transaction } from "../db";
import { analyze, ANALYZER_VERSION, indexText } from "../text/analyze";
import { looseResourceKey } from "../text/resource-key";
import {
  deleteContentSearch,
  deleteInvisibleContentSearch,
  findContentIndexState,
  listContentIdsToIndex,
  writeContentSearch,
} from "./content-search-repo";
import { rootOf } from "./content-id";

const BATCH = 200;

/** The id path as words: "pymupdf/find-tables" is found by "find tables" and by "pymupdf". */
function pathWords(id: string): string {
  return id.replace(/[/_\-.]+/g, " ");
}

/**
 * Indexes node `id` as it is now: its visible revision, or nothing while none is visible. A no-op
 * when its row already holds that revision by this analyzer. Joins the caller's transaction.
 */
export async function indexContentNode(id: string): Promise<void> {
  await transaction(async () => {
    const state = await findContentIndexState(id);
    if (!state || Number(state.revision) === 0) {
      if (state?.indexed != null) await deleteContentSearch(id);
      return;
    }
    if (state.indexed != null && Number(state.indexed) === Number(state.revision) && state.analyzer === ANALYZER_VERSION) return;
    const path = pathWords(state.id);
    const terms = [...new Set([path, state.title, state.body].flatMap((text) => analyze(text)))];
    await writeContentSearch(
      {
        contentId: state.id,
        // The resource its root names, as names are folded: "tablet-kit" is the tree of "Tablet Kit".
        resourceKey: looseResourceKey(rootOf(state.id)),
        revision: Number(state.revision),
        analyzer: ANALYZER_VERSION,
        searchPath: indexText(path),
        searchTitle: indexText(state.title),
        searchBody: indexText(state.body),
      },
      terms,
    );
  });
}

/**
 * Indexes every visible node whose row is missing or stale (short transactions, by id), and drops
 * rows of nodes no longer visible. Returns how many nodes it indexed.
 */
export async function fillContentSearch(): Promise<number> {
  await deleteInvisibleContentSearch();
  let filled = 0;
  let afterId = "";
  for (;;) {
    const ids = await listContentIdsToIndex(afterId, ANALYZER_VERSION, BATCH);
    if (ids.length === 0) return filled;
    await transaction(async () => {
      for (const id of ids) await indexContentNode(id);
    });
    filled += ids.length;
    afterId = ids[ids.length - 1];
  }
}
