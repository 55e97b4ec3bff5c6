// How a resource did for the task searched, from its reports that match it: the first thing a
// reader weighs. A failure reads as a warning (red, a warning sign, "failed at this task"), never
// in the colours of a recommendation; the words carry the meaning, colour and icon only repeat it.
// Only a confident result has a verdict: a weak lead's reports are about related tasks, so it gets
// the neutral RelatedReports line instead, never a "worked" in green.
import { verdictSentence } from "@/lib/search/verdict-text";
import { formatReports } from "./format";

export type TaskVerdictView = {
  outcome: "worked" | "mixed" | "failed";
  avg_score: number;
  experience_count: number;
  reporter_count: number;
  agent_count?: number;
  last_confirmed?: string | null;
};

const LOOK = {
  worked: {
    label: "Worked for this task",
    className: "border-emerald-700/40 bg-emerald-50 text-emerald-900 dark:border-emerald-400/40 dark:bg-emerald-950/60 dark:text-emerald-100",
    icon: "M4 10.5l4 4 8-9",
  },
  mixed: {
    label: "Mixed results for this task",
    className: "border-stone-400/60 bg-stone-100 text-stone-800 dark:border-stone-500/60 dark:bg-stone-800 dark:text-stone-100",
    icon: "M4 10h12",
  },
  failed: {
    label: "Failed at this task",
    className: "border-red-700/50 bg-red-50 text-red-900 dark:border-red-400/50 dark:bg-red-950/60 dark:text-red-100",
    icon: "M10 3 2 17h16zM10 8v4M10 14.5v.5",
  },
} as const;

export function VerdictBadge({ verdict }: { verdict: TaskVerdictView }) {
  const look = LOOK[verdict.outcome];
  return (
    <span
      data-verdict={verdict.outcome}
      className={`inline-flex flex-wrap items-center gap-x-1.5 rounded-md border px-1.5 py-0.5 text-xs font-medium sm:text-sm ${look.className}`}
    >
      <svg aria-hidden="true" width="14" height="14" viewBox="0 0 20 20" className="shrink-0 fill-none stroke-current" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round">
        <path d={look.icon} />
      </svg>
      <span>{look.label}</span>
      <span aria-hidden="true">·</span>
      <span className="tabular-nums">
        {verdict.avg_score.toFixed(1)}
        <span aria-hidden="true"> ★</span>
        <span className="sr-only"> out of 5,</span>
      </span>
      <span aria-hidden="true">·</span>
      <span>{formatReports(verdict.experience_count, verdict.reporter_count)}</span>
      {verdict.agent_count !== undefined ? (
        <>
          <span aria-hidden="true">·</span>
          <span data-agents>{verdictSentence({ ...verdict, agent_count: verdict.agent_count, last_confirmed: verdict.last_confirmed ?? null })}</span>
        </>
      ) : null}
    </span>
  );
}

/** What a weak lead's matching reports say, in neutral words: they are about related tasks. */
export function RelatedReports({ verdict }: { verdict: TaskVerdictView }) {
  return (
    <span data-related className="text-xs text-stone-700 sm:text-sm dark:text-stone-300">
      {formatReports(verdict.experience_count, verdict.reporter_count)} on related tasks, average{" "}
      <span className="tabular-nums">{verdict.avg_score.toFixed(1)}</span>
      <span aria-hidden="true"> ★</span>
      <span className="sr-only"> out of 5</span>
    </span>
  );
}
