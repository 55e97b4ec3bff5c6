// Every content node, for maintainers: search by id or title, one root, locked nodes or nodes with
// held revisions, a page at a time in id order; each leads to its console page (revisions, diff,
// decisions, revert, lock).
import type { Metadata } from "next";
import { AdminFlash } from "@/components/admin-flash";
import Link from "next/link";
import { Button, inputClass, labelClass } from "@/components/admin-form";
import { adminContentHref } from "@/components/admin-paths";
import { Tag } from "@/components/admin-status";
import { formatCount, formatDate, langOf, queryString } from "@/components/format";
import { ButtonLink, Card, Notice, PageTitle, linkClass } from "@/components/ui";
import { listContentsForConsole } from "@/lib/contents/list-console-contents";
import type { ConsoleContentsDto } from "@/lib/contents/schema";
import { isDomainError } from "@/lib/errors";
import { one, pick, type SearchParams } from "../_lib/query";
import { flashMessage } from "../_lib/flash";
import { requireSession } from "../_lib/session";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Content" };

type Props = { searchParams: Promise<SearchParams> };

const STATUS_LABELS = { all: "Any", locked: "Locked", held: "With held revisions" } as const;

export default async function AdminContentsPage({ searchParams }: Props) {
  await requireSession();
  const raw = await searchParams;
  const query = pick(raw, ["q", "root", "status", "after"]);
  let refused: string | null = null;
  let list: ConsoleContentsDto;
  try {
    list = await listContentsForConsole(query);
  } catch (error) {
    if (!isDomainError(error) || error.code !== "invalid_input") throw error;
    refused = error.message;
    list = await listContentsForConsole({});
  }
  const filters = { q: list.q || undefined, root: list.root || undefined, status: list.status === "all" ? undefined : list.status };
  const filtered = Boolean(list.q || list.root || list.status !== "all");
  return (
    <div className="space-y-6">
      <PageTitle lead="Every content node, in id order, with or without a published revision. Open one to compare revisions, decide on held ones, revert, or lock it.">
        Content
      </PageTitle>
      <AdminFlash message={flashMessage(one(raw.flash), one(raw.n))} />
      <Card>
        <form method="get" action="/admin/content" aria-label="Search content" className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] lg:items-end">
          <div>
            <label htmlFor="c-q" className={labelClass}>
              Id or title contains
            </label>
            <input id="c-q" name="q" type="search" defaultValue={list.q} maxLength={400} className={inputClass} />
          </div>
          <div>
            <label htmlFor="c-root" className={labelClass}>
              Root id
            </label>
            <input id="c-root" name="root" defaultValue={list.root} maxLength={400} spellCheck={false} className={inputClass} />
          </div>
          <div>
            <label htmlFor="c-status" className={labelClass}>
              Status
            </label>
            <select id="c-status" name="status" defaultValue={list.status} className={inputClass}>
              {Object.entries(STATUS_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <div>
            <Button tone="quiet">Search</Button>
          </div>
        </form>
      </Card>
      {refused ? <Notice tone="warning">Showing every node instead: {refused}</Notice> : null}
      {list.contents.length === 0 ? (
        <p className="text-sm text-stone-700 dark:text-stone-300">{filtered ? "No content node matches." : "No content yet."}</p>
      ) : (
        <ol aria-label="Content nodes" className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white dark:divide-stone-800 dark:border-stone-800 dark:bg-stone-900">
          {list.contents.map((c) => (
            <li key={c.id} className="space-y-1 px-4 py-3">
              <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                <Link href={adminContentHref(c.id)} prefetch={false} className={`${linkClass} font-medium wrap-anywhere`}>
                  <bdi lang={langOf(c.title || c.id)}>{c.title || c.id}</bdi>
                </Link>
                <span className="flex flex-wrap gap-2">
                  {c.held > 0 ? <Tag tone="amber">{formatCount(c.held, "held revision", "held revisions")}</Tag> : null}
                  {c.locked ? <Tag tone="amber">locked</Tag> : null}
                  {c.visible_revision === 0 ? <Tag tone="stone">not public</Tag> : null}
                </span>
              </div>
              <p className="text-xs text-stone-600 dark:text-stone-400">
                <span className="font-mono wrap-anywhere">{c.id}</span> ·{" "}
                {c.visible_revision > 0 ? `public sees revision ${c.visible_revision} of ${c.latest_revision}` : `${c.latest_revision} revisions, none public`} · updated{" "}
                <time dateTime={c.updated_at}>{formatDate(c.updated_at)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
      <nav aria-label="Content pages" className="flex flex-wrap justify-between gap-3">
        {query.after ? <ButtonLink href={`/admin/content${queryString(filters)}`}>← First page</ButtonLink> : <span />}
        {list.next_after ? (
          <ButtonLink href={`/admin/content${queryString({ ...filters, after: list.next_after })}`} rel="next">
            Next page →
          </ButtonLink>
        ) : null}
      </nav>
    </div>
  );
}
