// "PyMuPDF" and " pymupdf " are one resource: the key is NFKC, trimmed, space-collapsed, case-folded.
export function resourceKey(name: string): string {
  return name.normalize("NFKC").trim().replace(/\s+/g, " ").toLowerCase();
}

/** The display form of a submitted name: NFKC with spaces collapsed, case kept. */
export function displayName(name: string): string {
  return name.normalize("NFKC").trim().replace(/\s+/g, " ");
}

/**
 * The key without spacing, hyphens, underscores and dots: "Vote-Target", "Vote_Target", "Vote Target",
 * "VoteTarget." and "votetarget" are one spelling of one resource. Not a stored key (keys are
 * permanent, and older resources may differ from each other only this way): a new name whose loose
 * key matches an existing resource's is filed under that resource (lib/resources/find-lookalike.ts).
 */
export function looseResourceKey(name: string): string {
  const key = resourceKey(name);
  return key.replace(/[\s\-_.]+/g, "") || key;
}
