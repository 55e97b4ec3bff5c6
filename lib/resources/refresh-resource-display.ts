// What a resource shows as its url and category follows its reporters, not whoever came first: a
// squatter reporting a fake URL first is outvoted by the reporters who give the real one, and
// hiding its report takes its vote away. The experiences_ai trigger still fills an empty url or
// category from the first report (so a new resource shows one at once); this refresh overrides it.
//
// The rule, in order: a maintainer's pin; else the non-empty value given by the most distinct
// reporters among published reports (a reporter is a key, or a report written without one, as in
// resource_votes: one key repeating a URL counts once); a tie keeps the value shown now (the
// incumbent changes only when another value has strictly more reporters, also when recomputed after
// a report is hidden), and among tied values none of which is shown, the first reported wins; ''
// when nobody gave one. Newest-wins ties let one report from one more key take over any resource
// with a single reporter.
import { lastExperienceId, refreshResourceDisplayAfterId, refreshResourceDisplayRows } from "./repo";

/** Recomputes the shown url and category of these resources (one statement, any number of keys). */
export async function refreshResourceDisplay(keys: string[]): Promise<void> {
  await refreshResourceDisplayRows([...new Set(keys)]);
}

/** A mark to pass to refreshResourceDisplaySince once a bulk write (an import) is done. */
export function experienceMark(): Promise<number> {
  return lastExperienceId();
}

/**
 * Recomputes every resource that got an experience after `mark` (set-wise, for an import): rows
 * another writer added meanwhile are refreshed too, which is harmless.
 */
export async function refreshResourceDisplaySince(mark: number): Promise<void> {
  await refreshResourceDisplayAfterId(mark);
}
