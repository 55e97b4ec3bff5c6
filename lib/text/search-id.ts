// The search_id every search answer carries (#21): "s_" + 24 lowercase hex characters, random, new
// for every request (an answer from the cache too). A write may cite it as `after_search`, which
// tells the hub what the agent searched before it reported (lib/learning). Random rather than a
// log row's id: an id an agent can guess would let it cite another key's search (the evidence also
// requires the search's key to be the writer's, so a guessed id teaches nothing either way).
import { randomBytes } from "node:crypto";
import { z } from "zod";

export const SEARCH_ID_PATTERN = /^s_[0-9a-f]{24}$/;

export const AFTER_SEARCH_MESSAGE = "after_search must be a search_id from a search answer (s_ followed by 24 hex characters)";

export function newSearchId(): string {
  return `s_${randomBytes(12).toString("hex")}`;
}

/** The optional `after_search` field of a write: a search_id, or missing/null for none ('' stored). */
export const afterSearchField = z
  .string({ error: AFTER_SEARCH_MESSAGE })
  .regex(SEARCH_ID_PATTERN, { error: AFTER_SEARCH_MESSAGE })
  .nullish()
  .transform((v) => v ?? "")
  .describe("the search_id of the search this write followed (s_ followed by 24 hex characters), so the hub can learn which phrasings this answers");
