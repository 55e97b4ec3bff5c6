// The console's forms: plain HTML POSTs (no JavaScript needed) to app/admin/actions/*, each
// carrying the session's CSRF token and the page to come back to. The reason field is required
// by the browser and again by the server: every decision is explained in the audit log.
import type { ReactNode } from "react";

type FormProps = {
  action: string;
  csrf: string;
  back: string;
  children: ReactNode;
  className?: string;
  label?: string;
  id?: string;
  hidden?: boolean;
  /** A decision form: what the keyboard shortcuts read (components/admin-shortcuts.tsx). */
  decision?: { findings: number };
  approveReason?: string;
};

export function AdminForm({ action, csrf, back, children, className = "", label, id, hidden, decision, approveReason }: FormProps) {
  return (
    <form
      method="post"
      action={`/admin/actions/${action}`}
      className={className}
      aria-label={label}
      id={id}
      hidden={hidden}
      data-decision-form={decision ? "" : undefined}
      data-findings={decision ? String(decision.findings) : undefined}
      data-approve-reason={approveReason}
    >
      <input type="hidden" name="csrf" value={csrf} />
      <input type="hidden" name="back" value={back} />
      {children}
    </form>
  );
}

export const inputClass =
  "w-full min-w-0 rounded-lg border border-stone-400 bg-white px-3 py-2 text-stone-900 placeholder:text-stone-500 dark:border-stone-600 dark:bg-stone-900 dark:text-stone-100 dark:placeholder:text-stone-400";

export const labelClass = "mb-1 block text-sm font-medium";

export function ReasonField({ id, label = "Reason (required, for the audit log)", rows = 2 }: { id: string; label?: string; rows?: number }) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <textarea id={id} name="reason" required maxLength={1000} rows={rows} className={inputClass} />
    </div>
  );
}

const BUTTON = "inline-flex min-h-10 items-center justify-center rounded-lg px-4 py-2 text-sm font-medium";
const TONES = {
  primary: "bg-teal-800 text-white hover:bg-teal-900 dark:bg-teal-300 dark:text-stone-950 dark:hover:bg-teal-200",
  danger: "bg-red-800 text-white hover:bg-red-900 dark:bg-red-300 dark:text-stone-950 dark:hover:bg-red-200",
  quiet:
    "border border-stone-400 bg-white text-stone-900 hover:border-teal-700 dark:border-stone-600 dark:bg-stone-900 dark:text-stone-100 dark:hover:border-teal-300",
} as const;

export function Button({
  children,
  tone = "primary",
  name,
  value,
}: {
  children: ReactNode;
  tone?: keyof typeof TONES;
  name?: string;
  value?: string;
}) {
  return (
    <button type="submit" name={name} value={value} className={`${BUTTON} ${TONES[tone]}`}>
      {children}
    </button>
  );
}
