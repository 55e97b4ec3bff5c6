import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { Breadcrumb, type Crumb } from "@/components/breadcrumb";
import { CitingReports } from "@/components/citing-reports";
import { ContentOutline } from "@/components/content-outline";
import { ContentTree } from "@/components/content-tree";
import { contentHref, formatDate, langOf } from "@/components/format";
import { listMarkdownHeadings } from "@/components/markdown-headings";
import { Submitter } from "@/components/submitter";
import { MarkdownView } from "@/components/markdown";
import { Notice, linkClass } from "@/components/ui";
import { foldContentTree, MAX_TREE_NODES } from "@/lib/contents/get-content-tree";
import { getContentPlace, listContentRevisions, type ContentAncestor } from "@/lib/contents/get-content";
import { getContentInput } from "@/lib/contents/schema";
import { listCitingReports } from "@/lib/experiences/list-citing-reports";
import { isDomainError } from "@/lib/errors";
import { joinSegments } from "../../params";
import { MaintainerContentBox } from "./maintainer-box";
import { pageClientId } from "../../page-client";

export const dynamic = "force-dynamic";

type Props = {
  params: Promise<{ id: string[] }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

// cache(): generateMetadata and the page share one read (and a miss is recorded once). The whole
// read is a fixed handful of queries: the node and its tree, its revisions (no bodies), its citations.
const load = cache(async (id: string, revision: string) => {
  const input = getContentInput.safeParse({ id, revision });
  if (!input.success) notFound();
  try {
    const place = await getContentPlace(input.data.id, input.data.revision, await pageClientId());
    const [revisions, citing] = await Promise.all([listContentRevisions(place.content.id), listCitingReports(place.content.id)]);
    return { ...place, revisions, citing };
  } catch (error) {
    if (isDomainError(error) && error.code === "not_found") notFound();
    throw error;
  }
});

async function resolve(props: Props) {
  const [{ id }, query] = await Promise.all([props.params, props.searchParams]);
  const revision = query.revision;
  return load(joinSegments(id), (Array.isArray(revision) ? revision[0] : revision) ?? "");
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { content } = await resolve(props);
  const old = content.revision !== content.latest_revision;
  const summary = content.body.replace(/[#*_`>\[\]()!|-]+/g, " ").replace(/\s+/g, " ").trim().slice(0, 155);
  return {
    title: `${content.title || content.id}${old ? ` (revision ${content.revision})` : ""}`,
    description: summary || `Content node ${content.id} on KnowHub.`,
    robots: old ? { index: false } : undefined,
  };
}

export default async function ContentPage(props: Props) {
  const { content: c, tree: fullTree, capped, ancestors, revisions, citing } = await resolve(props);
  const old = c.revision !== c.latest_revision;
  const title = c.title || c.id;
  const tree = fullTree ? foldContentTree(fullTree, c.id) : null;
  const body = withoutTitleHeading(c.body, title);
  const headings = listMarkdownHeadings(body);
  const outline = headings.length >= 2;
  const cap = capped ? (
    <p className="mt-2 px-2 text-xs text-stone-600 dark:text-stone-400">
      This tree has more than {MAX_TREE_NODES.toLocaleString("en-US")} pages: it shows the first {MAX_TREE_NODES.toLocaleString("en-US")}, level by level.
    </p>
  ) : null;
  return (
    <div className="space-y-6">
      <Breadcrumb items={crumbs(ancestors, title)} />
      <div className={tree || outline ? "grid grid-cols-1 gap-8 lg:grid-cols-[16rem_minmax(0,1fr)]" : ""}>
        {tree || outline ? (
          <aside aria-label="Content tree and headings" className="space-y-3 lg:sticky lg:top-4 lg:max-h-[calc(100vh-2rem)] lg:self-start lg:overflow-y-auto lg:p-1">
            {/* Folded on phones so the text comes first; always open on wide screens. */}
            {tree ? (
              <details className="rounded-xl border border-stone-200 bg-white p-3 lg:hidden dark:border-stone-800 dark:bg-stone-900">
                <summary className="font-medium">Contents of {tree.title || tree.id}</summary>
                <div className="mt-2">
                  <ContentTree root={tree} currentId={c.id} />
                  {cap}
                </div>
              </details>
            ) : null}
            {outline ? (
              <details className="rounded-xl border border-stone-200 bg-white p-3 lg:hidden dark:border-stone-800 dark:bg-stone-900">
                <summary className="font-medium">On this page</summary>
                <div className="mt-2">
                  <ContentOutline headings={headings} />
                </div>
              </details>
            ) : null}
            <div className="hidden space-y-6 lg:block">
              {tree ? (
                <div>
                  <ContentTree root={tree} currentId={c.id} />
                  {cap}
                </div>
              ) : null}
              {outline ? <ContentOutline headings={headings} titleId="outline-title" /> : null}
            </div>
          </aside>
        ) : null}

        <div className="min-w-0 space-y-6">
          {old ? (
            <Notice tone="warning" title={`You are reading an old revision: ${c.revision} of ${c.latest_revision}.`}>
              <p>
                This text was submitted <time dateTime={c.updated_at}>{formatDate(c.updated_at)}</time> and has been replaced
                since.{" "}
                <Link href={contentHref(c.id)} prefetch={false} className="font-medium underline underline-offset-2">
                  Read the latest revision ({c.latest_revision})
                </Link>
              </p>
            </Notice>
          ) : null}
          <article aria-labelledby="content-title" className="rounded-xl border border-stone-200 bg-white p-5 sm:p-8 dark:border-stone-800 dark:bg-stone-900">
            <header className="mb-6 border-b border-stone-200 pb-4 dark:border-stone-800">
              <h1 id="content-title" lang={langOf(title)} dir="auto" className="text-2xl font-semibold tracking-tight wrap-anywhere sm:text-3xl">
                {title}
              </h1>
              <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-600 dark:text-stone-400">
                <span>
                  Revision {c.revision} <Submitter who={c} />
                </span>
                <time dateTime={c.updated_at}>{formatDate(c.updated_at)}</time>
                <a href={`/api${contentHref(c.id, { revision: old ? String(c.revision) : undefined })}`} className={linkClass}>
                  Same data as JSON
                </a>
              </p>
            </header>
            <MarkdownView body={body} lang={langOf(c.body)} />
          </article>
          <MaintainerContentBox id={c.id} revision={c.revision} back={contentHref(c.id, { revision: old ? String(c.revision) : undefined })} flash={props.searchParams} />

          {c.children.length > 0 ? (
            <section aria-labelledby="children-title">
              <h2 id="children-title" className="mb-2 text-lg font-semibold">
                In this section
              </h2>
              <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
                {c.children.map((child) => (
                  <li key={child.id}>
                    <Link
                      href={contentHref(child.id)}
                      prefetch={false}
                      lang={langOf(child.title)}
                      className="block rounded-lg border border-stone-200 bg-white px-4 py-3 hover:border-teal-700 dark:border-stone-800 dark:bg-stone-900"
                    >
                      {child.title || child.id}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          {c.prev || c.next ? (
            <nav aria-label="Previous and next page" className="grid grid-cols-1 gap-3 sm:grid-cols-2">
              {c.prev ? (
                <Link href={contentHref(c.prev.id)} prefetch={false} rel="prev" className="rounded-lg border border-stone-200 bg-white px-4 py-3 hover:border-teal-700 dark:border-stone-800 dark:bg-stone-900">
                  <span className="block text-xs text-stone-600 dark:text-stone-400">← Previous</span>
                  <span lang={langOf(c.prev.title)} className="font-medium">
                    {c.prev.title || c.prev.id}
                  </span>
                </Link>
              ) : (
                <span className="hidden sm:block" />
              )}
              {c.next ? (
                <Link href={contentHref(c.next.id)} prefetch={false} rel="next" className="rounded-lg border border-stone-200 bg-white px-4 py-3 text-right hover:border-teal-700 dark:border-stone-800 dark:bg-stone-900">
                  <span className="block text-xs text-stone-600 dark:text-stone-400">Next →</span>
                  <span lang={langOf(c.next.title)} className="font-medium">
                    {c.next.title || c.next.id}
                  </span>
                </Link>
              ) : null}
            </nav>
          ) : null}

          {citing.length > 0 ? <CitingReports reports={citing} /> : null}

          <section aria-labelledby="history-title">
            <h2 id="history-title" className="mb-2 text-lg font-semibold">
              Revision history
            </h2>
            <ol className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white text-sm dark:divide-stone-800 dark:border-stone-800 dark:bg-stone-900">
              {[...revisions].reverse().map((rev) => {
                const shown = rev.revision === c.revision;
                return (
                  <li key={rev.revision} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-2">
                    <Link
                      href={contentHref(c.id, { revision: rev.revision === c.latest_revision ? undefined : String(rev.revision) })}
                      prefetch={false}
                      aria-current={shown ? "true" : undefined}
                      className={shown ? "font-semibold" : linkClass}
                    >
                      Revision {rev.revision}
                      {rev.revision === c.latest_revision ? " (latest)" : ""}
                      {shown ? " · shown" : ""}
                    </Link>
                    <span className="text-stone-600 dark:text-stone-400">
                      <Submitter who={rev} />,{" "}
                      <time dateTime={rev.created_at}>{formatDate(rev.created_at)}</time>
                    </span>
                  </li>
                );
              })}
            </ol>
          </section>
        </div>
      </div>
    </div>
  );
}

/** The body without a leading "# Title" equal to the page title, which the page already shows. */
function withoutTitleHeading(body: string, title: string): string {
  const match = /^\s*#\s+(.+?)\s*#*\s*(\r?\n|$)/.exec(body);
  return match && match[1].trim() === title.trim() ? body.slice(match[0].length) : body;
}

/** Home / root / ... / parent / this page: each ancestor by its title, its raw segment when it has none (and no link without a page). */
function crumbs(ancestors: ContentAncestor[], title: string): Crumb[] {
  const items: Crumb[] = [{ href: "/", label: "Home" }];
  for (const a of ancestors) {
    const segment = a.id.slice(a.id.lastIndexOf("/") + 1);
    items.push(a.title === null ? { label: segment } : { href: contentHref(a.id), label: a.title || segment });
  }
  items.push({ label: title });
  return items;
}
