// One item, whole: its full text with the findings marked (each in its sentence), where it
// belongs, who wrote it with which key, the resource's other reports (or the node's visible
// revision) for comparison, and the decision form. A decision needs an action (none is
// preselected when screening found something) and a reason (canned ones fit the findings); it goes
// to the audit log with the maintainer's name, and the browser on to the next item of the queue
// the maintainer came from: its filters and order ride in the query string and the form.
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { DecisionActionChoice, KeyBulkForm } from "@/components/admin-bulk";
import { AdminFlash } from "@/components/admin-flash";
import { FindingList, HighlightedText, findingViews } from "@/components/admin-findings";
import { AdminForm, Button } from "@/components/admin-form";
import { ReasonChoice } from "@/components/admin-reasons";
import { AdminShortcuts } from "@/components/admin-shortcuts";
import { ItemMeta, itemTitle } from "@/components/admin-item";
import { adminContentHref, adminItemHref, adminQueueHref } from "@/components/admin-paths";
import { StatusBadge } from "@/components/admin-status";
import { formatDate, langOf, shorten } from "@/components/format";
import { Submitter } from "@/components/submitter";
import { Card, Notice, SectionTitle, linkClass } from "@/components/ui";
import { isDomainError } from "@/lib/errors";
import { getQueueItem } from "@/lib/moderation/get-queue-item";
import { findQueueNeighbours } from "@/lib/moderation/queue-neighbours";
import { ITEM_TYPES, actionsFor, queueInput, type ItemType } from "@/lib/moderation/schema";
import { joinSegments } from "../../../../(site)/params";
import { decidedItemOf, flashMessage } from "../../../_lib/flash";
import { one, type SearchParams } from "../../../_lib/query";
import { queueQueryOf } from "../../../_lib/queue-query";
import { requireSession } from "../../../_lib/session";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ type: string; id: string }>; searchParams: Promise<SearchParams> };

const FIELD_LABELS: Record<string, string> = { reason: "Flag", detail: "Flagger's detail", task: "Task", outcome: "Outcome", tips: "Tips", title: "Title", body: "Body" };

const load = cache(async (type: string, id: string) => {
  if (!(ITEM_TYPES as readonly string[]).includes(type)) notFound();
  try {
    return getQueueItem(type as ItemType, id);
  } catch (error) {
    if (isDomainError(error) && (error.code === "not_found" || error.code === "invalid_input")) notFound();
    throw error;
  }
});

async function resolve(props: Props) {
  const { type, id } = await props.params;
  return load(joinSegments([type]), joinSegments([id]));
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  await requireSession();
  const item = await resolve(props);
  return { title: `${item.type === "experience" ? "Experience" : item.type === "flag" ? "Flag" : "Revision"} ${String(item.id)}` };
}

