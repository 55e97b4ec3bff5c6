// A queue row's own decision: its form sits outside the bulk form (forms do not nest) and the
// row's buttons name it with form=. Reject (pending) and hide (published) carry the reason the
// row's first finding fits, shown on the button; approve has no button here on purpose: it is
// the item page's, or the keyboard's after a confirmation (components/admin-shortcuts.tsx), which
// reads data-approve-reason. After the decision the queue comes back (then=queue).
import { reasonsFor } from "@/lib/moderation/decision-reasons";
import type { QueueItemDto } from "@/lib/moderation/schema";
import { AdminForm } from "./admin-form";

export function rowFormId(item: { type: string; id: string | number }): string {
  return `decide-${item.type}-${String(item.id)}`.replace(/[^A-Za-z0-9_-]/g, "_");
}

function kindsOf(item: QueueItemDto): string[] {
  return item.findings.flatMap((f) => (typeof f === "object" && f !== null && typeof (f as { kind?: unknown }).kind === "string" ? [(f as { kind: string }).kind] : []));
}

/** The row's action: reject for pending items, hide for published ones, none for the others. */
function rowAction(item: QueueItemDto): "reject" | "hide" | null {
  return item.status === "pending" ? "reject" : item.status === "published" && item.type !== "flag" ? "hide" : null;
}

export function RowDecisionForm({ item, csrf, back }: { item: QueueItemDto; csrf: string; back: string }) {
  const action = rowAction(item);
  if (!action) return null;
  const kinds = kindsOf(item);
  return (
    <AdminForm action="decide" csrf={csrf} back={back} label={`Decision on ${item.type} ${String(item.id)}`} id={rowFormId(item)} hidden approveReason={reasonsFor("approve", kinds)[0]}>
      <input type="hidden" name="type" value={item.type} />
      <input type="hidden" name="id" value={String(item.id)} />
      <input type="hidden" name="reason" value={reasonsFor(action, kinds)[0]} />
      <input type="hidden" name="then" value="queue" />
    </AdminForm>
  );
}

export function RowDecisionButton({ item, title }: { item: QueueItemDto; title: string }) {
  const action = rowAction(item);
  if (!action) return null;
  const reason = reasonsFor(action, kindsOf(item))[0];
  return (
    <button
      type="submit"
      form={rowFormId(item)}
      name="action"
      value={action}
      data-row-action={action}
      title={`${action === "reject" ? "Reject" : "Hide"}: ${reason}`}
      aria-label={`${action === "reject" ? "Reject" : "Hide"} “${title}”: ${reason}`}
      className="inline-flex min-h-8 items-center rounded-md border border-red-800 px-2 py-1 text-xs font-medium text-red-900 hover:bg-red-50 dark:border-red-300 dark:text-red-200 dark:hover:bg-red-950"
    >
      {action === "reject" ? "Reject" : "Hide"}
    </button>
  );
}
