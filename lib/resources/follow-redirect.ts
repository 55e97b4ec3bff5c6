import { resourceKey } from "../text/resource-key";
import { findRedirect, findResourceState } from "./repo";

/**
 * The name a new report should be filed under: after a rename or a merge, a report sent under the
 * old name goes to the resource it now redirects to (else the old key would come back to life and
 * split the reports again). Null when the name has no redirect.
 */
export function followRedirect(name: string): string | null {
  const redirect = findRedirect(resourceKey(name));
  if (!redirect) return null;
  return findResourceState(redirect.toKey)?.name ?? null;
}