export default async function ItemPage(props: Props) {
  const session = await requireSession();
  const item = await resolve(props);
  const query = await props.searchParams;
  // The queue the maintainer came from; filters that do not parse fall back to the pending queue.
  const parsedQueue = queueInput.safeParse(queueQueryOf(query));
  const queueQuery = parsedQueue.success ? queueQueryOf(query) : {};
  const around = await findQueueNeighbours(parsedQueue.success ? parsedQueue.data : queueInput.parse({}), item);
  const back = adminItemHref(item, queueQuery);
  const findings = findingViews(item.findings, item.text);
  const excerpts = findings.map((f) => f.excerpt);
  const title = itemTitle(item);
  const keyId = item.provenance.key?.id ?? null;
  const decided = decidedItemOf(one(query.item));
  const queueName = `${queueQuery.status ?? "pending"}${queueQuery.resource ? `, ${queueQuery.resource}` : ""}`;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <nav aria-label="Queue" className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
          <Link href={adminQueueHref(queueQuery)} prefetch={false} className={linkClass}>
            Back to the queue (<bdi>{queueName}</bdi>)
          </Link>
          {around.previous ? (
            <Link href={adminItemHref(around.previous, queueQuery)} prefetch={false} rel="prev" data-queue-previous="" className={linkClass}>
              Previous item
            </Link>
          ) : null}
          {around.next ? (
            <Link href={adminItemHref(around.next, queueQuery)} prefetch={false} rel="next" data-queue-next="" className={linkClass}>
              Next item
            </Link>
          ) : null}
        </nav>
        <AdminShortcuts mode="item" />
      </div>
      <header className="space-y-2">
        <h1 lang={langOf(title)} dir="auto" className="text-2xl font-semibold tracking-tight wrap-anywhere sm:text-3xl">
          {shorten(title, 200).short || "(untitled)"}
        </h1>
        <ItemMeta item={item} />
      </header>
      <AdminFlash
        message={flashMessage(one(query.flash), one(query.n))}
        decided={decided}
        next={decided !== null && `${decided.type}:${String(decided.id)}` !== `${item.type}:${String(item.id)}`}
      />
      {item.status_reason ? (
        <Notice tone={item.status === "pending" ? "warning" : "info"} title={`Why it is ${item.status}`}>
          <bdi>{item.status_reason}</bdi>
        </Notice>
      ) : null}

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1.5fr)_minmax(0,1fr)]">
        <div className="min-w-0 space-y-6">
          <section aria-labelledby="item-text">
            <Card>
              <SectionTitle id="item-text">Full text</SectionTitle>
              {findings.length > 0 ? (
                <div className="mb-4">
                  <h3 className="mb-1 text-sm font-semibold">Screening findings</h3>
                  <FindingList findings={findings} />
                </div>
              ) : (
                <p className="mb-4 text-sm text-stone-700 dark:text-stone-300">Screening found nothing in this item.</p>
              )}
              <dl className="space-y-3">
                {Object.entries(item.text).map(([field, value]) => (
                  <div key={field}>
                    <dt className="text-sm font-semibold">{FIELD_LABELS[field] ?? field}</dt>
                    <dd lang={langOf(value)} dir="auto" className="mt-0.5 whitespace-pre-wrap wrap-anywhere">
                      {value ? <HighlightedText text={value} excerpts={excerpts} /> : <span className="text-stone-600 dark:text-stone-400">(empty)</span>}
                    </dd>
                  </div>
                ))}
              </dl>
            </Card>
          </section>

          <section aria-labelledby="decide">
            <Card>
              <SectionTitle id="decide">Decision</SectionTitle>
              <AdminForm action="decide" csrf={session.csrf_token} back={back} label="Decision on this item" className="space-y-3" decision={{ findings: findings.length }}>
                <input type="hidden" name="type" value={item.type} />
                <input type="hidden" name="id" value={String(item.id)} />
                {Object.entries(queueQuery).map(([name, value]) => (
                  <input key={name} type="hidden" name={`queue_${name}`} value={value} />
                ))}
                <DecisionActionChoice
                  status={item.status}
                  preselect={findings.length === 0}
                  legend={
                    <>
                      Action (it is <StatusBadge status={item.status} /> now)
                      {findings.length > 0 ? " — nothing is preselected: screening found something" : null}
                    </>
                  }
                />
                <ReasonChoice id="decide-reason" actions={actionsFor(item.status)} findingKinds={findings.map((f) => f.kind)} />
                <Button>Decide</Button>
              </AdminForm>
            </Card>
          </section>

          {keyId ? (
            <section aria-labelledby="by-key">
              <Card>
                <SectionTitle id="by-key">Everything by this key</SectionTitle>
                <p className="mb-3 text-sm text-stone-700 dark:text-stone-300">
                  <Submitter who={item.provenance} />: <span className="font-mono">{keyId}</span>.{" "}
                  <Link href={adminQueueHref({ key_id: keyId, status: "all" })} className={linkClass}>
                    See all its items
                  </Link>{" "}
                  or{" "}
                  <Link href={`/admin/keys#${keyId}`} className={linkClass}>
                    revoke the key
                  </Link>
                  .
                </p>
                <KeyBulkForm keyId={keyId} csrf={session.csrf_token} back={back} idPrefix="item-bulk" label="Everything by this key" />
              </Card>
            </section>
          ) : null}
        </div>

        <aside aria-labelledby="compare" className="min-w-0">
          <Card>
            <SectionTitle id="compare">For comparison</SectionTitle>
            {item.type === "content_revision" ? (
              item.visible_revision ? (
                <div className="space-y-2">
                  <p className="text-sm text-stone-700 dark:text-stone-300">
                    What the public sees now: revision {item.visible_revision.revision} of{" "}
                    <Link href={adminContentHref(item.content!.id)} className={linkClass}>
                      {item.content!.id}
                    </Link>
                    .
                  </p>
                  <p className="font-medium" lang={langOf(item.visible_revision.title)} dir="auto">
                    {item.visible_revision.title}
                  </p>
                  <pre lang={langOf(item.visible_revision.body)} className="max-h-[32rem] overflow-auto rounded-lg bg-stone-100 p-3 text-sm whitespace-pre-wrap wrap-anywhere dark:bg-stone-800">
                    {item.visible_revision.body}
                  </pre>
                </div>
              ) : (
                <p className="text-sm text-stone-700 dark:text-stone-300">The public sees no revision of this node yet.</p>
              )
            ) : item.type === "flag" ? (
              <>
                <p className="mb-3 text-sm text-stone-700 dark:text-stone-300">
                  Approve upholds the flag and hides the experience; reject dismisses it. This key&apos;s flags so far:{" "}
                  {item.flag?.key_upheld_share === null || item.flag === undefined
                    ? "none decided yet"
                    : `${Math.round(item.flag.key_upheld_share * 100)}% upheld`}{" "}
                  (its flags weigh {item.flag ? item.flag.key_reliability.toFixed(2) : "1.00"}).
                </p>
                {item.others.map((other) => (
                  <p key={String(other.id)} className="text-sm">
                    <Link href={adminItemHref(other)} className={linkClass}>
                      The flagged experience {String(other.id)}
                    </Link>{" "}
                    ({other.status})
                  </p>
                ))}
              </>
            ) : item.others.length === 0 ? (
              <p className="text-sm text-stone-700 dark:text-stone-300">No other published experience with this resource.</p>
            ) : (
              <>
                <p className="mb-3 text-sm text-stone-700 dark:text-stone-300">Other published experiences with this resource, newest first.</p>
                <ul className="space-y-3">
                  {item.others.map((other) => (
                    <li key={String(other.id)} className="rounded-lg border border-stone-200 p-3 text-sm dark:border-stone-800">
                      <p className="font-medium wrap-anywhere" lang={langOf(other.text.task ?? "")} dir="auto">
                        <Link href={adminItemHref(other)} className={linkClass}>
                          {shorten(other.text.task ?? "", 140).short}
                        </Link>{" "}
                        <span className="text-stone-700 dark:text-stone-300">({other.score}/5)</span>
                      </p>
                      {other.text.tips ? (
                        <p className="mt-1 wrap-anywhere" lang={langOf(other.text.tips)} dir="auto">
                          <span className="font-semibold">Tips: </span>
                          {shorten(other.text.tips, 300).short}
                        </p>
                      ) : null}
                      <p className="mt-1 text-xs text-stone-600 dark:text-stone-400">
                        <Submitter who={other.provenance} /> · <time dateTime={other.created_at}>{formatDate(other.created_at)}</time>
                      </p>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </Card>
        </aside>
      </div>
    </div>
  );
}
