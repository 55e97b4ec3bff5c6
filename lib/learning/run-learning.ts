// The learning step: judges the writes that cited a search since the last step, records each
// judgement once (learning_evidence), and works out the links of the resources whose evidence
// changed. Runs after commit, in the background (schedule-learning.ts), never inside a write: a
// report costs nothing more, and since the cited writes themselves are the record (experiences.
// after_search), a step that never ran (a crash, a locked database) loses nothing: the next one, in
// any process, starts where the judged evidence ends.
import { flushSearchLog } from "../demand-log/log-search";
import { findSearchesById } from "../demand-log/repo";
import { transaction } from "../db";
import { listCitedExperiences } from "../experiences/repo";
import { listCitedConfirms } from "../verdicts/repo";
import { judgeEvidence, type CitedWrite } from "./judge-evidence";
import { LEARNING_TUNING } from "./learning-config";
import { refreshLinks } from "./refresh-links";
import { insertEvidence, lastJudgedId, listConfirmBackedResources, type NewEvidence } from "./repo";

/**
 * Where cited writes come from, each read in its own id order after its cursor: reports
 * (experiences.after_search), and confirmations (verdict_citations: one row per search a key's
 * confirmation followed, appended, never rewritten; a confirmation later replaced by a flag stops
 * counting in refresh-links.ts).
 */
type Source = { source: CitedWrite["source"]; list: (afterId: number, limit: number) => Promise<CitedWrite[]> };

const SOURCES: readonly Source[] = [
  {
    source: "report",
    list: async (afterId, limit) =>
      (await listCitedExperiences(afterId, limit)).map((e) => ({
        source: "report" as const,
        sourceId: e.id,
        experienceId: e.id,
        keyId: e.keyId,
        resourceKey: e.resourceKey,
        searchId: e.afterSearch,
        createdAt: e.createdAt,
      })),
  },
  {
    source: "confirm",
    list: async (afterSeq, limit) =>
      (await listCitedConfirms(afterSeq, limit)).map((c) => ({
        source: "confirm" as const,
        sourceId: c.id,
        experienceId: c.experienceId,
        keyId: c.keyId,
        resourceKey: c.resourceKey,
        searchId: c.searchId,
        createdAt: c.createdAt,
      })),
  },
];

export type LearningResult = { judged: number; counted: number; pending: number; linksChanged: number };

/**
 * One learning step, to the end of what can be judged now. `waitMs`: how long to wait for the
 * writer (0 in the background: a busy database is tried again later).
 */
export async function runLearning(now = new Date(), { waitMs, tuning = LEARNING_TUNING }: { waitMs?: number; tuning?: typeof LEARNING_TUNING } = {}): Promise<LearningResult> {
  // This process's searches may still be buffered; other processes' are written within a second.
  await flushSearchLog();
  const total: LearningResult = { judged: 0, counted: 0, pending: 0, linksChanged: 0 };
  for (const source of SOURCES) {
    for (;;) {
      const step = await transaction(() => judgeBatch(source, now, tuning), { waitMs });
      total.judged += step.judged;
      total.counted += step.counted;
      total.pending += step.pending;
      total.linksChanged += step.linksChanged;
      if (step.pending > 0 || step.judged < tuning.batch) break;
    }
  }
  // A confirmation can be taken back (replaced by a flag) without any new citation: the active
  // links that confirmations support are read again each step (few: one per learned phrasing).
  total.linksChanged += await transaction(async () => refreshLinks(await listConfirmBackedResources(), now, tuning), { waitMs });
  return total;
}

async function judgeBatch(source: Source, now: Date, tuning: typeof LEARNING_TUNING): Promise<LearningResult> {
  const writes = await source.list(await lastJudgedId(source.source), tuning.batch);
  const searches = await findSearchesById([...new Set(writes.map((w) => w.searchId))]);
  const rows: NewEvidence[] = [];
  let pending = 0;
  for (const write of writes) {
    const judged = judgeEvidence(write, searches.get(write.searchId), now, tuning);
    // Kept in order: a write waiting for its search holds the later ones back (for the grace at most).
    if (judged.pending) {
      pending = writes.length - rows.length;
      break;
    }
    rows.push({
      source: write.source,
      sourceId: write.sourceId,
      experienceId: write.experienceId,
      keyId: write.keyId,
      searchId: write.searchId,
      query: judged.query,
      terms: judged.terms,
      resourceKey: write.resourceKey,
      searchConfidence: judged.searchConfidence,
      counts: judged.counts,
      reason: judged.reason,
    });
  }
  await insertEvidence(rows, now);
  const touched = [...new Set(rows.filter((r) => r.counts).map((r) => r.resourceKey))];
  const linksChanged = await refreshLinks(touched, now, tuning);
  return { judged: rows.length, counted: rows.filter((r) => r.counts).length, pending, linksChanged };
}
