// The review queue: held and other items with filters, their findings marked, and bulk reject or
// hide of a selection or of everything one key wrote. Bulk approval does not exist on purpose:
// publishing is always one item at a time, by a person who read it (the item page).
import type { Metadata } from "next";
import { AdminFlash } from "@/components/admin-flash";
import { BulkActionChoice, KeyBulkForm } from "@/components/admin-bulk";
import { BulkSelection } from "@/components/admin-bulk-selection";
import { AdminForm, Button, inputClass, labelClass } from "@/components/admin-form";
import { QueueRow, itemTitle } from "@/components/admin-item";
import { adminQueueHref } from "@/components/admin-paths";
import { ReasonChoice } from "@/components/admin-reasons";
import { RowDecisionButton, RowDecisionForm, rowFormId } from "@/components/admin-row-decision";
import { AdminShortcuts } from "@/components/admin-shortcuts";
import { shorten } from "@/components/format";
import { ButtonLink, Card, Notice, PageTitle, SectionTitle } from "@/components/ui";
import { isDomainError } from "@/lib/errors";
import { listQueue } from "@/lib/moderation/list-queue";
import { LOOKALIKE_FINDING_KIND } from "@/lib/text/lookalike-hold";
import type { FindingKind } from "@/lib/text/screening/screen";
import { ITEM_STATUSES, queueInput, queueOrderOf, type QueueDto, type QueueInput } from "@/lib/moderation/schema";
import { decidedItemOf, flashMessage } from "./_lib/flash";
import { backTo } from "./_lib/paths";
import { one, pick, type SearchParams } from "./_lib/query";
import { QUEUE_PARAMS } from "./_lib/queue-query";
import { requireSession } from "./_lib/session";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Review queue" };

const FILTERS = QUEUE_PARAMS;

// The kinds screening reports, for the filter; the type check fails when screening adds a kind.
const SCREENING_KINDS = ["prompt_injection", "role_marker", "exfiltration", "remote_code", "untrusted_install", "social_engineering", "personal_data", "invisible_text"] as const satisfies readonly FindingKind[];
const allKindsListed: Exclude<FindingKind, (typeof SCREENING_KINDS)[number]> extends never ? true : false = true;
void allKindsListed;
// And a confirmed lookalike name or content id, held for a person to tell a fork from an impersonation.
const FINDING_KINDS = [...SCREENING_KINDS, LOOKALIKE_FINDING_KIND] as const;

type Props = { searchParams: Promise<SearchParams> };

async function load(query: SearchParams): Promise<{ input: QueueInput; queue: QueueDto; problem: string | null }> {
  const parsed = queueInput.safeParse({ ...pick(query, FILTERS), ...pick(query, ["cursor"]) });
  if (!parsed.success) {
    const input = queueInput.parse({});
    return { input, queue: await listQueue(input), problem: parsed.error.issues.map((i) => i.message).join("; ") };
  }
  try {
    return { input: parsed.data, queue: await listQueue(parsed.data), problem: null };
  } catch (error) {
    // A stale cursor: the first page, and say so.
    if (isDomainError(error) && error.code === "invalid_input") {
      const input = { ...parsed.data, cursor: undefined };
      return { input, queue: await listQueue(input), problem: error.message };
    }
    throw error;
  }
}

