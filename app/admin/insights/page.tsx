// What agents look for and do not find (abstained searches, content misses) over a period, and how
// each key fares in review: the demand to seed, and the writers to watch.
import type { Metadata } from "next";
import Link from "next/link";
import { adminQueueHref } from "@/components/admin-paths";
import { langOf } from "@/components/format";
import { ButtonLink, Card, PageTitle, SectionTitle, linkClass } from "@/components/ui";
import { getInsights } from "@/lib/moderation/get-insights";
import { insightsInput } from "@/lib/moderation/schema";
import { one, type SearchParams } from "../_lib/query";
import { requireSession } from "../_lib/session";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Insights" };

const PERIODS = [7, 30, 90] as const;

type Props = { searchParams: Promise<SearchParams> };

const percent = (share: number) => `${Math.round(share * 1000) / 10} %`;

export default async function InsightsPage({ searchParams }: Props) {
  await requireSession();
  const query = await searchParams;
  const wanted = Number(one(query.days));
  const days = (PERIODS as readonly number[]).includes(wanted) ? wanted : 30;
  const insights = await getInsights(insightsInput.parse({ days: String(days) }));
  return (
    <div className="space-y-6">
      <PageTitle lead="Searches that found nothing and content ids that did not exist are demand nobody serves yet.">Insights</PageTitle>
      <nav aria-label="Period">
        <ul className="flex flex-wrap gap-2">
          {PERIODS.map((p) => (
            <li key={p}>
              <ButtonLink href={`/admin/insights?days=${p}`} current={p === days}>
                {p} days
              </ButtonLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <section aria-labelledby="abstained">
          <Card className="h-full">
            <SectionTitle id="abstained">Searches that found nothing</SectionTitle>
            {insights.abstained_searches.length === 0 ? (
              <p className="text-sm text-stone-700 dark:text-stone-300">None in the last {days} days.</p>
            ) : (
              <ol className="divide-y divide-stone-100 text-sm dark:divide-stone-800">
                {insights.abstained_searches.map((s) => (
                  <li key={s.query} className="flex items-baseline justify-between gap-3 py-1.5">
                    {/* Text, not a link: running the search again would log it once more. */}
                    <bdi lang={langOf(s.query)} className="min-w-0 wrap-anywhere">
                      {s.query}
                    </bdi>
                    <span className="shrink-0 tabular-nums">{s.count.toLocaleString("en-US")}×</span>
                  </li>
                ))}
              </ol>
            )}
          </Card>
        </section>
        <section aria-labelledby="misses">
          <Card className="h-full">
            <SectionTitle id="misses">Content ids asked for that do not exist</SectionTitle>
            {insights.content_misses.length === 0 ? (
              <p className="text-sm text-stone-700 dark:text-stone-300">None in the last {days} days.</p>
            ) : (
              <ol className="divide-y divide-stone-100 text-sm dark:divide-stone-800">
                {insights.content_misses.map((m) => (
                  <li key={m.content_id} className="flex items-baseline justify-between gap-3 py-1.5">
                    {/* Text, not a link: opening a missing id would record one more miss. */}
                    <bdi lang={langOf(m.content_id)} className="min-w-0 font-mono wrap-anywhere">
                      {m.content_id}
                    </bdi>
                    <span className="shrink-0 tabular-nums">{m.count.toLocaleString("en-US")}×</span>
                  </li>
                ))}
              </ol>
            )}
          </Card>
        </section>
      </div>
      <section aria-labelledby="key-shares">
        <Card>
          <SectionTitle id="key-shares">Flagged and taken down, per key</SectionTitle>
          <p className="mb-3 text-sm text-stone-700 dark:text-stone-300">
            All time: of everything each key wrote, the share screening flagged and the share hidden or rejected. Highest take-down share first.
          </p>
          {insights.keys.length === 0 ? (
            <p className="text-sm">No key has written anything yet.</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <thead>
                  <tr className="border-b border-stone-300 dark:border-stone-700">
                    <th scope="col" className="py-2 pr-3">Key</th>
                    <th scope="col" className="py-2 pr-3 text-right">Items</th>
                    <th scope="col" className="py-2 pr-3 text-right">Flagged</th>
                    <th scope="col" className="py-2 text-right">Hidden or rejected</th>
                  </tr>
                </thead>
                <tbody>
                  {insights.keys.map((k) => (
                    <tr key={k.key_id} className="border-b border-stone-100 dark:border-stone-800">
                      <td className="py-2 pr-3">
                        <Link href={adminQueueHref({ key_id: k.key_id, status: "all" })} prefetch={false} className={linkClass}>
                          <bdi lang={langOf(k.label)}>{k.label}</bdi>
                        </Link>
                        <span className="block font-mono text-xs text-stone-600 dark:text-stone-400">{k.key_id}</span>
                      </td>
                      <td className="py-2 pr-3 text-right tabular-nums">{k.total.toLocaleString("en-US")}</td>
                      <td className="py-2 pr-3 text-right tabular-nums">
                        {k.flagged.toLocaleString("en-US")} ({percent(k.flagged_share)})
                      </td>
                      <td className="py-2 text-right tabular-nums">
                        {k.hidden_or_rejected.toLocaleString("en-US")} ({percent(k.removed_share)})
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </Card>
      </section>
    </div>
  );
}
