// One resource in the search results, compact enough that several fit on a phone screen: its
// verdict for this task, the best matching report with the matched words marked, and the other
// matching reports folded into a <details> (works without JavaScript). A weak lead (confidence
// "low") shares only part of the task: it is marked as such, on a dashed neutral rail, and says what
// its reports on related tasks average instead of a verdict.
import Link from "next/link";
import { highlightSnippet, highlightText, type SnippetPart } from "@/lib/search/highlight-snippet";
import type { ExperienceView } from "./experience-item";
import { StandingLine } from "./experience-standing";
import { formatCount, formatReports, langOf, resourceHref } from "./format";
import { CategoryBadge } from "./resource-row";
import { RelatedReports, VerdictBadge, type TaskVerdictView } from "./verdict-badge";

export type SearchResultView = {
  name: string;
  category: string;
  confidence: "high" | "low";
  task_verdict: TaskVerdictView;
  avg_score: number;
  experience_count: number;
  reporter_count: number;
  relevant_experiences: ExperienceView[];
};

// Characters of outcome or tips shown per report: about three lines on a phone.
const BEST_SNIPPET = 150;
const OTHER_SNIPPET = 110;

const RAIL = { worked: "border-emerald-600 dark:border-emerald-400", mixed: "border-stone-300 dark:border-stone-600", failed: "border-red-600 dark:border-red-400" };
const WEAK_RAIL = "border-dashed border-stone-400 dark:border-stone-500";

// task: the query searched, carried to the resource's page, which leads with the reports matching it.
type Props = { result: SearchResultView; rank: number; forms: string[]; task?: string };

export function SearchResultRow({ result: r, rank, forms, task }: Props) {
  const [best, ...rest] = r.relevant_experiences;
  const pageHref = resourceHref(r.name, { q: task || undefined });
  const headingId = `result-${rank}`;
  const weak = r.confidence === "low";
  return (
    <article aria-labelledby={headingId} className={`border-l-4 py-1 pl-3 ${weak ? WEAK_RAIL : RAIL[r.task_verdict.outcome]}`}>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <h3 id={headingId} className="min-w-0 font-semibold wrap-anywhere">
          <span className="mr-1 text-sm font-normal text-stone-600 tabular-nums dark:text-stone-400">{rank}.</span>
          <Link href={pageHref} prefetch={false} lang={langOf(r.name)} dir="auto" className="text-teal-800 underline-offset-2 hover:underline dark:text-teal-300">
            {r.name}
          </Link>
        </h3>
        <CategoryBadge category={r.category} />
        {weak ? (
          <span className="rounded-full border border-dashed border-amber-600 px-2 py-0.5 text-xs text-amber-900 dark:border-amber-400 dark:text-amber-200">weak lead</span>
        ) : null}
      </div>
      <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
        {weak ? <RelatedReports verdict={r.task_verdict} /> : <VerdictBadge verdict={r.task_verdict} />}
        <span className="text-xs text-stone-600 dark:text-stone-400">
          all tasks: {r.avg_score.toFixed(1)}
          <span aria-hidden="true"> ★</span>
          <span className="sr-only"> out of 5</span> · {formatReports(r.experience_count, r.reporter_count)}
        </span>
      </p>
      {best ? <ReportSnippet experience={best} forms={forms} max={BEST_SNIPPET} resource={r.name} /> : null}
      {rest.length > 0 || r.experience_count > r.relevant_experiences.length ? (
        <details className="mt-1 text-sm">
          <summary className="cursor-pointer text-teal-800 dark:text-teal-300">
            {rest.length === 0 ? "All reports" : weak ? formatCount(rest.length, "more related report", "more related reports") : formatCount(rest.length, "more matching report", "more matching reports")}
          </summary>
          <ul className="mt-1 space-y-2 border-l border-stone-200 pl-3 dark:border-stone-700">
            {rest.map((e) => (
              <li key={e.id}>
                <ReportSnippet experience={e} forms={forms} max={OTHER_SNIPPET} resource={r.name} />
              </li>
            ))}
          </ul>
          {r.experience_count > r.relevant_experiences.length ? (
            <p className="mt-1 wrap-anywhere">
              <Link href={pageHref} prefetch={false} className="text-teal-800 underline underline-offset-2 dark:text-teal-300">
                All {r.experience_count} reports on <bdi lang={langOf(r.name)}>{r.name}</bdi>
              </Link>
            </p>
          ) : null}
        </details>
      ) : null}
    </article>
  );
}

/** A report as one task line and one short snippet of what happened (or its tips). */
function ReportSnippet({ experience: e, forms, max, resource }: { experience: ExperienceView; forms: string[]; max: number; resource: string }) {
  const outcome = e.outcome ? highlightSnippet(e.outcome, forms, max) : null;
  const tips = e.tips ? highlightSnippet(e.tips, forms, max) : null;
  // The outcome says how it went, which is what a verdict rests on; tips win only with more marks.
  const [label, snippet] = tips && (!outcome || tips.marked > outcome.marked) ? ["Tips", tips] : ["Outcome", outcome];
  return (
    <div className="mt-1 text-sm">
      <p className="wrap-anywhere">
        <span className="text-stone-600 dark:text-stone-400">Task: </span>
        <bdi lang={langOf(e.task)}>
          <Marked parts={highlightText(e.task, forms)} />
        </bdi>{" "}
        <span className="whitespace-nowrap text-stone-600 tabular-nums dark:text-stone-400">
          <span aria-hidden="true">· </span>
          <span className="sr-only">scored </span>
          {e.score}/5
        </span>{" "}
        <span className="whitespace-nowrap text-stone-600 tabular-nums dark:text-stone-400">
          <span aria-hidden="true">· </span>
          <span className="sr-only">reported </span>
          <time dateTime={e.created_at}>{e.created_at.slice(0, 10)}</time>
        </span>
      </p>
      {snippet ? (
        <p className="text-stone-700 wrap-anywhere dark:text-stone-300">
          <span className="font-semibold">{label}: </span>
          <bdi lang={langOf(label === "Tips" ? e.tips : e.outcome)}>
            <Marked parts={snippet.parts} />
          </bdi>
        </p>
      ) : null}
      {/* Confirmations, flags and freshness of this report; its successor is on the resource's page. */}
      <StandingLine standing={e} createdAt={e.created_at} successorHref={(id) => `${resourceHref(resource)}#experience-${id}`} />
    </div>
  );
}

function Marked({ parts }: { parts: SnippetPart[] }) {
  return parts.map((p, i) =>
    p.mark ? (
      <mark key={i} className="rounded-sm bg-amber-200 px-0.5 text-stone-950 dark:bg-amber-300/25 dark:text-amber-50">
        {p.text}
      </mark>
    ) : (
      p.text
    ),
  );
}
