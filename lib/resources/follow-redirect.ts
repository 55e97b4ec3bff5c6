import { resourceKey } from "../text/resource-key";
import { findRedirect, findResourceState } from "./repo";

/**
 * The name a new report should be filed under: after a rename or a merge, a report sent under the
 * old name goes to the resource it now redirects to (else the old key would come back to life and
 * split the reports again). Null when the name has no redirect.
 */
export async function followRedirect(name: string): Promise<string | null> {
  const redirect = await findRedirect(resourceKey(name));
  if (!redirect) return null;
  return (await findResourceState(redirect.toKey))?.name ?? null;
}
