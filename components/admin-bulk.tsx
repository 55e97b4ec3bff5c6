// The console's decision choices. One item: only the actions its status allows. Many at once (a
// selection or a key's flood): reject or hide, nothing else, since there is no bulk approval.
import type { ReactNode } from "react";
import { actionsFor, type DecisionAction, type ItemStatus } from "@/lib/moderation/schema";
import { AdminForm, Button, ReasonField, labelClass } from "./admin-form";

const ACTION_LABELS: Record<DecisionAction, string> = {
  approve: "Approve: publish it",
  reject: "Reject: never publish it",
  hide: "Hide: take it down",
  restore: "Restore: publish it again",
};

/**
 * The radio buttons of a decision on one item in `status`. With findings nothing is preselected
 * (a hurried submit must not publish a poisoned item: the browser then asks for a choice, and the
 * server refuses a missing action); without, the first allowed action is, as before.
 */
export function DecisionActionChoice({ status, legend, preselect }: { status: ItemStatus; legend: ReactNode; preselect: boolean }) {
  return (
    <fieldset>
      <legend className={labelClass}>{legend}</legend>
      <div className="flex flex-col gap-2">
        {actionsFor(status).map((action, i) => (
          <label key={action} className="inline-flex items-center gap-2">
            <input type="radio" name="action" value={action} required defaultChecked={preselect && i === 0} className="size-4 accent-teal-800" />
            {ACTION_LABELS[action]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Reject or hide, nothing else: there is no bulk approval. */
export function BulkActionChoice({ idPrefix, inline = false }: { idPrefix: string; inline?: boolean }) {
  return (
    <fieldset className={inline ? "flex flex-wrap items-center gap-x-3" : undefined}>
      <legend className={inline ? "sr-only" : labelClass}>Action</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        <label className="inline-flex items-center gap-2">
          <input type="radio" name="action" value="reject" required defaultChecked id={`${idPrefix}-reject`} className="size-4 accent-teal-800" />
          Reject (pending items)
        </label>
        <label className="inline-flex items-center gap-2">
          <input type="radio" name="action" value="hide" id={`${idPrefix}-hide`} className="size-4 accent-teal-800" />
          Hide (published items)
        </label>
      </div>
    </fieldset>
  );
}

/** Reject or hide everything one key wrote, whatever the page's filters show. */
export function KeyBulkForm({ keyId, csrf, back, idPrefix, label }: { keyId: string; csrf: string; back: string; idPrefix: string; label: string }) {
  return (
    <AdminForm action="bulk" csrf={csrf} back={back} label={label} className="space-y-3">
      <input type="hidden" name="key_id" value={keyId} />
      <BulkActionChoice idPrefix={idPrefix} />
      <ReasonField id={`${idPrefix}-reason`} />
      <Button tone="danger">Apply to everything by this key</Button>
    </AdminForm>
  );
}
