// Agents ask the same tasks again and again, and between two writes the same query has the same
// answer. So answers are kept, least recently used first out, and all of them are dropped the
// moment anything search reads has changed (indexGeneration), which is checked on every lookup:
// a write is still found by the very next request, and an update, hide or delete leaves no stale
// hit. KNOWHUB_SEARCH_CACHE sets how many answers are kept; 0 turns the cache off.
import { readCountSetting } from "../count-setting";
import { switchesKey } from "./search-config";
import type { SearchAnswer, SearchInput } from "./schema";

const DEFAULT_ENTRIES = 500;

type Store = { generation: string; answers: Map<string, SearchAnswer> };

const stores = new WeakMap<object, Store>();

function cacheKey(input: SearchInput): string {
  return JSON.stringify([input.q, input.category, input.limit, input.explain, switchesKey()]);
}

/**
 * The answer to `input`, from the cache when nothing was written since it was computed. The answer
 * is shared between callers: treat it as read-only. `scope` and `generation`: the search index's
 * (SearchIndex), read by the caller for this search.
 */
export async function rememberAnswer(
  input: SearchInput,
  scope: object,
  generation: string,
  compute: () => Promise<SearchAnswer>,
): Promise<SearchAnswer> {
  // Read on every call: tests and the benchmark switch it within one process.
  const max = readCountSetting("KNOWHUB_SEARCH_CACHE", DEFAULT_ENTRIES);
  if (max === 0) return compute();
  let store = stores.get(scope);
  if (!store || store.generation !== generation) {
    store = { generation, answers: new Map() };
    stores.set(scope, store);
  }
  const key = cacheKey(input);
  const hit = store.answers.get(key);
  if (hit) {
    // Map keeps insertion order: re-inserting marks the answer as the most recently used.
    store.answers.delete(key);
    store.answers.set(key, hit);
    return hit;
  }
  const answer = await compute();
  // A write may have moved the generation while this answer was computed: it is kept only under
  // the generation it was computed at (a newer store has begun meanwhile: leave it alone).
  if (stores.get(scope) !== store) return answer;
  store.answers.set(key, answer);
  if (store.answers.size > max) store.answers.delete(store.answers.keys().next().value!);
  return answer;
}
