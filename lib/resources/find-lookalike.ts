// A new resource whose name looks like an existing one's ("руmupdf" in Cyrillic next to "pymupdf",
// "VoteTarget (fork)" next to "VoteTarget") splits that resource's reports, or impersonates it.
// Three answers, from what is safe to do without asking to what needs a person:
// - "same": the name differs from an existing resource's only in case, spacing, hyphens,
//   underscores or dots ("Vote-Target", "Vote_Target", "Vote Target", "VoteTarget." for
//   "VoteTarget"). It is that resource: the report is filed under it, as a report under a renamed
//   resource's old name is (follow-redirect.ts). Keys are permanent, so this is decided when a
//   report arrives, not by changing keys;
// - "lookalike": the same TR39 skeleton (lib/text/skeleton.ts) but other letters (another script,
//   "rn" for "m", "0" for "O"): 409 unless confirmed, then held for review;
// - "qualified": the name of an existing resource plus a trailing qualifier
//   (lib/text/name-qualifiers.ts): the same as a lookalike.
// The same key as an existing resource with a published report is that resource: no match at all.
import { looseResourceKey, resourceKey } from "../text/resource-key";
import { stripQualifier } from "../text/name-qualifiers";
import { drawnSkeleton, nameSkeleton } from "../text/skeleton";
import { fillResourceSkeletons } from "./fill-skeletons";
import { hasResourceWithoutSkeleton, listResourcesBySkeleton, resourceHasReports } from "./repo";

export type ResourceNameMatch =
  | { kind: "same" | "lookalike"; name: string; key: string }
  | { kind: "qualified"; name: string; key: string; qualifier: string };

// Resources sharing one skeleton are a handful at most (that is what the checks prevent); the bound
// keeps a pathological table from turning one write into a long scan.
const MAX_CANDIDATES = 20;

/**
 * The existing resource `name` is a spelling of, looks like, or qualifies, or null. Stored skeletons
 * are case-insensitive (nameSkeleton); the new name is also compared as drawn, so a capital I
 * standing in for an l is caught. Among several, the most reported wins, and "same" before the others.
 */
export async function matchResourceName(name: string): Promise<ResourceNameMatch | null> {
  const key = resourceKey(name);
  if ((await resourceHasReports(key))) return null;
  // Rows written by an import, by an older version or before the skeleton changed have none yet:
  // fill them before looking, so that no resource escapes the comparison (one indexed lookup when
  // all are filled).
  if ((await hasResourceWithoutSkeleton())) await fillResourceSkeletons();
  const whole = [nameSkeleton(name), drawnSkeleton(name)];
  const stripped = stripQualifier(name);
  const base = stripped ? [nameSkeleton(stripped.base), drawnSkeleton(stripped.base)] : [];
  const candidates = await listResourcesBySkeleton([...new Set([...whole, ...base])], key, MAX_CANDIDATES);
  const loose = looseResourceKey(name);
  const same = candidates.find((c) => looseResourceKey(c.key) === loose);
  if (same) return { kind: "same", name: same.name, key: same.key };
  const lookalike = candidates.find((c) => whole.includes(c.skeleton));
  if (lookalike) return { kind: "lookalike", name: lookalike.name, key: lookalike.key };
  const qualified = candidates.find((c) => base.includes(c.skeleton));
  if (qualified && stripped) return { kind: "qualified", name: qualified.name, key: qualified.key, qualifier: stripped.qualifier };
  return null;
}
