// What agents look for and do not find (abstained searches, content misses) over a period, how
// each key fares in review, what agents' verdicts say (most confirmed, most flagged, stale), what
// search learned from use, and the searches that ended in a report: the demand to seed, the writers
// to watch, and the reports to look at.
import type { Metadata } from "next";
import { AdminFlash } from "@/components/admin-flash";
import Link from "next/link";
import { adminQueueHref } from "@/components/admin-paths";
import { staleReasons } from "@/components/experience-standing";
import { formatCount, formatDate, langOf, resourceHref } from "@/components/format";
import { ButtonLink, Card, PageTitle, SectionTitle, linkClass } from "@/components/ui";
import { getInsights } from "@/lib/moderation/get-insights";
import { insightsInput, type InsightsDto } from "@/lib/moderation/schema";
import { one, type SearchParams } from "../_lib/query";
import { flashMessage } from "../_lib/flash";
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
      <PageTitle lead="Searches that found nothing or only weak leads, and content ids that did not exist, are demand nobody serves yet; verdicts and learning show which reports hold.">
        Insights
      </PageTitle>
      <AdminFlash message={flashMessage(one(query.flash), one(query.n))} />
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
      <p className="text-sm text-stone-700 dark:text-stone-300">
        Demand is counted in <strong>clients</strong>, each once however often it asked: an API key is one client; a caller without a key is
        told apart by a hash of its address and browser that changes every day (so one person over several days counts once a day). Lines
        logged before clients were recorded count together as one. The number of searches or page loads is shown beside.
      </p>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <DemandList
          id="abstained"
          title="Searches that found nothing"
          lead="No lead at all: nobody has reported anything close."
          empty={`None in the last ${days} days.`}
          rows={insights.abstained_searches.map((s) => ({ key: s.query, text: s.query, clients: s.clients, count: s.count }))}
          unit={["search", "searches"]}
        />
        <DemandList
          id="weak-leads"
          title="Searches that found only weak leads"
          lead="Something came back, but not confidently for this task: worth a report that settles it."
          empty={`None in the last ${days} days.`}
          rows={insights.weak_lead_searches.map((s) => ({ key: s.query, text: s.query, clients: s.clients, count: s.count }))}
          unit={["search", "searches"]}
        />
        <DemandList
          id="misses"
          title="Content ids asked for that do not exist"
          empty={`None in the last ${days} days.`}
          rows={insights.content_misses.map((m) => ({ key: m.content_id, text: m.content_id, clients: m.clients, count: m.count, mono: true }))}
          unit={["page load", "page loads"]}
        />
      </div>
      <VerdictInsights insights={insights} days={days} />
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

type DemandRow = { key: string; text: string; clients: number; count: number; mono?: boolean };

/** One demand list: most clients first, each row's clients and the lines they stand for. */
function DemandList({ id, title, lead, empty, rows, unit }: { id: string; title: string; lead?: string; empty: string; rows: DemandRow[]; unit: [string, string] }) {
  return (
    <section aria-labelledby={id}>
      <Card className="h-full">
        <SectionTitle id={id}>{title}</SectionTitle>
        {lead ? <p className={`mb-2 ${muted}`}>{lead}</p> : null}
        {rows.length === 0 ? (
          <p className={muted}>{empty}</p>
        ) : (
          <ol className={list}>
            {rows.map((r) => (
              <li key={r.key} className="flex items-baseline justify-between gap-3 py-1.5">
                {/* Text, not a link: running the search or opening the id again would log it once more. */}
                <bdi lang={langOf(r.text)} className={`min-w-0 wrap-anywhere ${r.mono ? "font-mono" : ""}`}>
                  {r.text}
                </bdi>
                <span className="shrink-0 text-right tabular-nums">
                  {formatCount(r.clients, "client", "clients")}
                  <span className="block text-xs text-stone-600 dark:text-stone-400">{formatCount(r.count, unit[0], unit[1])}</span>
                </span>
              </li>
            ))}
          </ol>
        )}
      </Card>
    </section>
  );
}

type Experience = InsightsDto["most_confirmed"][number];
const muted = "text-sm text-stone-700 dark:text-stone-300";
const list = "divide-y divide-stone-100 text-sm dark:divide-stone-800";

/** One report: its task, linked to its place on its resource's page, and the resource. */
function ReportLink({ e }: { e: { experience_id: number; name: string; task: string } }) {
  return (
    <span className="min-w-0 wrap-anywhere">
      <Link href={`${resourceHref(e.name)}#experience-${e.experience_id}`} prefetch={false} className={linkClass}>
        <bdi lang={langOf(e.task)}>{e.task}</bdi>
      </Link>{" "}
      <span className="text-stone-600 dark:text-stone-400">
        on <bdi lang={langOf(e.name)}>{e.name}</bdi> · #{e.experience_id}
      </span>
    </span>
  );
}

