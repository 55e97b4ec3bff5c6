// "PyMuPDF" and " pymupdf " are one resource: the key is NFKC, trimmed, space-collapsed, case-folded.
export function resourceKey(name: string): string {
  return name.normalize("NFKC").trim().replace(/\s+/g, " ").toLowerCase();
}

/** The display form of a submitted name: NFKC with spaces collapsed, case kept. */
export function displayName(name: string): string {
  return name.normalize("NFKC").trim().replace(/\s+/g, " ");
}
