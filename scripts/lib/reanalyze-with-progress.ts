// Re-analysis (lib/search/reanalyze.ts) with a progress bar, for the scripts that open a database
// a person is waiting on: at a million experiences it takes minutes.
import { reanalyzeIfStale, type ReanalyzeResult } from "../../lib/search/reanalyze";
import { progressBar } from "./progress-bar";

export async function reanalyzeWithProgress(): Promise<ReanalyzeResult> {
  const bar = progressBar("re-analyze");
  const result = await reanalyzeIfStale((done, total) => bar.update(done, total, `${done.toLocaleString("en")} experiences`));
  bar.finish();
  return result;
}

export function describeReanalysis(result: ReanalyzeResult): string {
  if (!result) return "";
  return (
    `analyzer ${result.from ?? "unrecorded"} -> ${result.to}: ${result.rows.toLocaleString("en")} experiences analyzed again, ` +
    `${result.changed.toLocaleString("en")} changed`
  );
}
