// Content nodes matching a task (search's `content`, a resource's `task.content`): each row links to
// the node's page, names its resource and shows the snippet with the matched words marked. The
// snippet arrives as text with the matches in **bold** (the API's form, readable by agents as it
// is); the body's own asterisks were removed before marking, so every ** is one of ours.
import Link from "next/link";
import { langOf, resourceHref } from "@/components/format";
import { linkClass } from "@/components/ui";
import type { ContentHitDto } from "@/lib/search/schema";

function Snippet({ text }: { text: string }) {
  // Split on **: odd pieces are the marked words.
  const parts = text.split("**");
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <mark key={i} className="rounded-sm bg-amber-200 px-0.5 text-stone-950 dark:bg-amber-300/25 dark:text-amber-50">
            {part}
          </mark>
        ) : (
          part
        ),
      )}
    </>
  );
}

export function ContentHits({ hits, label, showResource = true }: { hits: ContentHitDto[]; label: string; showResource?: boolean }) {
  return (
    <ul aria-label={label} className="space-y-3">
      {hits.map((c) => (
        <li key={c.id} data-testid="content-hit" className="rounded-xl border border-stone-200 bg-white p-4 dark:border-stone-800 dark:bg-stone-900">
          <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
            <Link href={c.link} prefetch={false} lang={langOf(c.title || c.id)} className={`${linkClass} font-semibold wrap-anywhere`}>
              {c.title || c.id}
            </Link>
            <code className="text-xs text-stone-600 wrap-anywhere dark:text-stone-400">{c.id}</code>
          </p>
          {showResource && c.resource ? (
            <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">
              Content of{" "}
              <Link href={resourceHref(c.resource)} prefetch={false} className={linkClass}>
                {c.resource}
              </Link>
            </p>
          ) : null}
          {c.snippet ? (
            <p lang={langOf(c.snippet)} dir="auto" className="mt-2 text-sm text-stone-800 wrap-anywhere dark:text-stone-200">
              <Snippet text={c.snippet} />
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
