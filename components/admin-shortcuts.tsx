"use client";
// Keyboard shortcuts for the review console, a progressive enhancement: every decision they make
// is a plain form the page already has (the queue rows' forms, the item page's decision form), so
// without JavaScript nothing is lost but the keys. j/k move (queue: between rows; item page: to
// the next/previous item), r rejects, h hides, a approves after a confirmation where a hurried key
// could publish poison (an item with findings; any item from the queue, where only a line of it
// shows), x selects a row, ? lists them. Keys typed into a text field, list or text area are
// left alone, and so are keys with Ctrl, Alt or Meta.
import { useEffect, useRef, useState, useSyncExternalStore } from "react";

type Mode = "queue" | "item";

const KEYS: Record<Mode, [string, string][]> = {
  queue: [
    ["j / k", "next / previous row"],
    ["Enter", "open the row's item"],
    ["x", "select the row (for the bulk bar)"],
    ["r", "reject the row's item (its findings' reason)"],
    ["h", "hide the row's item (published items)"],
    ["a", "approve the row's item, after a confirmation"],
    ["?", "this list; Esc closes it"],
  ],
  item: [
    ["j / k", "next / previous item of the queue"],
    ["r", "reject, with the reason chosen (or its findings' reason), and go to the next item"],
    ["h", "hide (published items), and go to the next item"],
    ["a", "approve; on an item with findings, press a again (or Enter) to confirm"],
    ["?", "this list; Esc closes it"],
  ],
};

const ROW_KEY = "knowhub-console-row";
const noSubscribe = () => () => {};

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !["checkbox", "radio", "button", "submit", "reset"].includes(target.type);
}

/** The first reason offered for `action` in a decision form's reason list, chosen unless the maintainer chose one for it. */
function fillReason(form: HTMLFormElement, action: string): void {
  const select = form.querySelector<HTMLSelectElement>("select[data-reason-select]");
  if (!select) return;
  const chosen = select.selectedOptions[0];
  const group = chosen?.parentElement instanceof HTMLOptGroupElement ? chosen.parentElement.dataset.action : undefined;
  if (select.value === "other" || (select.value !== "" && group === action)) return;
  const first = select.querySelector<HTMLOptionElement>(`optgroup[data-action="${action}"] option`);
  if (first) select.value = first.value;
}

