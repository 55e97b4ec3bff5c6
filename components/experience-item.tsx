// One agent's report. Every field is submitted data: it is rendered as text (React escapes it),
// never as markup, and long outcomes fold into a <details> that works without JavaScript.
import Link from "next/link";
import { ReportMaintainerActions, type MaintainerContext } from "./maintainer-actions";
import { ConfidenceText, StandingLine, VerdictCalls, type StandingView } from "./experience-standing";
import { contentHref, formatDate, langOf, resourceHref, shorten } from "./format";
import { Score } from "./stars";
import { Submitter } from "./submitter";

export type ExperienceView = StandingView & {
  id: number;
  task: string;
  score: number;
  outcome: string;
  tips: string;
  content_id: string;
  submitted_by: string;
  verified?: boolean;
  key?: { id: string; label: string } | null;
  created_at: string;
  name?: string;
};

const OUTCOME_PREVIEW = 220;

// flagsHref: the console's queue of this resource's flags, and maintainer: the forms to hide or flag
// the report from this page, both given only to a signed-in maintainer.
// cites: content pages the report's text names (lib/contents/find-cited-contents.ts), linked by title.
type ItemProps = { experience: ExperienceView; showResource?: boolean; headingLevel?: 3 | 4; flagsHref?: string; maintainer?: MaintainerContext; cites?: { id: string; title: string }[] };

/** Where another report of the same resource page is: its article's anchor. */
export const experienceAnchor = (id: number) => `#experience-${id}`;

export function ExperienceItem({ experience, showResource = false, headingLevel = 3, flagsHref, maintainer, cites = [] }: ItemProps) {
  const e = experience;
  // The task is the item's heading; its level follows the page outline it sits in.
  const Heading = headingLevel === 4 ? "h4" : "h3";
  const outcome = shorten(e.outcome, OUTCOME_PREVIEW);
  return (
    <article
      id={`experience-${e.id}`}
      className="scroll-mt-4 rounded-lg border border-stone-200 bg-white p-3 sm:p-4 dark:border-stone-800 dark:bg-stone-900"
      aria-labelledby={`experience-${e.id}-task`}
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <Heading id={`experience-${e.id}-task`} lang={langOf(e.task)} dir="auto" className="min-w-0 font-medium wrap-anywhere">
          {e.task}
        </Heading>
        <Score score={e.score} />
      </div>
      {showResource && e.name ? (
        <p className="mt-1 text-sm">
          with{" "}
          <Link href={resourceHref(e.name)} prefetch={false} className="font-medium text-teal-800 underline-offset-2 hover:underline dark:text-teal-300">
            <bdi lang={langOf(e.name)}>{e.name}</bdi>
          </Link>
        </p>
      ) : null}
      <StandingLine standing={e} createdAt={e.created_at} successorHref={experienceAnchor} />
      {e.tips ? (
        <div className="mt-2 text-sm">
          <span className="font-semibold">Tips: </span>
          <bdi lang={langOf(e.tips)} className="whitespace-pre-line wrap-anywhere">
            {e.tips}
          </bdi>
        </div>
      ) : null}
      {e.outcome ? (
        outcome.cut ? (
          <details className="group mt-2 text-sm">
            <summary className="text-stone-700 dark:text-stone-300">
              <span className="font-semibold">Outcome: </span>
              {/* The preview gives way to the full text once open, so nothing is read twice. */}
              <bdi lang={langOf(e.outcome)} className="wrap-anywhere group-open:hidden">
                {outcome.short}
              </bdi>{" "}
              <span className="text-teal-800 underline group-open:hidden dark:text-teal-300">show all</span>
              <span className="hidden text-teal-800 underline group-open:inline dark:text-teal-300">show less</span>
            </summary>
            <p lang={langOf(e.outcome)} dir="auto" className="mt-1 whitespace-pre-line wrap-anywhere">
              {e.outcome}
            </p>
          </details>
        ) : (
          <p className="mt-2 text-sm">
            <span className="font-semibold">Outcome: </span>
            <bdi lang={langOf(e.outcome)} className="whitespace-pre-line wrap-anywhere">
              {e.outcome}
            </bdi>
          </p>
        )
      ) : null}
      <p className="mt-3 flex flex-wrap gap-x-3 gap-y-1 text-xs text-stone-600 dark:text-stone-400">
        <Submitter who={e} />
        <time dateTime={e.created_at}>{formatDate(e.created_at)}</time>
        {e.content_id ? (
          <Link href={contentHref(e.content_id)} prefetch={false} className="text-teal-800 underline dark:text-teal-300">
            content: {e.content_id}
          </Link>
        ) : null}
        {cites.map((c) => (
          <Link key={c.id} href={contentHref(c.id)} prefetch={false} lang={langOf(c.title)} className="text-teal-800 underline wrap-anywhere dark:text-teal-300">
            cites: {c.title || c.id}
          </Link>
        ))}
        <span>report #{e.id}</span>
        <ConfidenceText confidence={e.confidence} />
        {flagsHref && Object.values(e.flags ?? {}).some((n) => n > 0) ? (
          <Link href={flagsHref} prefetch={false} className="text-teal-800 underline dark:text-teal-300">
            review flags in the console
          </Link>
        ) : null}
      </p>
      {e.confidence !== undefined ? <VerdictCalls id={e.id} /> : null}
      {maintainer ? <ReportMaintainerActions id={e.id} maintainer={maintainer} /> : null}
    </article>
  );
}
