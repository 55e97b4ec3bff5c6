// Whether one cited write teaches search something: the rules, with no database (tests read them).
import type { LoggedSearch } from "../demand-log/repo";
import { LEARNING_TUNING } from "./learning-config";
import { phrasingTerms } from "./phrasing";

/** A write that cited a search: a report (experiences) or, once the lead adds them, a confirmation. */
export type CitedWrite = {
  source: "report" | "confirm";
  sourceId: number;
  experienceId: number;
  keyId: string;
  resourceKey: string;
  searchId: string;
  createdAt: string;
};

export type Judgement =
  | { pending: true }
  | { pending: false; counts: boolean; reason: string; query: string; terms: string; searchConfidence: string };

/**
 * Evidence is a keyed write citing a search made by the same key, within the window, whose answer
 * did not already answer the written resource confidently. Everything else is recorded with why it
 * does not count. `pending`: the search is not in the log yet (background batches) and the write is
 * young enough that it may still arrive.
 */
export function judgeEvidence(write: CitedWrite, search: LoggedSearch | undefined, now: Date, tuning = LEARNING_TUNING): Judgement {
  const writtenAt = Date.parse(write.createdAt);
  const base = { query: search?.query ?? "", terms: search ? phrasingTerms(search.query) : "", searchConfidence: search?.confidence ?? "" };
  const no = (reason: string): Judgement => ({ pending: false, counts: false, reason, ...base });
  // Open-mode writes and searches name nobody: any number of them may be one caller, so they never
  // teach (docs/architecture.md, Learning from use).
  if (!write.keyId) return no("written without a key: open-mode writes never teach");
  if (!search) return now.getTime() - writtenAt < tuning.graceMs ? { pending: true } : no("the cited search is not in the search log");
  if (search.keyId !== write.keyId) return no("the cited search was made by another key or without one");
  const searchedAt = Date.parse(search.createdAt);
  // The log's time is taken when the line is buffered, before the answer goes out: never after.
  if (writtenAt < searchedAt) return no("written before the cited search");
  if (writtenAt - searchedAt > tuning.windowMs) return no("written more than the window after the cited search");
  if (!base.terms) return no("the query has no words search analyzes");
  const confident = search.shownKeys.slice(0, search.confidentCount);
  if (search.confidence === "high" && confident.includes(write.resourceKey)) return no("the search already answered this resource confidently");
  const why =
    search.confidence === "high" ? "the search answered confidently with other resources" : `the search answered ${search.confidence || "nothing"}`;
  return { pending: false, counts: true, reason: why, ...base };
}
