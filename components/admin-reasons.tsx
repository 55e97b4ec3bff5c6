// The reason of a decision, chosen rather than typed (issue #22): canned reasons grouped by the
// action they go with, those fitting the item's findings first, and "Other" with a text field.
// Nothing is chosen until the maintainer (or, with JavaScript, the chosen action) picks one: the
// browser and the server refuse a decision without a reason.
import { reasonsFor } from "@/lib/moderation/decision-reasons";
import type { DecisionAction } from "@/lib/moderation/schema";
import { inputClass, labelClass } from "./admin-form";

const GROUP_LABELS: Record<DecisionAction, string> = { approve: "Approve because", reject: "Reject because", hide: "Hide because", restore: "Restore because" };

export function ReasonChoice({ id, actions, findingKinds }: { id: string; actions: DecisionAction[]; findingKinds: string[] }) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div>
        <label htmlFor={id} className={labelClass}>
          Reason (required, for the audit log)
        </label>
        <select id={id} name="reason" required defaultValue="" className={inputClass} data-reason-select="">
          <option value="">Choose a reason</option>
          {actions.map((action) => (
            <optgroup key={action} label={GROUP_LABELS[action]} data-action={action}>
              {reasonsFor(action, findingKinds).map((reason) => (
                <option key={reason} value={reason}>
                  {reason}
                </option>
              ))}
            </optgroup>
          ))}
          <option value="other">Other (write it in the next field)</option>
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-other`} className={labelClass}>
          Other reason (with &ldquo;Other&rdquo;)
        </label>
        <input id={`${id}-other`} name="reason_other" maxLength={1000} className={inputClass} />
      </div>
    </div>
  );
}
