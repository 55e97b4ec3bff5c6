// One content node as maintainers govern it: every revision with its status and findings, a
// decision on each, revert to an earlier text (a new revision copying it: history is never
// rewritten), and the lock that keeps writers without the moderate scope out.
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { AdminFlash } from "@/components/admin-flash";
import { FindingList, HighlightedText, findingViews } from "@/components/admin-findings";
import { AdminForm, Button, ReasonField } from "@/components/admin-form";
import { adminContentHref, adminQueueHref } from "@/components/admin-paths";
import { StatusBadge } from "@/components/admin-status";
import { contentHref, formatDate, langOf } from "@/components/format";
import { Submitter } from "@/components/submitter";
import { Card, Notice, SectionTitle, linkClass } from "@/components/ui";
import { getContentAdmin } from "@/lib/contents/get-content-admin";
import type { ContentAdminDto, ContentAdminRevisionDto } from "@/lib/contents/schema";
import { isDomainError } from "@/lib/errors";
import { DecisionActionChoice } from "@/components/admin-bulk";
import { RevisionDiff, defaultDiffPair } from "@/components/admin-revision-diff";
import { joinSegments } from "../../../(site)/params";
import { flashMessage } from "../../_lib/flash";
import { one, type SearchParams } from "../../_lib/query";
import { requireSession } from "../../_lib/session";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string[] }>; searchParams: Promise<SearchParams> };

const load = cache(async (id: string): Promise<ContentAdminDto> => {
  try {
    return getContentAdmin(id);
  } catch (error) {
    if (isDomainError(error) && (error.code === "not_found" || error.code === "invalid_input")) notFound();
    throw error;
  }
});

async function resolve(props: Props): Promise<ContentAdminDto> {
  return load(joinSegments((await props.params).id));
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  await requireSession();
  return { title: `Content ${(await resolve(props)).id}` };
}

