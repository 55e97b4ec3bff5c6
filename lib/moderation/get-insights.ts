import { keyModerationShares, topAbstainedSearches, topContentMisses } from "./repo";
import type { InsightsInput } from "./schema";

const TOP = 50;

export type InsightsDto = {
  days: number;
  abstained_searches: { query: string; count: number }[];
  content_misses: { content_id: string; count: number }[];
  keys: { key_id: string; label: string; total: number; flagged: number; hidden_or_rejected: number; flagged_share: number; removed_share: number }[];
};

/** The demand nobody serves yet (abstained searches, content misses) and how each key fares in review. */
export async function getInsights(input: InsightsInput, now = new Date()): Promise<InsightsDto> {
  const since = new Date(now.getTime() - input.days * 86_400_000);
  const share = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 1000 : 0);
  return {
    days: input.days,
    abstained_searches: (await topAbstainedSearches(since, TOP)).map((r) => ({ query: r.query, count: Number(r.count) })),
    content_misses: (await topContentMisses(since, TOP)).map((r) => ({ content_id: r.content_id, count: Number(r.count) })),
    keys: (await keyModerationShares()).map((k) => ({
      key_id: k.keyId,
      label: k.label,
      total: Number(k.total),
      flagged: Number(k.flagged),
      hidden_or_rejected: Number(k.removed),
      flagged_share: share(Number(k.flagged), Number(k.total)),
      removed_share: share(Number(k.removed), Number(k.total)),
    })),
  };
}
