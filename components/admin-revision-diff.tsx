// Two revisions of a content node side by side as a line diff, on the console's content page.
// A GET form picks the pair (works without JavaScript); the bodies are submitted text, rendered as
// text. Added and removed lines carry a +/- sign and words for screen readers, not only a colour.
import { diffHunks, diffLines, type DiffLine } from "@/lib/text/line-diff";
import { Button, inputClass, labelClass } from "./admin-form";
import { langOf } from "./format";

type Revision = { revision: number; status: string; title: string; body: string };

/**
 * The pair shown unless the page asks for another: what the public sees against the newest other
 * revision (typically the held one waiting for a decision), or the two newest when the public sees
 * the newest or nothing.
 */
export function defaultDiffPair(revisions: Revision[], visible: number): { from: number; to: number } | null {
  const numbers = revisions.map((r) => r.revision).sort((a, b) => b - a);
  if (numbers.length < 2) return null;
  const newestOther = numbers.find((n) => n !== visible)!;
  if (visible > 0 && newestOther > visible) return { from: visible, to: newestOther };
  return { from: numbers[1], to: numbers[0] };
}

export function RevisionDiff({
  revisions,
  from,
  to,
  action,
}: {
  revisions: Revision[];
  from: number;
  to: number;
  /** The page's own path: the form asks it again with ?from=&to=. */
  action: string;
}) {
  const older = revisions.find((r) => r.revision === from);
  const newer = revisions.find((r) => r.revision === to);
  const sorted = [...revisions].sort((a, b) => b.revision - a.revision);
  const option = (r: Revision) => (
    <option key={r.revision} value={r.revision}>
      {r.revision} ({r.status})
    </option>
  );
  return (
    <div className="space-y-3">
      <form method="get" action={action} className="flex flex-wrap items-end gap-3" aria-label="Revisions to compare">
        <div>
          <label htmlFor="diff-from" className={labelClass}>
            From revision
          </label>
          <select id="diff-from" name="from" defaultValue={String(from)} className={`${inputClass} w-auto`}>
            {sorted.map(option)}
          </select>
        </div>
        <div>
          <label htmlFor="diff-to" className={labelClass}>
            To revision
          </label>
          <select id="diff-to" name="to" defaultValue={String(to)} className={`${inputClass} w-auto`}>
            {sorted.map(option)}
          </select>
        </div>
        <Button tone="quiet">Compare</Button>
      </form>
      {older && newer ? <DiffBody older={older} newer={newer} /> : <p className="text-sm">This node has no revision with that number.</p>}
    </div>
  );
}

function DiffBody({ older, newer }: { older: Revision; newer: Revision }) {
  const diff = diffLines(older.body, newer.body);
  const hunks = diffHunks(diff.lines);
  const titleChanged = older.title !== newer.title;
  return (
    <div className="space-y-2">
      <p className="text-sm text-stone-700 dark:text-stone-300" data-testid="diff-summary">
        Revision {older.revision} → {newer.revision}: {diff.added} {diff.added === 1 ? "line" : "lines"} added, {diff.removed}{" "}
        {diff.removed === 1 ? "line" : "lines"} removed
        {titleChanged ? "; the title changed too" : ""}.
        {diff.complete ? "" : " The texts differ too much for a line-by-line match: the whole old text is shown removed and the new one added."}
      </p>
      {titleChanged ? (
        <p className="text-sm">
          Title: <del className="bg-red-100 px-1 dark:bg-red-950">{older.title || "(none)"}</del> →{" "}
          <ins className="bg-teal-100 px-1 no-underline dark:bg-teal-950">{newer.title || "(none)"}</ins>
        </p>
      ) : null}
      {hunks.length === 0 ? (
        <p className="text-sm">The two texts are the same.</p>
      ) : (
        <div
          lang={langOf(newer.body)}
          className="max-h-[36rem] overflow-auto rounded-lg border border-stone-200 bg-stone-50 font-mono text-sm dark:border-stone-800 dark:bg-stone-950"
          role="region"
          aria-label={`Changes from revision ${older.revision} to ${newer.revision}`}
          tabIndex={0}
        >
          {hunks.map((hunk, h) => (
            <div key={h}>
              {hunk.skipped > 0 ? (
                <p className="border-y border-stone-200 bg-stone-100 px-3 py-1 text-xs text-stone-700 dark:border-stone-800 dark:bg-stone-900 dark:text-stone-300">
                  … {hunk.skipped} unchanged {hunk.skipped === 1 ? "line" : "lines"}
                </p>
              ) : null}
              <ul>
                {hunk.lines.map((line, i) => (
                  <DiffRow key={i} line={line} />
                ))}
              </ul>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}

const ROW = {
  same: { sign: " ", words: "", className: "" },
  added: { sign: "+", words: "added: ", className: "bg-teal-100 text-teal-950 dark:bg-teal-950 dark:text-teal-50" },
  removed: { sign: "-", words: "removed: ", className: "bg-red-100 text-red-950 dark:bg-red-950 dark:text-red-50" },
} as const;

function DiffRow({ line }: { line: DiffLine }) {
  const row = ROW[line.kind];
  return (
    <li data-kind={line.kind} className={`grid grid-cols-[2.5rem_2.5rem_1.25rem_minmax(0,1fr)] ${row.className}`}>
      <span aria-hidden="true" className="pr-2 text-right text-xs leading-6 text-stone-600 select-none dark:text-stone-400">
        {line.oldLine ?? ""}
      </span>
      <span aria-hidden="true" className="pr-2 text-right text-xs leading-6 text-stone-600 select-none dark:text-stone-400">
        {line.newLine ?? ""}
      </span>
      <span aria-hidden="true" className="leading-6 font-semibold select-none">
        {row.sign}
      </span>
      <span className="pr-3 leading-6 whitespace-pre-wrap wrap-anywhere">
        {row.words ? <span className="sr-only">{row.words}</span> : null}
        {line.text || "\u00a0"}
      </span>
    </li>
  );
}