export function AdminShortcuts({ mode }: { mode: Mode }) {
  const hydrated = useSyncExternalStore(noSubscribe, () => true, () => false);
  const help = useRef<HTMLDialogElement>(null);
  const confirmBox = useRef<HTMLDialogElement>(null);
  const onConfirm = useRef<(() => void) | null>(null);
  const [question, setQuestion] = useState("");
  const [said, setSaid] = useState("");

  useEffect(() => {
    const rows = () => Array.from(document.querySelectorAll<HTMLElement>("[data-queue-row]"));
    const currentRow = () => rows().findIndex((r) => r.contains(document.activeElement));
    const focusRow = (i: number) => {
      const row = rows()[i];
      const link = row?.querySelector<HTMLElement>("[data-row-link]");
      if (!row || !link) return;
      link.focus();
      row.scrollIntoView({ block: "nearest" });
    };
    const ask = (text: string, then: () => void) => {
      onConfirm.current = then;
      setQuestion(text);
      confirmBox.current?.showModal();
    };
    const decisionForm = () => document.querySelector<HTMLFormElement>("form[data-decision-form]");

    // Item page: pick the action's radio, fill its reason, send the form.
    const decideItem = (action: string) => {
      const form = decisionForm();
      const radio = form?.querySelector<HTMLInputElement>(`input[name="action"][value="${action}"]`);
      if (!form || !radio) {
        setSaid(`${action} does not apply to this item.`);
        return;
      }
      radio.checked = true;
      fillReason(form, action);
      form.requestSubmit();
    };

    // Queue: a row's own form, for its own buttons (reject, hide) or approve after a confirmation.
    const rowAction = (action: string) => {
      const i = currentRow();
      const row = rows()[i];
      if (!row) {
        setSaid("Move to a row first: j or k.");
        return;
      }
      sessionStorage.setItem(ROW_KEY, String(i));
      if (action !== "approve") {
        const button = row.querySelector<HTMLButtonElement>(`button[data-row-action="${action}"]`);
        if (button) button.click();
        else setSaid(`${action} does not apply to this item.`);
        return;
      }
      const form = row.dataset.form ? document.getElementById(row.dataset.form) : null;
      if (!(form instanceof HTMLFormElement) || row.dataset.canApprove === undefined) {
        setSaid("approve does not apply to this item.");
        return;
      }
      const findings = row.dataset.findings ? ` It has findings: ${row.dataset.findings.split(" ").join(", ")}.` : "";
      ask(`Publish “${row.dataset.title ?? "this item"}”?${findings}`, () => {
        const action = document.createElement("input");
        action.type = "hidden";
        action.name = "action";
        action.value = "approve";
        form.append(action);
        const reason = form.querySelector<HTMLInputElement>('input[name="reason"]');
        if (reason && form.dataset.approveReason) reason.value = form.dataset.approveReason;
        form.requestSubmit();
      });
    };

    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (confirmBox.current?.open) {
        if (event.key === "a") {
          event.preventDefault();
          confirmBox.current.close();
          onConfirm.current?.();
        }
        return;
      }
      if (help.current?.open || isTyping(event.target)) return;
      const key = event.key;
      if (key === "?") {
        event.preventDefault();
        help.current?.showModal();
        return;
      }
      if (!["j", "k", "a", "r", "h", "x"].includes(key)) return;
      event.preventDefault();
      if (mode === "item") {
        if (key === "j" || key === "k") {
          const link = document.querySelector<HTMLAnchorElement>(key === "j" ? "a[data-queue-next]" : "a[data-queue-previous]");
          if (link) link.click();
          else setSaid(key === "j" ? "This is the last item of the queue." : "This is the first item of the queue.");
        } else if (key === "a") {
          const form = decisionForm();
          if (form?.dataset.findings && form.dataset.findings !== "0") {
            ask(`Publish this item? It has ${form.dataset.findings} screening finding${form.dataset.findings === "1" ? "" : "s"}.`, () => decideItem("approve"));
          } else decideItem("approve");
        } else if (key === "r") decideItem("reject");
        else if (key === "h") decideItem("hide");
        return;
      }
      const i = currentRow();
      if (key === "j") focusRow(Math.min(i + 1, rows().length - 1));
      else if (key === "k") focusRow(Math.max(i - 1, 0));
      else if (key === "x") rows()[i]?.querySelector<HTMLInputElement>('input[type="checkbox"]')?.click();
      else rowAction(key === "a" ? "approve" : key === "r" ? "reject" : "hide");
    };

    // Item page: choosing an action by hand fills its reason too.
    const onChange = (event: Event) => {
      const target = event.target;
      if (target instanceof HTMLInputElement && target.name === "action" && target.form?.dataset.decisionForm !== undefined) fillReason(target.form, target.value);
    };

    document.addEventListener("keydown", onKey);
    document.addEventListener("change", onChange);
    // An item without findings comes with its first action preselected: its reason comes with it.
    const form = decisionForm();
    const preselected = form?.querySelector<HTMLInputElement>('input[name="action"]:checked');
    if (form && preselected) fillReason(form, preselected.value);
    // Back on the queue after a row's decision: the focus goes to the row that took its place.
    if (mode === "queue" && new URLSearchParams(location.search).has("item")) {
      const stored = Number(sessionStorage.getItem(ROW_KEY) ?? "0");
      focusRow(Math.min(Number.isInteger(stored) ? stored : 0, rows().length - 1));
    }
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("change", onChange);
    };
  }, [mode]);

  if (!hydrated) return null;
  return (
    <>
      <button
        type="button"
        onClick={() => help.current?.showModal()}
        className="inline-flex min-h-10 items-center rounded-lg border border-stone-400 bg-white px-3 py-2 text-sm text-stone-900 hover:border-teal-700 dark:border-stone-600 dark:bg-stone-900 dark:text-stone-100 dark:hover:border-teal-300"
      >
        Keyboard shortcuts <kbd className="ml-1.5 rounded border border-stone-400 px-1 font-mono text-xs dark:border-stone-500">?</kbd>
      </button>
      {/* A live region of its own (not role=status: the page's flash is the status). */}
      <p aria-live="polite" className="sr-only">
        {said}
      </p>
      <dialog ref={help} aria-labelledby="shortcuts-title" className={DIALOG}>
        <h2 id="shortcuts-title" className="mb-3 text-lg font-semibold">
          Keyboard shortcuts
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          {KEYS[mode].map(([keys, what]) => (
            <div key={keys} className="contents">
              <dt>
                <kbd className="rounded border border-stone-400 px-1.5 font-mono dark:border-stone-500">{keys}</kbd>
              </dt>
              <dd>{what}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-3 text-sm text-stone-700 dark:text-stone-300">Keys typed into a field are text, not shortcuts.</p>
        <form method="dialog" className="mt-4">
          <button className={DIALOG_BUTTON}>Close</button>
        </form>
      </dialog>
      <dialog ref={confirmBox} aria-labelledby="confirm-title" aria-describedby="confirm-text" className={DIALOG}>
        <h2 id="confirm-title" className="mb-2 text-lg font-semibold">
          Approve and publish?
        </h2>
        <p id="confirm-text" className="text-sm wrap-anywhere">
          {question} Press <kbd className="font-mono">a</kbd> again or Enter to publish it, Esc to cancel.
        </p>
        <div className="mt-4 flex gap-2">
          <button
            type="button"
            autoFocus
            className={DIALOG_BUTTON}
            onClick={() => {
              confirmBox.current?.close();
              onConfirm.current?.();
            }}
          >
            Publish it
          </button>
          <button type="button" className={DIALOG_QUIET} onClick={() => confirmBox.current?.close()}>
            Cancel
          </button>
        </div>
      </dialog>
    </>
  );
}

const DIALOG =
  "m-auto w-[calc(100%-2rem)] max-w-md rounded-xl border border-stone-300 bg-white p-5 text-stone-900 backdrop:bg-stone-950/60 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-100";
const DIALOG_BUTTON =
  "inline-flex min-h-10 items-center rounded-lg bg-teal-800 px-4 py-2 text-sm font-medium text-white hover:bg-teal-900 dark:bg-teal-300 dark:text-stone-950 dark:hover:bg-teal-200";
const DIALOG_QUIET =
  "inline-flex min-h-10 items-center rounded-lg border border-stone-400 bg-white px-4 py-2 text-sm text-stone-900 dark:border-stone-600 dark:bg-stone-900 dark:text-stone-100";
