import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { Breadcrumb, type Crumb } from "@/components/breadcrumb";
import { ContentTree, type TreeNodeView } from "@/components/content-tree";
import { contentHref, formatDate, langOf } from "@/components/format";
import { Submitter } from "@/components/submitter";
import { MarkdownView } from "@/components/markdown";
import { Notice, linkClass } from "@/components/ui";
import { getContentTree } from "@/lib/contents/get-content-tree";
import { getContent, getContentHistory } from "@/lib/contents/get-content";
import { getContentInput } from "@/lib/contents/schema";
import { isDomainError } from "@/lib/errors";
import { joinSegments } from "../../params";
import { MaintainerContentBox } from "./maintainer-box";
import { pageClientId } from "../../page-client";

export const dynamic = "force-dynamic";

type Props = {
  params: Promise<{ id: string[] }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

// cache(): generateMetadata and the page share one read (and a miss is recorded once).
const load = cache(async (id: string, revision: string) => {
  const input = getContentInput.safeParse({ id, revision });
  if (!input.success) notFound();
  try {
    const content = await getContent(input.data.id, input.data.revision, await pageClientId());
    return { content, history: await getContentHistory(content.id), tree: content.toc ? await getContentTree(content.toc.id) : null };
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
  const { content: c, history, tree } = await resolve(props);
  const old = c.revision !== c.latest_revision;
  const title = c.title || c.id;
  return (
    <div className="space-y-6">
      <Breadcrumb items={crumbs(c.id, title, tree)} />
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-[16rem_minmax(0,1fr)]">
        {tree ? (
          <aside aria-label="Content tree" className="lg:sticky lg:top-4 lg:self-start">
            {/* Folded on phones so the text comes first; always open on wide screens. */}
            <details className="rounded-xl border border-stone-200 bg-white p-3 lg:hidden dark:border-stone-800 dark:bg-stone-900">
              <summary className="font-medium">Contents of {tree.title || tree.id}</summary>
              <div className="mt-2">
                <ContentTree root={tree} currentId={c.id} />
              </div>
            </details>
            <div className="hidden lg:block">
              <ContentTree root={tree} currentId={c.id} />
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
            <MarkdownView body={withoutTitleHeading(c.body, title)} lang={langOf(c.body)} />
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

          <section aria-labelledby="history-title">
            <h2 id="history-title" className="mb-2 text-lg font-semibold">
              Revision history
            </h2>
            <ol className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white text-sm dark:divide-stone-800 dark:border-stone-800 dark:bg-stone-900">
              {[...history.revisions].reverse().map((rev) => {
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

/** Home / root / ... / parent / this page; titles come from the tree where it knows them. */
function crumbs(id: string, title: string, tree: TreeNodeView | null): Crumb[] {
  const titles = new Map<string, string>();
  const walk = (n: TreeNodeView) => {
    titles.set(n.id, n.title || n.id);
    n.children.forEach(walk);
  };
  if (tree) walk(tree);
  const segments = id.split("/");
  const items: Crumb[] = [{ href: "/", label: "Home" }];
  for (let i = 1; i < segments.length; i++) {
    const ancestor = segments.slice(0, i).join("/");
    items.push({ href: contentHref(ancestor), label: titles.get(ancestor) ?? segments[i - 1] });
  }
  items.push({ label: title });
  return items;
}