function VerdictInsights({ insights, days }: { insights: InsightsDto; days: number }) {
  const { most_confirmed: confirmed, most_flagged: flagged, stale, learned, searches_ended_in_report: cited } = insights;
  return (
    <>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <section aria-labelledby="most-confirmed">
          <Card className="h-full">
            <SectionTitle id="most-confirmed">Most confirmed reports</SectionTitle>
            {confirmed.length === 0 ? (
              <p className={muted}>No report has been confirmed yet.</p>
            ) : (
              <ol className={list}>
                {confirmed.map((e: Experience) => (
                  <li key={e.experience_id} className="flex items-baseline justify-between gap-3 py-1.5">
                    <ReportLink e={e} />
                    <span className="shrink-0 text-right tabular-nums">
                      {e.confirmations} {e.confirmations === 1 ? "key" : "keys"}
                      <span className="block text-xs text-stone-600 dark:text-stone-400">confidence {e.confidence.toFixed(2)}</span>
                    </span>
                  </li>
                ))}
              </ol>
            )}
          </Card>
        </section>
        <section aria-labelledby="most-flagged">
          <Card className="h-full">
            <SectionTitle id="most-flagged">Most flagged reports</SectionTitle>
            <p className={`mb-2 ${muted}`}>
              {flagged.by_reason.length === 0
                ? "No flags."
                : flagged.by_reason.map((r) => `${r.reason} ${r.count.toLocaleString("en-US")}`).join(" · ")}
              {flagged.pending > 0 ? (
                <>
                  {" "}
                  ·{" "}
                  <Link href={adminQueueHref({ type: "flag" })} prefetch={false} className={linkClass}>
                    {flagged.pending.toLocaleString("en-US")} unsafe or spam {flagged.pending === 1 ? "flag awaits" : "flags await"} review
                  </Link>
                </>
              ) : null}
            </p>
            {flagged.experiences.length > 0 ? (
              <ol className={list}>
                {flagged.experiences.map((e) => (
                  <li key={e.experience_id} className="flex items-baseline justify-between gap-3 py-1.5">
                    <ReportLink e={e} />
                    <span className="shrink-0 text-right tabular-nums">
                      {Object.entries(e.flags)
                        .map(([reason, n]) => `${reason} ${n}`)
                        .join(", ")}
                      {e.pending > 0 ? <span className="block text-xs text-amber-900 dark:text-amber-200">{e.pending} pending</span> : null}
                    </span>
                  </li>
                ))}
              </ol>
            ) : null}
          </Card>
        </section>
        <section aria-labelledby="stale">
          <Card className="h-full">
            <SectionTitle id="stale">Stale reports</SectionTitle>
            <p className={`mb-2 ${muted}`}>
              {stale.count.toLocaleString("en-US")} stale now: {stale.by_reason.version} by a newer version, {stale.by_reason.flags} flagged stale,{" "}
              {stale.by_reason.age} not confirmed for a year. Shown on their pages, never hidden.
            </p>
            {stale.experiences.length > 0 ? (
              <ol className={list}>
                {stale.experiences.map((e: Experience) => (
                  <li key={e.experience_id} className="py-1.5">
                    <ReportLink e={e} />
                    <span className="block text-xs text-stone-700 dark:text-stone-300">
                      {staleReasons(e, "").join("; ") || "stale"}
                      {e.superseded_by !== null ? ` · superseded by #${e.superseded_by}` : ""}
                    </span>
                  </li>
                ))}
              </ol>
            ) : null}
          </Card>
        </section>
        <section aria-labelledby="learned">
          <Card className="h-full">
            <SectionTitle id="learned">Learned from use</SectionTitle>
            <p className={`mb-2 ${muted}`}>
              {learned.active} active, {learned.lapsed} lapsed, {learned.removed} removed.{" "}
              <Link href="/admin/learned" prefetch={false} className={linkClass}>
                Review learned links
              </Link>
            </p>
            {learned.links.length > 0 ? (
              <ol className={list}>
                {learned.links.map((l) => (
                  <li key={l.id} className="flex items-baseline justify-between gap-3 py-1.5">
                    <span className="min-w-0 wrap-anywhere">
                      “<bdi lang={langOf(l.phrase)}>{l.phrase}</bdi>” →{" "}
                      <Link href={resourceHref(l.name)} prefetch={false} className={linkClass}>
                        <bdi lang={langOf(l.name)}>{l.name}</bdi>
                      </Link>
                    </span>
                    <span className="shrink-0 text-right tabular-nums">
                      {l.keys} keys
                      <span className="block text-xs text-stone-600 dark:text-stone-400">{l.status}</span>
                    </span>
                  </li>
                ))}
              </ol>
            ) : null}
          </Card>
        </section>
      </div>
      <section aria-labelledby="cited-searches">
        <Card>
          <SectionTitle id="cited-searches">Searches that ended in a report</SectionTitle>
          <p className={`mb-2 ${muted}`}>
            {cited.count.toLocaleString("en-US")} {cited.count === 1 ? "search" : "searches"} in the last {days} days that a report, confirmation or flag cited
            (after_search). The newest:
          </p>
          {cited.searches.length > 0 ? (
            <ol className={list}>
              {cited.searches.map((s) => (
                <li key={`${s.source}-${s.experience_id}-${s.at}`} className="grid gap-x-3 py-1.5 sm:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)_auto]">
                  {/* Text, not a link: running the search again would log it once more. */}
                  <bdi lang={langOf(s.query)} className="min-w-0 font-medium wrap-anywhere">
                    {s.query} <span className="font-normal text-stone-600 dark:text-stone-400">({s.confidence || "?"})</span>
                  </bdi>
                  <span className="min-w-0">
                    {s.source === "report" ? "reported" : s.source === "confirm" ? "confirmed" : "flagged"}: <ReportLink e={s} />
                  </span>
                  <span className="text-xs text-stone-600 dark:text-stone-400">
                    <bdi lang={langOf(s.key_label)}>{s.key_label}</bdi>, <time dateTime={s.at}>{formatDate(s.at)}</time>
                  </span>
                </li>
              ))}
            </ol>
          ) : null}
        </Card>
      </section>
    </>
  );
}
