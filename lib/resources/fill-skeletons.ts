// Resources are created by a database trigger on their first experience (from the API, an import or
// an older version of the app), which cannot compute a TR39 skeleton: the application fills it after.
import { nameSkeleton } from "../text/skeleton";
import { listResourcesWithoutSkeleton, setResourceSkeletons } from "./repo";

const BATCH = 500;

/** Sets resources.skeleton where it is still '' (short transactions, by key); returns how many. */
export async function fillResourceSkeletons(): Promise<number> {
  let filled = 0;
  let afterKey = "";
  for (;;) {
    const rows = await listResourcesWithoutSkeleton(afterKey, BATCH);
    if (rows.length === 0) return filled;
    filled += (await setResourceSkeletons(rows.map((row) => ({ key: row.key, skeleton: nameSkeleton(row.name) }))));
    afterKey = rows[rows.length - 1].key;
  }
}