export default async function QueuePage({ searchParams }: Props) {
  const session = await requireSession();
  const query = await searchParams;
  const { input, queue, problem } = await load(query);
  const back = backTo("/admin", { ...query, select: undefined });
  const filters = pick(query, FILTERS);
  const selectable = queue.items.filter((i) => i.status === "pending" || i.status === "published");
  const selectAll = one(query.select) === "all";
  const order = queueOrderOf(input);
  // Read once per request: every row's age is against the same moment.
  const now = Date.now();
  const pageKinds = [...new Set(selectable.flatMap((i) => i.findings.flatMap((f) => (typeof f === "object" && f !== null && typeof (f as { kind?: unknown }).kind === "string" ? [(f as { kind: string }).kind] : []))))];
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <PageTitle lead="Held submissions wait here, oldest first. Open an item to read it whole and decide, reject a row at once, or select several to reject or hide them together.">
          Review queue
        </PageTitle>
        <AdminShortcuts mode="queue" />
      </div>
      <AdminFlash message={flashMessage(one(query.flash), one(query.n))} decided={decidedItemOf(one(query.item))} empty={one(query.empty) === "1"} />
      {problem ? <Notice tone="warning" title="Some filters were ignored">{problem}</Notice> : null}

      <nav aria-label="Queue by status">
        <ul className="flex flex-wrap gap-2">
          {[...ITEM_STATUSES, "all" as const].map((status) => (
            <li key={status}>
              <ButtonLink href={adminQueueHref({ ...filters, status, cursor: undefined })} current={input.status === status}>
                {status}
                {status !== "all" ? <span className="ml-1.5 tabular-nums opacity-80">{queue.counts[status].toLocaleString("en-US")}</span> : null}
              </ButtonLink>
            </li>
          ))}
        </ul>
      </nav>

      <Card>
        <form method="get" action="/admin" aria-label="Filter the queue" className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-7 lg:items-end">
          <div>
            <label htmlFor="f-status" className={labelClass}>Status</label>
            <select id="f-status" name="status" defaultValue={input.status} className={inputClass}>
              {[...ITEM_STATUSES, "all"].map((s) => (
                <option key={s} value={s}>{s}</option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="f-type" className={labelClass}>Type</label>
            <select id="f-type" name="type" defaultValue={input.type} className={inputClass}>
              <option value="all">all</option>
              <option value="experience">experience</option>
              <option value="content_revision">content revision</option>
              <option value="flag">flag (unsafe, spam)</option>
            </select>
          </div>
          <div>
            <label htmlFor="f-finding" className={labelClass}>Finding kind</label>
            <select id="f-finding" name="finding" defaultValue={input.finding ?? ""} className={inputClass}>
              <option value="">any</option>
              {FINDING_KINDS.map((k) => (
                <option key={k} value={k}>{k.replace(/_/g, " ")}</option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="f-resource" className={labelClass}>Resource</label>
            <input id="f-resource" name="resource" defaultValue={input.resource ?? ""} maxLength={200} className={inputClass} />
          </div>
          <div>
            <label htmlFor="f-key" className={labelClass}>Key id</label>
            <input id="f-key" name="key_id" defaultValue={input.key_id ?? ""} maxLength={40} spellCheck={false} className={inputClass} />
          </div>
          <div>
            <label htmlFor="f-order" className={labelClass}>Order</label>
            <select id="f-order" name="order" defaultValue={order} className={inputClass}>
              <option value="oldest">oldest first</option>
              <option value="newest">newest first</option>
            </select>
          </div>
          <div className="flex gap-2">
            <Button tone="quiet">Filter</Button>
            <ButtonLink href="/admin">Reset</ButtonLink>
          </div>
        </form>
      </Card>

      <section aria-labelledby="queue-items">
        <SectionTitle id="queue-items">
          {queue.items.length === 0 ? "Nothing here" : `${input.status === "all" ? "All" : input.status} items`}
        </SectionTitle>
        {queue.items.length === 0 ? (
          <p className="text-stone-700 dark:text-stone-300">No item matches these filters.</p>
        ) : (
          <>
            <AdminForm action="bulk" csrf={session.csrf_token} back={back} label="Bulk decision on the selected items" className="space-y-3">
              <ul className="space-y-1.5">
                {queue.items.map((item) => {
                  const value = `${item.type}:${String(item.id)}`;
                  const id = `select-${item.type}-${String(item.id)}`.replace(/[^A-Za-z0-9_-]/g, "_");
                  const canSelect = selectable.includes(item);
                  const title = shorten(itemTitle(item), 160).short;
                  const hasForm = item.status === "pending" || (item.status === "published" && item.type !== "flag");
                  return (
                    <li key={value}>
                      <QueueRow
                        item={item}
                        queue={filters}
                        now={now}
                        formId={hasForm ? rowFormId(item) : undefined}
                        actions={<RowDecisionButton item={item} title={title} />}
                        select={
                          canSelect ? (
                            <>
                              <input id={id} type="checkbox" name="item" value={value} defaultChecked={selectAll} className="size-5 accent-teal-800" />
                              <label htmlFor={id} className="sr-only">
                                Select “{title}”
                              </label>
                            </>
                          ) : null
                        }
                      />
                    </li>
                  );
                })}
              </ul>
              {selectable.length > 0 ? (
                // Sticky: the bar stays at the bottom of the screen while the list scrolls under it. Until a
                // row is ticked it is one line (select all, the count): its actions appear with the first
                // tick (globals.css, .bulk-when-selected), so the rows keep the screen.
                <fieldset className="sticky bottom-0 z-10 space-y-2 rounded-xl border border-stone-300 bg-stone-50 p-3 shadow-lg dark:border-stone-700 dark:bg-stone-950">
                  <legend className="sr-only">Selected items</legend>
                  <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
                    <BulkSelection total={selectable.length} selectAllHref={adminQueueHref({ ...filters, cursor: one(query.cursor), select: "all" })} />
                    <div className="bulk-when-selected">
                      <BulkActionChoice idPrefix="bulk-selected" inline />
                    </div>
                  </div>
                  <div className="bulk-when-selected flex flex-wrap items-end gap-x-3 gap-y-2">
                    <div className="min-w-0 flex-1 basis-80">
                      <ReasonChoice id="bulk-selected-reason" actions={["reject", "hide"]} findingKinds={pageKinds} />
                    </div>
                    <Button tone="danger">Apply to the selected items</Button>
                  </div>
                </fieldset>
              ) : null}
            </AdminForm>
            {queue.items.map((item) => (
              <RowDecisionForm key={`${item.type}:${String(item.id)}`} item={item} csrf={session.csrf_token} back={back} />
            ))}
          </>
        )}
        {queue.next_cursor ? (
          <p className="mt-4">
            <ButtonLink href={adminQueueHref({ ...filters, cursor: queue.next_cursor })} rel="next">
              Next page
            </ButtonLink>
          </p>
        ) : null}
      </section>

      {input.key_id && /^key_[0-9a-f]{16}$/.test(input.key_id) ? (
        <section aria-labelledby="by-key">
          <Card>
            <SectionTitle id="by-key">Everything by key {input.key_id}</SectionTitle>
            <p className="mb-3 text-sm text-stone-700 dark:text-stone-300">
              Reject applies to its pending items, hide to its published ones, whatever the filters show.
            </p>
            <KeyBulkForm keyId={input.key_id} csrf={session.csrf_token} back={back} idPrefix="bulk-key" label={`Everything by key ${input.key_id}`} />
          </Card>
        </section>
      ) : null}
    </div>
  );
}