export default async function AdminContentPage(props: Props) {
  const session = await requireSession();
  const c = await resolve(props);
  const query = await props.searchParams;
  const back = adminContentHref(c.id);
  const revisions = [...c.revisions].sort((a, b) => b.revision - a.revision);
  const pair = diffPair(c, query);

  return (
    <div className="space-y-6">
      <nav aria-label="Breadcrumb" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <Link href="/admin/content" prefetch={false} className={linkClass}>
          All content
        </Link>
        <Link href={adminQueueHref({ type: "content_revision", status: "all" })} className={linkClass}>
          Content revisions in the queue
        </Link>
      </nav>
      <header className="space-y-2">
        <h1 lang={langOf(c.title || c.id)} dir="auto" className="text-2xl font-semibold tracking-tight wrap-anywhere sm:text-3xl">
          {c.title || c.id}
        </h1>
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-stone-700 dark:text-stone-300">
          <span className="font-mono wrap-anywhere">{c.id}</span>
          <span>
            {c.visible_revision > 0 ? `the public sees revision ${c.visible_revision}` : "the public sees no revision"} of {c.latest_revision}
          </span>
          {c.locked ? (
            <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-950 dark:bg-amber-900 dark:text-amber-50">locked</span>
          ) : (
            <span>unlocked</span>
          )}
          {c.visible_revision > 0 ? (
            <a href={contentHref(c.id)} className={linkClass}>
              Public page
            </a>
          ) : null}
        </p>
      </header>
      <AdminFlash message={flashMessage(one(query.flash), one(query.n))} />

      <section aria-labelledby="lock">
        <Card>
          <SectionTitle id="lock">{c.locked ? "Unlock" : "Lock"}</SectionTitle>
          <p className="mb-3 text-sm text-stone-700 dark:text-stone-300">
            {c.locked
              ? "Locked: only moderate keys may revise this node or add pages under it. Unlock it to let every writer in again."
              : "Lock a node under repeated vandalism: only moderate keys may then revise it or add pages under it."}
          </p>
          <AdminForm action="lock" csrf={session.csrf_token} back={back} label={c.locked ? "Unlock this node" : "Lock this node"} className="space-y-3">
            <input type="hidden" name="id" value={c.id} />
            <input type="hidden" name="locked" value={c.locked ? "0" : "1"} />
            <ReasonField id="lock-reason" />
            <Button tone={c.locked ? "quiet" : "danger"}>{c.locked ? "Unlock" : "Lock"}</Button>
          </AdminForm>
        </Card>
      </section>

      {pair ? (
        <section aria-labelledby="compare">
          <Card>
            <SectionTitle id="compare">Compare revisions</SectionTitle>
            <RevisionDiff revisions={c.revisions} from={pair.from} to={pair.to} action={back} />
          </Card>
        </section>
      ) : null}

      <section aria-labelledby="revisions">
        <SectionTitle id="revisions">Revisions, newest first</SectionTitle>
        <ol className="space-y-4">
          {revisions.map((rev) => (
            <li key={rev.revision}>
              <Revision rev={rev} content={c} csrf={session.csrf_token} back={back} />
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

/** The revisions to compare: ?from=&to= when both name revisions of this node, else the default pair. */
function diffPair(c: ContentAdminDto, query: SearchParams): { from: number; to: number } | null {
  const wanted = (name: string) => {
    const n = Number(one(query[name]));
    return c.revisions.some((r) => r.revision === n) ? n : null;
  };
  const from = wanted("from");
  const to = wanted("to");
  return from !== null && to !== null ? { from, to } : defaultDiffPair(c.revisions, c.visible_revision);
}

function Revision({ rev, content, csrf, back }: { rev: ContentAdminRevisionDto; content: ContentAdminDto; csrf: string; back: string }) {
  const findings = findingViews(rev.findings, { title: rev.title, body: rev.body });
  const visible = rev.revision === content.visible_revision;
  const prefix = `rev-${rev.revision}`;
  return (
    <article aria-labelledby={`${prefix}-title`} className="rounded-xl border border-stone-200 bg-white p-4 dark:border-stone-800 dark:bg-stone-900">
      <h3 id={`${prefix}-title`} className="flex flex-wrap items-center gap-2 font-semibold">
        <span>Revision {rev.revision}</span>
        <StatusBadge status={rev.status} />
        {visible ? <span className="text-sm font-normal text-teal-900 dark:text-teal-200">(what the public sees)</span> : null}
      </h3>
      <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-sm text-stone-700 dark:text-stone-300">
        <span lang={langOf(rev.title)} dir="auto" className="font-medium wrap-anywhere">
          {rev.title || "(no title)"}
        </span>
        <Submitter who={rev} />
        {rev.key ? <span className="font-mono text-xs">{rev.key.id}</span> : null}
        <time dateTime={rev.created_at}>{formatDate(rev.created_at)}</time>
      </p>
      {rev.status_reason ? (
        <p className="mt-1 text-sm">
          Why {rev.status}: <bdi>{rev.status_reason}</bdi>
        </p>
      ) : null}
      {findings.length > 0 ? (
        <div className="mt-2">
          <FindingList findings={findings} />
        </div>
      ) : null}
      <details className="mt-2">
        <summary className="cursor-pointer text-sm text-teal-800 underline dark:text-teal-300">Text of revision {rev.revision}</summary>
        <pre lang={langOf(rev.body)} className="mt-2 max-h-[32rem] overflow-auto rounded-lg bg-stone-100 p-3 text-sm whitespace-pre-wrap wrap-anywhere dark:bg-stone-800">
          <HighlightedText text={rev.body} excerpts={findings.map((f) => f.excerpt)} />
        </pre>
      </details>
      <div className="mt-3 grid grid-cols-1 gap-4 md:grid-cols-2">
        <AdminForm action="revision" csrf={csrf} back={back} label={`Decision on revision ${rev.revision}`} className="space-y-2">
          <input type="hidden" name="id" value={content.id} />
          <input type="hidden" name="revision" value={String(rev.revision)} />
          <DecisionActionChoice status={rev.status} legend={`Decision on revision ${rev.revision}`} preselect={findings.length === 0} />
          <ReasonField id={`${prefix}-decide-reason`} />
          <Button tone="quiet">Decide on revision {rev.revision}</Button>
        </AdminForm>
        {visible ? (
          <p className="text-sm text-stone-700 dark:text-stone-300">This is the text the public sees; revert to an earlier revision to replace it.</p>
        ) : rev.status !== "published" ? (
          <p className="text-sm text-stone-700 dark:text-stone-300">Only a published revision can be reverted to; decide on this one above.</p>
        ) : (
          <AdminForm action="revert" csrf={csrf} back={back} label={`Revert to revision ${rev.revision}`} className="space-y-2">
            <input type="hidden" name="id" value={content.id} />
            <input type="hidden" name="revision" value={String(rev.revision)} />
            <p className="text-sm text-stone-700 dark:text-stone-300">A new revision with this text becomes what the public sees.</p>
            <ReasonField id={`${prefix}-revert-reason`} />
            <Button>Revert to revision {rev.revision}</Button>
          </AdminForm>
        )}
      </div>
    </article>
  );
}
