// Content nodes are written by the API, by an import and by older versions of the app, and the
// skeleton rule can change (a migration then empties the column): the application fills what is
// missing, as lib/resources/fill-skeletons.ts does for resources.
import { contentIdSkeleton } from "./content-id-skeleton";
import { listContentIdsWithoutSkeleton, setContentSkeletons } from "./repo";

const BATCH = 500;

/** Sets contents.skeleton where it is still '' (short transactions, by id); returns how many. */
export async function fillContentSkeletons(): Promise<number> {
  let filled = 0;
  let afterId = "";
  for (;;) {
    const ids = await listContentIdsWithoutSkeleton(afterId, BATCH);
    if (ids.length === 0) return filled;
    filled += (await setContentSkeletons(ids.map((id) => ({ id, skeleton: contentIdSkeleton(id) }))));
    afterId = ids[ids.length - 1];
  }
}
