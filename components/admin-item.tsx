// One item of the review queue (an experience or a content revision): what it is, where it
// belongs, who wrote it with which key, what screening found, and when. Submitted text is data:
// rendered as text, isolated with <bdi>.
import Link from "next/link";
import type { ReactNode } from "react";
import type { QueueItemDto } from "@/lib/moderation/schema";
import { FindingList, findingViews } from "./admin-findings";
import { adminContentHref, adminItemHref, adminResourceHref } from "./admin-paths";
import { StatusBadge } from "./admin-status";
import { formatDate, langOf, shorten } from "./format";
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

/** A row of the queue; `select` is the bulk checkbox, rendered by the page inside its form. */
export function QueueRow({ item, select }: { item: QueueItemDto; select?: ReactNode }) {
  const title = shorten(itemTitle(item), 160).short;
  const findings = findingViews(item.findings);
  return (
    <article aria-labelledby={`item-${item.type}-${String(item.id)}`} className="flex gap-3 rounded-lg border border-stone-200 bg-white p-3 sm:p-4 dark:border-stone-800 dark:bg-stone-900">
      {select ? <div className="pt-0.5">{select}</div> : null}
      <div className="min-w-0 flex-1 space-y-2">
        <h3 id={`item-${item.type}-${String(item.id)}`} className="font-medium wrap-anywhere">
          <Link href={adminItemHref(item)} prefetch={false} lang={langOf(title)} className="text-teal-800 underline underline-offset-2 dark:text-teal-300">
            {title || "(untitled)"}
          </Link>
        </h3>
        <ItemMeta item={item} />
        {item.status_reason ? (
          <p className="text-sm text-stone-700 dark:text-stone-300">
            Why {item.status}: <bdi>{item.status_reason}</bdi>
          </p>
        ) : null}
        <FindingList findings={findings} />
      </div>
    </article>
  );
}
