// One item of the review queue (an experience or a content revision): what it is, where it
// belongs, who wrote it with which key, what screening found, and when. Submitted text is data:
// rendered as text, isolated with <bdi>.
import Link from "next/link";
import type { ReactNode } from "react";
import type { QueueItemDto } from "@/lib/moderation/schema";
import { FindingInSentence, FindingKind, findingViews } from "./admin-findings";
import { adminContentHref, adminItemHref, adminResourceHref } from "./admin-paths";
import { StatusBadge } from "./admin-status";
import { formatAge, formatDate, langOf, shorten } from "./format";
import { Submitter } from "./submitter";

const TYPE_LABEL: Record<string, string> = { experience: "experience", content_revision: "content revision", flag: "flag" };

export function itemTitle(item: QueueItemDto): string {
  if (item.type === "flag") return `${item.text.reason ?? "flag"} flag: ${item.text.task ?? ""}`;
  return item.type === "experience" ? (item.text.task ?? "") : item.text.title || (item.content ? `${item.content.id} revision ${item.content.revision}` : String(item.id));
}

export function ItemMeta({ item }: { item: QueueItemDto }) {
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-stone-700 dark:text-stone-300">
      <span className="rounded bg-stone-200 px-1.5 py-0.5 text-xs font-medium text-stone-900 dark:bg-stone-700 dark:text-stone-50">{TYPE_LABEL[item.type] ?? item.type}</span>
      <StatusBadge status={item.status} />
      {item.resource ? (
        <span>
          resource{" "}
          <Link href={adminResourceHref(item.resource.name)} prefetch={false} className="font-medium text-teal-800 underline underline-offset-2 dark:text-teal-300">
            <bdi lang={langOf(item.resource.name)}>{item.resource.name}</bdi>
          </Link>
        </span>
      ) : null}
      {item.content ? (
        <span>
          content{" "}
          <Link href={adminContentHref(item.content.id)} prefetch={false} className="font-medium text-teal-800 underline underline-offset-2 dark:text-teal-300">
            <bdi lang={langOf(item.content.id)}>{item.content.id}</bdi>
          </Link>{" "}
          revision {item.content.revision}
        </span>
      ) : null}
      {item.score !== null ? <span>score {item.score}/5</span> : null}
      <span className="text-xs">
        <Submitter who={item.provenance} />
        {item.provenance.key ? <span className="ml-1 font-mono text-stone-600 dark:text-stone-400">{item.provenance.key.id}</span> : null}
      </span>
      <time dateTime={item.created_at} className="text-xs text-stone-600 dark:text-stone-400">
        {formatDate(item.created_at)}
      </time>
    </p>
  );
}

/**
 * A dense row of the queue (several per screen): the title linking to the item page with the
 * queue's filters, its age, a one-line meta, and its first finding in its sentence. `select` is
 * the bulk checkbox and `actions` the row's own decision buttons, both rendered by the page
 * (they belong to forms the page owns). data-* attributes are what the keyboard shortcuts read.
 */
export function QueueRow({
  item,
  select,
  actions,
  queue,
  now,
  formId,
}: {
  item: QueueItemDto;
  select?: ReactNode;
  actions?: ReactNode;
  queue: Record<string, string | undefined>;
  now: number;
  /** The row's own decision form, when it has one. */
  formId?: string;
}) {
  const title = shorten(itemTitle(item), 160).short;
  const findings = findingViews(item.findings, item.text);
  const headingId = `item-${item.type}-${String(item.id)}`.replace(/[^A-Za-z0-9_-]/g, "_");
  // The row has room for one finding: one shown in its sentence if any is.
  const first = findings.find((f) => f.sentence !== null) ?? findings[0];
  return (
    <article
      aria-labelledby={headingId}
      data-queue-row=""
      data-title={title}
      data-findings={findings.map((f) => f.kind).join(" ")}
      data-form={formId}
      data-can-approve={formId && item.status === "pending" ? "" : undefined}
      className="flex scroll-mt-4 scroll-mb-44 gap-3 rounded-lg border border-stone-200 bg-white px-3 py-2 focus-within:border-teal-700 focus-within:ring-2 focus-within:ring-teal-700 dark:border-stone-800 dark:bg-stone-900 dark:focus-within:border-teal-300 dark:focus-within:ring-teal-300"
    >
      {select ? <div className="pt-0.5">{select}</div> : null}
      <div className="min-w-0 flex-1">
        <div className="flex items-baseline gap-2">
          <h3 id={headingId} className="min-w-0 flex-1 truncate font-medium">
            <Link href={adminItemHref(item, queue)} prefetch={false} lang={langOf(title)} data-row-link="" className="text-teal-800 underline underline-offset-2 dark:text-teal-300">
              {title || "(untitled)"}
            </Link>
          </h3>
          <time dateTime={item.created_at} title={formatDate(item.created_at)} className="shrink-0 text-xs tabular-nums text-stone-700 dark:text-stone-300">
            <span className="sr-only">age </span>
            {formatAge(item.created_at, now)}
          </time>
        </div>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-stone-700 dark:text-stone-300">
          <span className="rounded bg-stone-200 px-1 font-medium text-stone-900 dark:bg-stone-700 dark:text-stone-50">{TYPE_LABEL[item.type] ?? item.type}</span>
          <StatusBadge status={item.status} />
          {item.resource ? <bdi lang={langOf(item.resource.name)} className="max-w-[16rem] truncate font-medium">{item.resource.name}</bdi> : null}
          {item.content ? <bdi lang={langOf(item.content.id)} className="max-w-[16rem] truncate font-medium">{item.content.id}@{item.content.revision}</bdi> : null}
          {item.score !== null ? <span>{item.score}/5</span> : null}
          <span>
            <Submitter who={item.provenance} />
            {item.provenance.key ? <span className="ml-1 font-mono text-stone-600 dark:text-stone-400">{item.provenance.key.id}</span> : null}
          </span>
          {item.type === "flag" && item.status_reason ? <span className="truncate">{item.status_reason}</span> : null}
        </p>
        {first ? (
          <p className="mt-0.5 line-clamp-2 text-sm wrap-anywhere sm:line-clamp-1">
            <FindingKind kind={first.kind} />
            {first.field ? <span className="mr-1 text-xs text-stone-600 dark:text-stone-400">in {first.field}:</span> : null}
            <FindingInSentence finding={first} />
            {findings.length > 1 ? <span className="ml-1 text-xs text-stone-600 dark:text-stone-400">(+{findings.length - 1} more)</span> : null}
          </p>
        ) : null}
      </div>
      {actions ? <div className="flex shrink-0 items-start gap-1">{actions}</div> : null}
    </article>
  );
}
