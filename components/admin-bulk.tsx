import { labelClass } from "./admin-form";

/** Reject or hide, nothing else: there is no bulk approval. */
export function BulkActionChoice({ idPrefix }: { idPrefix: string }) {
  return (
    <fieldset>
      <legend className={labelClass}>Action</legend>
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
