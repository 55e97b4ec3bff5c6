// The reports that cite a content page (lib/experiences/list-citing-reports.ts), each linking to
// its place on its resource's page. Every field is submitted data: rendered as text.
import Link from "next/link";
import type { CitingReportDto } from "@/lib/experiences/list-citing-reports";
import { experienceAnchor } from "./experience-item";
import { formatDate, langOf, resourceHref } from "./format";
import { Score } from "./stars";

/**
 * The report on its resource's page: that day's reports (newest first), so it is on the first page
 * however many newer reports the resource has since.
 */
export function citingReportHref(r: CitingReportDto): string {
  const day = r.created_at.slice(0, 10);
  return `${resourceHref(r.name, { since: day, until: day })}${experienceAnchor(r.id)}`;
}

export function CitingReports({ reports }: { reports: CitingReportDto[] }) {
  return (
    <section aria-labelledby="citing-title">
      <h2 id="citing-title" className="mb-2 text-lg font-semibold">
        Reports citing this page
      </h2>
      <ol className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white text-sm dark:divide-stone-800 dark:border-stone-800 dark:bg-stone-900">
        {reports.map((r) => (
          <li key={r.id} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 px-4 py-3">
            <div className="min-w-0 space-y-1">
              <Link href={citingReportHref(r)} prefetch={false} lang={langOf(r.task)} dir="auto" className="font-medium text-teal-800 underline underline-offset-2 wrap-anywhere dark:text-teal-300">
                {r.task}
              </Link>
              <p className="text-stone-600 dark:text-stone-400">
                with <bdi lang={langOf(r.name)}>{r.name}</bdi>, <time dateTime={r.created_at}>{formatDate(r.created_at)}</time>
              </p>
            </div>
            <Score score={r.score} />
          </li>
        ))}
      </ol>
    </section>
  );
}
