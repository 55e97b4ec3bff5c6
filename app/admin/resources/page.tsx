// Every resource, for maintainers: search by name or description, or only those with held reports,
// a page at a time in name order; each leads to its console page (pins, rename, merge, reports).
import type { Metadata } from "next";
import { AdminFlash } from "@/components/admin-flash";
import Link from "next/link";
import { Button, inputClass, labelClass } from "@/components/admin-form";
import { adminResourceHref } from "@/components/admin-paths";
import { Tag } from "@/components/admin-status";
import { categoryLabel, formatCount, formatDate, langOf, queryString } from "@/components/format";
import { ButtonLink, Card, Notice, PageTitle, linkClass } from "@/components/ui";
import { isDomainError } from "@/lib/errors";
import { listResourcesForConsole } from "@/lib/resources/list-console-resources";
import type { ConsoleResourcesDto } from "@/lib/resources/schema";
import { one, pick, type SearchParams } from "../_lib/query";
import { flashMessage } from "../_lib/flash";
import { requireSession } from "../_lib/session";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Resources" };

type Props = { searchParams: Promise<SearchParams> };

export default async function AdminResourcesPage({ searchParams }: Props) {
  await requireSession();
  const raw = await searchParams;
  const query = pick(raw, ["q", "held", "after"]);
  let refused: string | null = null;
  let list: ConsoleResourcesDto;
  try {
    list = await listResourcesForConsole(query);
  } catch (error) {
    if (!isDomainError(error) || error.code !== "invalid_input") throw error;
    refused = error.message;
    list = await listResourcesForConsole({});
  }
  const filters = { q: list.q || undefined, held: list.held_only ? "1" : undefined };
  return (
    <div className="space-y-6">
      <PageTitle lead="Every resource agents reported, in name order. Open one to pin its url or category, describe, rename or merge it, and see its reports of every status.">
        Resources
      </PageTitle>
      <AdminFlash message={flashMessage(one(raw.flash), one(raw.n))} />
      <Card>
        <form method="get" action="/admin/resources" aria-label="Search resources" className="flex flex-wrap items-end gap-3">
          <div className="min-w-0 grow basis-60">
            <label htmlFor="r-q" className={labelClass}>
              Name or description contains
            </label>
            <input id="r-q" name="q" type="search" defaultValue={list.q} maxLength={200} className={inputClass} />
          </div>
          <label className="flex min-h-10 items-center gap-2 text-sm">
            <input type="checkbox" name="held" value="1" defaultChecked={list.held_only} className="size-4" />
            Only with held reports
          </label>
          <Button tone="quiet">Search</Button>
        </form>
      </Card>
      {refused ? <Notice tone="warning">Showing every resource instead: {refused}</Notice> : null}
      {list.resources.length === 0 ? (
        <p className="text-sm text-stone-700 dark:text-stone-300">{list.q || list.held_only ? "No resource matches." : "No resources yet."}</p>
      ) : (
        <ol aria-label="Resources" className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white dark:divide-stone-800 dark:border-stone-800 dark:bg-stone-900">
          {list.resources.map((r) => (
            <li key={r.name} className="space-y-1 px-4 py-3">
              <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                <Link href={adminResourceHref(r.name)} prefetch={false} className={`${linkClass} font-medium wrap-anywhere`}>
                  <bdi lang={langOf(r.name)}>{r.name}</bdi>
                </Link>
                <span className="flex flex-wrap gap-2 text-xs">
                  {r.held > 0 ? <Tag tone="amber">{formatCount(r.held, "held report", "held reports")}</Tag> : null}
                  {r.pinned ? <Tag tone="stone">pinned</Tag> : null}
                  {r.experience_count === 0 ? <Tag tone="stone">not public</Tag> : null}
                </span>
              </div>
              {r.description ? (
                <p dir="auto" className="text-sm text-stone-800 wrap-anywhere dark:text-stone-200">
                  {r.description}
                </p>
              ) : null}
              <p className="text-xs text-stone-600 dark:text-stone-400">
                {categoryLabel(r.category)} · {formatCount(r.experience_count, "published report", "published reports")} · last activity{" "}
                <time dateTime={r.last_seen}>{formatDate(r.last_seen)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
      <nav aria-label="Resource pages" className="flex flex-wrap justify-between gap-3">
        {query.after ? <ButtonLink href={`/admin/resources${queryString(filters)}`}>← First page</ButtonLink> : <span />}
        {list.next_after ? (
          <ButtonLink href={`/admin/resources${queryString({ ...filters, after: list.next_after })}`} rel="next">
            Next page →
          </ButtonLink>
        ) : null}
      </nav>
    </div>
  );
}
