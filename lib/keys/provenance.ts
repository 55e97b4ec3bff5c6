// Who wrote a row, as readers see it. `verified` means an API key wrote it: the key's id and its
// label at that time are shown, and `submitted_by` beside them stays the writer's own free-text
// claim. Without a key (open mode) the claim is all there is, and it is marked unverified.
import type { KeyIdentity } from "./schema";

export type ProvenanceDto = { verified: boolean; key: { id: string; label: string } | null };

/** What a write stores: the key's id and label ("" and "" without a key). */
export type ProvenanceColumns = { keyId: string; keyLabel: string };

export const NO_KEY: ProvenanceColumns = { keyId: "", keyLabel: "" };

export function provenanceColumns(key: KeyIdentity | null): ProvenanceColumns {
  return key ? { keyId: key.id, keyLabel: key.label } : NO_KEY;
}

export function toProvenance(row: ProvenanceColumns): ProvenanceDto {
  return row.keyId ? { verified: true, key: { id: row.keyId, label: row.keyLabel } } : { verified: false, key: null };
}
