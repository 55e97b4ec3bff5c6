import type { Metadata } from "next";
import Link from "next/link";
import { Breadcrumb } from "@/components/breadcrumb";
import { ContentHits } from "@/components/content-hits";
import { ContentTree } from "@/components/content-tree";
import { adminQueueHref, adminResourceHref } from "@/components/admin-paths";
import { ExperienceItem } from "@/components/experience-item";
import { categoryHref, categoryLabel, contentHref, formatCount, formatReports, langOf, resourceJsonHref, safeHttpUrl } from "@/components/format";
import { ScoreChart } from "@/components/score-chart";
import { Stars } from "@/components/stars";
import { ButtonLink, Card, Notice, SectionTitle, linkClass } from "@/components/ui";
import { ResourceFilters, filteredResourceHref, isFiltered } from "@/components/resource-filters";
import { VerdictBadge } from "@/components/verdict-badge";
import { findCitedContents } from "@/lib/contents/find-cited-contents";
import { getContentTree } from "@/lib/contents/get-content-tree";
import { rootOf } from "@/lib/contents/content-id";
import { RESOURCE_SORTS } from "@/lib/resources/schema";
import { first, resolve, type Props } from "./load";
import { AdminFlash } from "@/components/admin-flash";
import type { MaintainerContext } from "@/components/maintainer-actions";
import { flashMessage } from "../../../admin/_lib/flash";
import { currentSession } from "../../../admin/_lib/session";

export const dynamic = "force-dynamic";

const SORT_LABELS = { newest: "Newest", best: "Best first", worst: "Worst first" } as const;

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { resource: r } = await resolve(props);
  return {
    title: r.name,
    description: `${r.name}: ${r.avg_score.toFixed(1)} of 5 from ${formatReports(r.experience_count, r.reporter_count)} by AI agents${
      r.category ? ` (${r.category})` : ""
    }. Tasks, scores and tips.`,
  };
}

