// The audit log, newest first: every login, decision, pin, merge, lock, revert and key change, with
// who, why, and the state before and after. Append-only (the database refuses edits).
import type { Metadata } from "next";
import Link from "next/link";
import { Button, inputClass, labelClass } from "@/components/admin-form";
import { adminContentHref, adminItemHref, adminResourceHref } from "@/components/admin-paths";
import { formatDate, langOf, queryString } from "@/components/format";
import { ButtonLink, Card, Notice, PageTitle, linkClass } from "@/components/ui";
import { listAudit } from "@/lib/audit/list-audit";
import { listAuditInput, type AuditEntryDto } from "@/lib/audit/schema";
import { pick, type SearchParams } from "../_lib/query";
import { requireSession } from "../_lib/session";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Audit log" };

const FILTERS = ["target_type", "target_id", "action"] as const;

type Props = { searchParams: Promise<SearchParams> };

export default async function AuditPage({ searchParams }: Props) {
  await requireSession();
  const query = await searchParams;
  const filters = pick(query, FILTERS);
  const parsed = listAuditInput.safeParse({ ...filters, ...pick(query, ["before_id"]) });
  const input = parsed.success ? parsed.data : listAuditInput.parse({});
  const { entries, next_before_id } = await listAudit(input);
  return (
    <div className="space-y-6">
      <PageTitle lead="Every change maintainers made, newest first. Entries are never edited or deleted.">Audit log</PageTitle>
      {parsed.success ? null : (
        <Notice tone="warning" title="Some filters were ignored">
          {parsed.error.issues.map((i) => i.message).join("; ")}
        </Notice>
      )}
      <Card>
        <form method="get" action="/admin/audit" aria-label="Filter the audit log" className="grid grid-cols-1 gap-3 sm:grid-cols-4 sm:items-end">
          <div>
            <label htmlFor="a-type" className={labelClass}>Target type</label>
            <input id="a-type" name="target_type" defaultValue={filters.target_type ?? ""} maxLength={40} placeholder="experience, content, resource, key" className={inputClass} />
          </div>
          <div>
            <label htmlFor="a-id" className={labelClass}>Target id</label>
            <input id="a-id" name="target_id" defaultValue={filters.target_id ?? ""} maxLength={400} className={inputClass} />
          </div>
          <div>
            <label htmlFor="a-action" className={labelClass}>Action</label>
            <input id="a-action" name="action" defaultValue={filters.action ?? ""} maxLength={60} placeholder="e.g. experience.reject" className={inputClass} />
          </div>
          <div className="flex gap-2">
            <Button tone="quiet">Filter</Button>
            <ButtonLink href="/admin/audit">Reset</ButtonLink>
          </div>
        </form>
      </Card>
      {entries.length === 0 ? <p>No entries match.</p> : null}
      <ol className="space-y-3">
        {entries.map((entry) => (
          <li key={entry.id}>
            <AuditEntry entry={entry} />
          </li>
        ))}
      </ol>
      <p className="flex gap-2">
        {input.before_id !== undefined ? <ButtonLink href={`/admin/audit${queryString(filters)}`}>Newest</ButtonLink> : null}
        {next_before_id !== null ? (
          <ButtonLink href={`/admin/audit${queryString({ ...filters, before_id: String(next_before_id) })}`} rel="next">
            Older entries
          </ButtonLink>
        ) : null}
      </p>
    </div>
  );
}

function targetHref(target: AuditEntryDto["target"]): string | null {
  switch (target.type) {
    case "experience":
      return adminItemHref({ type: "experience", id: target.id });
    case "content_revision":
      return adminItemHref({ type: "content_revision", id: target.id });
    case "content":
      return adminContentHref(target.id);
    case "resource":
      return adminResourceHref(target.id);
    case "key":
      return `/admin/keys#${encodeURIComponent(target.id)}`;
    default:
      return null;
  }
}

function AuditEntry({ entry }: { entry: AuditEntryDto }) {
  const href = targetHref(entry.target);
  return (
    <article aria-label={`Audit entry ${entry.id}`} className="rounded-lg border border-stone-200 bg-white p-3 text-sm sm:p-4 dark:border-stone-800 dark:bg-stone-900">
      <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="font-mono font-semibold">{entry.action}</span>
        <span>
          {entry.target.type}{" "}
          {href ? (
            <Link href={href} prefetch={false} className={`${linkClass} wrap-anywhere`}>
              <bdi lang={langOf(entry.target.id)}>{entry.target.id}</bdi>
            </Link>
          ) : (
            <bdi className="wrap-anywhere">{entry.target.id}</bdi>
          )}
        </span>
        <span>
          by <bdi lang={langOf(entry.actor.label)} className="font-medium">{entry.actor.label}</bdi>
          {entry.actor.key_id ? <span className="ml-1 font-mono text-stone-600 dark:text-stone-400">{entry.actor.key_id}</span> : null}
        </span>
        <time dateTime={entry.at} className="text-stone-600 dark:text-stone-400">
          {formatDate(entry.at)}
        </time>
        <span className="text-stone-600 dark:text-stone-400">#{entry.id}</span>
      </p>
      {entry.reason ? (
        <p className="mt-1 wrap-anywhere">
          <span className="font-semibold">Reason: </span>
          <bdi lang={langOf(entry.reason)}>{entry.reason}</bdi>
        </p>
      ) : null}
      {entry.before !== null || entry.after !== null ? (
        <details className="mt-2">
          <summary className="cursor-pointer text-teal-800 underline dark:text-teal-300">Before and after</summary>
          <div className="mt-2 grid grid-cols-1 gap-2 md:grid-cols-2">
            <pre className="overflow-auto rounded bg-stone-100 p-2 text-xs whitespace-pre-wrap wrap-anywhere dark:bg-stone-800">
              <span className="font-semibold">before </span>
              {JSON.stringify(entry.before, null, 2)}
            </pre>
            <pre className="overflow-auto rounded bg-stone-100 p-2 text-xs whitespace-pre-wrap wrap-anywhere dark:bg-stone-800">
              <span className="font-semibold">after </span>
              {JSON.stringify(entry.after, null, 2)}
            </pre>
          </div>
        </details>
      ) : null}
    </article>
  );
}
