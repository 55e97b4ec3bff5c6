// Flaggers' records for the console: each key's upheld share (upheld / decided flags) and the
// weight its flags carry (lib/verdicts/confidence.ts keyReliability).
import { keyReliability, upheldShare } from "../verdicts/confidence";
import { allFlagRecords, flagRecords } from "../verdicts/repo";
import type { FlagRecordView } from "./serialize";

export async function flagRecordViews(keyIds: readonly string[]): Promise<Map<string, FlagRecordView>> {
  const records = await flagRecords(keyIds);
  return new Map(
    keyIds.map((id) => {
      const r = records.get(id);
      return [id, { upheldShare: upheldShare(r?.upheld ?? 0, r?.decided ?? 0), reliability: keyReliability(r?.upheld ?? 0, r?.decided ?? 0) }];
    }),
  );
}

export type KeyFlagSummary = { flags: number; upheld: number; decided: number; upheldShare: number | null; reliability: number };

/** Every key that flagged anything: its flags, how many were decided and upheld, and its weight. */
export async function listKeyFlagSummaries(): Promise<Map<string, KeyFlagSummary>> {
  const records = await allFlagRecords();
  return new Map(
    [...records].map(([id, r]) => [id, { flags: r.flags, upheld: r.upheld, decided: r.decided, upheldShare: upheldShare(r.upheld, r.decided), reliability: keyReliability(r.upheld, r.decided) }]),
  );
}