export default async function ResourcePage(props: Props) {
  const { resource: r, badCursor, badFilters, task, values } = await resolve(props);
  const url = safeHttpUrl(r.url);
  const roots = [...new Set(r.contents.map((c) => rootOf(c.id)))].slice(0, 3);
  const trees = (await Promise.all(roots.map((id) => getContentTree(id)))).filter((t) => t !== null);
  // Cited nodes outside the trees above (deeper than the tree shows, or under another root).
  const loose = r.contents.filter((c) => !trees.some((t) => inTree(t, c.id)));
  const hasContent = trees.length > 0 || loose.length > 0;
  const query = await props.searchParams;
  const paged = Boolean(first(query.cursor)) && !badCursor;
  // A signed-in maintainer gets a way to the flags' state (pending, upheld, dismissed) in the console,
  // and on each report a form to hide it and a link to flag it for review in the console, coming
  // back to this view (with its filters) and saying what was done.
  const session = await currentSession();
  const flagsHref = session ? adminQueueHref({ type: "flag", status: "all", resource: r.name }) : undefined;
  // Hiding the last published report takes the public page away: then back to its console page.
  const maintainer: MaintainerContext | undefined = session
    ? { csrf: session.csrf_token, back: r.experience_count > 1 ? filteredResourceHref(r.name, values) : adminResourceHref(r.name) }
    : undefined;
  const flash = session ? flashMessage(first(query.flash), first(query.n)) : null;
  const filtered = isFiltered(values);
  const lead = task?.experiences ?? [];
  // The content pages each shown report names in its text, in one query for the page.
  const cited = await findCitedContents([...lead, ...r.experiences]);

  const rating = (
    <section aria-labelledby="aggregate-title">
      <Card className="h-full">
        <SectionTitle id="aggregate-title">Rating{task ? " (all tasks)" : ""}</SectionTitle>
        <div className="flex items-center gap-4">
          <p className="text-5xl font-semibold tabular-nums">{r.avg_score.toFixed(1)}</p>
          <div className="space-y-1">
            <Stars value={r.avg_score} size={20} />
            <p className="text-sm text-stone-600 dark:text-stone-400">
              from {formatReports(r.experience_count, r.reporter_count)}
              {r.reporter_count !== r.experience_count ? " (a key counts once, with its latest report)" : null}
            </p>
          </div>
        </div>
        <div className="mt-4">
          <ScoreChart distribution={r.score_distribution} total={r.reporter_count} />
        </div>
        <p className="mt-3 text-xs text-stone-600 dark:text-stone-400">
          First reported <time dateTime={r.first_seen}>{r.first_seen.slice(0, 10)}</time>, latest{" "}
          <time dateTime={r.last_seen}>{r.last_seen.slice(0, 10)}</time>.
        </p>
      </Card>
    </section>
  );
  // Content takes half the row only when there is some; otherwise one line under the rating.
  const content = hasContent ? (
    <section aria-labelledby="content-title">
      <Card className="h-full">
        <SectionTitle id="content-title">Content</SectionTitle>
        <div className="space-y-4">
          {trees.map((tree) => (
            <ContentTree key={tree.id} root={tree} label={`Content tree: ${tree.title || tree.id}`} />
          ))}
          {loose.length > 0 ? (
            <ul className="list-disc pl-5 text-sm">
              {loose.map((c) => (
                <li key={c.id}>
                  <Link href={contentHref(c.id)} prefetch={false} lang={langOf(c.title)} className={linkClass}>
                    {c.title || c.id}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </Card>
    </section>
  ) : null;
  const overview = (
    <div className="space-y-3">
      <div className={hasContent ? "grid grid-cols-1 gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]" : "max-w-xl"}>
        {rating}
        {content}
      </div>
      {hasContent ? null : (
        <p data-testid="no-content" className="text-sm text-stone-600 dark:text-stone-400">
          No content pages yet. Agents can add documentation notes with <code>POST /api/content</code>.
        </p>
      )}
    </div>
  );

  return (
    <div className="space-y-8">
      <Breadcrumb
        items={[
          { href: "/", label: "Home" },
          { href: categoryHref(r.category), label: categoryLabel(r.category) },
          { label: r.name },
        ]}
      />
      <header className="space-y-2">
        <h1 lang={langOf(r.name)} dir="auto" className="text-2xl font-semibold tracking-tight wrap-anywhere sm:text-3xl">
          {r.name}
        </h1>
        {r.description ? (
          <p data-testid="resource-description" dir="auto" className="text-stone-800 wrap-anywhere dark:text-stone-200">
            {r.description}
          </p>
        ) : null}
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-stone-600 dark:text-stone-400">
          <span>
            Category:{" "}
            <Link href={categoryHref(r.category)} className={linkClass}>
              {categoryLabel(r.category)}
            </Link>
          </span>
          {url ? (
            <a href={url} rel="nofollow ugc noopener noreferrer" className={`${linkClass} break-all`}>
              {url}
            </a>
          ) : null}
          <a href={resourceJsonHref(r.name)} className={linkClass}>
            Same data as JSON
          </a>
        </p>
      </header>

      <AdminFlash message={flash} />

      {task ? null : overview}

      <ResourceFilters name={r.name} values={values} />
      {badFilters.length > 0 ? <Notice tone="warning">Ignored a filter this page cannot read: {badFilters.join(", ")}.</Notice> : null}

      {task ? (
        <section aria-labelledby="task-title" className="space-y-4">
          <div className="space-y-2">
            <SectionTitle id="task-title">
              For your task: <q lang={langOf(task.q)}>{task.q}</q>
            </SectionTitle>
            {task.verdict ? (
              <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <VerdictBadge verdict={task.verdict} />
                <span className="text-sm text-stone-600 dark:text-stone-400">
                  {lead.length === task.matching
                    ? `${formatCount(lead.length, "report matches", "reports match")} the task.`
                    : `${lead.length} of the ${formatCount(task.matching, "matching report", "matching reports")} pass the filters.`}
                </span>
              </p>
            ) : (
              <p className="text-sm text-stone-700 dark:text-stone-300">
                None of its {task.scanned === r.experience_count ? "" : "newest "}reports matches this task. Its other reports are below.
              </p>
            )}
          </div>
          {lead.length > 0 ? (
            <ol className="space-y-3" aria-label="Reports matching the task">
              {lead.map((e) => (
                <li key={e.id}>
                  <ExperienceItem experience={e} flagsHref={flagsHref} cites={cited.get(e.id)} maintainer={maintainer} />
                </li>
              ))}
            </ol>
          ) : null}
          {task.content.length > 0 ? (
            <div data-testid="task-content" className="space-y-2">
              <h3 className="font-semibold">Its content matching the task</h3>
              <ContentHits hits={task.content} label={`Content of ${r.name} matching the task`} showResource={false} />
            </div>
          ) : null}
        </section>
      ) : null}

      <section aria-labelledby="experiences-title" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <SectionTitle id="experiences-title">{task ? "Other reports" : filtered ? "Reports passing the filters" : "Experiences"}</SectionTitle>
          <nav aria-label="Sort experiences" className="flex flex-wrap gap-2">
            {RESOURCE_SORTS.map((s) => (
              <ButtonLink key={s} href={filteredResourceHref(r.name, { ...values, sort: s })} current={s === r.sort}>
                {SORT_LABELS[s]}
              </ButtonLink>
            ))}
          </nav>
        </div>
        {badCursor ? <Notice tone="warning">That page link has expired; showing the first page.</Notice> : null}
        {r.experiences.length === 0 ? (
          <p className="text-sm text-stone-700 dark:text-stone-300">{filtered ? "No other report passes these filters." : "No other reports."}</p>
        ) : null}
        <ol className="space-y-3">
          {r.experiences.map((e) => (
            <li key={e.id}>
              <ExperienceItem experience={e} flagsHref={flagsHref} cites={cited.get(e.id)} maintainer={maintainer} />
            </li>
          ))}
        </ol>
        <nav aria-label="Experience pages" className="flex flex-wrap justify-between gap-3">
          {paged ? <ButtonLink href={filteredResourceHref(r.name, values)}>← First page</ButtonLink> : <span />}
          {r.next_cursor ? (
            <ButtonLink href={filteredResourceHref(r.name, values, { cursor: r.next_cursor })} rel="next">
              {r.sort === "newest" ? "Older experiences →" : "Next page →"}
            </ButtonLink>
          ) : null}
        </nav>
      </section>

      {task ? overview : null}
    </div>
  );
}

function inTree(node: { id: string; children: { id: string; children: unknown[] }[] }, id: string): boolean {
  return node.id === id || node.children.some((c) => inTree(c as typeof node, id));
}
