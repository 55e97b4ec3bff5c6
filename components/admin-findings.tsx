// Screening findings: what made an item suspicious, shown so a maintainer sees it at a glance.
// Each finding is shown inside the sentence it occurs in, its match marked (<mark>), in a list
// and inside the full text. All of it is submitted data, rendered as text (React escapes it),
// isolated with <bdi>.
import { Fragment, type ReactNode } from "react";
import { findingSentence, type FindingSentence } from "@/lib/moderation/finding-sentence";
import { langOf } from "./format";

export type FindingView = { kind: string; field: string; excerpt: string; sentence: FindingSentence | null };

const MARK = "rounded bg-amber-200 px-0.5 text-stone-950 dark:bg-amber-300";

/** Findings come from the database as JSON: keep what has the expected shape, as strings, with their sentence in `texts`. */
export function findingViews(findings: unknown[], texts: Record<string, string> = {}): FindingView[] {
  return findings
    .filter((f): f is Record<string, unknown> => typeof f === "object" && f !== null)
    .map((f) => {
      const field = typeof f.field === "string" ? f.field : "";
      const excerpt = typeof f.excerpt === "string" ? f.excerpt : typeof f.match === "string" ? f.match : "";
      const text = Object.hasOwn(texts, field) ? texts[field] : "";
      return {
        kind: typeof f.kind === "string" ? f.kind : "finding",
        field,
        excerpt,
        sentence: text && excerpt ? findingSentence(text, { excerpt, start: f.start, end: f.end }) : null,
      };
    });
}

export function FindingKind({ kind }: { kind: string }) {
  return <span className="mr-1 rounded bg-red-100 px-1.5 py-0.5 text-xs font-medium text-red-950 dark:bg-red-900 dark:text-red-50">{kind}</span>;
}

/** A finding's sentence with the match marked, or the excerpt alone when the text has no sentence for it. */
export function FindingInSentence({ finding }: { finding: FindingView }) {
  const s = finding.sentence;
  if (!s) {
    return finding.excerpt ? (
      <mark className={MARK}>
        <bdi lang={langOf(finding.excerpt)}>{finding.excerpt}</bdi>
      </mark>
    ) : null;
  }
  return (
    <bdi lang={langOf(`${s.before}${s.match}${s.after}`)}>
      {s.before}
      <mark className={MARK}>{s.match}</mark>
      {s.after}
    </bdi>
  );
}

export function FindingList({ findings }: { findings: FindingView[] }) {
  if (findings.length === 0) return null;
  return (
    <ul className="space-y-1.5 text-sm">
      {findings.map((f, i) => (
        <li key={i} className="wrap-anywhere">
          <FindingKind kind={f.kind} />
          {f.field ? <span className="mr-1 text-xs text-stone-600 dark:text-stone-400">in {f.field}:</span> : null}
          <FindingInSentence finding={f} />
        </li>
      ))}
    </ul>
  );
}

/** The text with every occurrence of the excerpts marked. Excerpts shortened with "…" match by their core. */
export function HighlightedText({ text, excerpts }: { text: string; excerpts: string[] }) {
  const needles = [...new Set(excerpts.map((e) => e.replace(/^…|…$/g, "").trim()).filter((e) => e.length >= 2))].sort((a, b) => b.length - a.length);
  const ranges = markRanges(text, needles);
  if (ranges.length === 0) return <>{text}</>;
  const parts: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start > at) parts.push(<Fragment key={`t${at}`}>{text.slice(at, start)}</Fragment>);
    parts.push(
      <mark key={`m${start}`} className={MARK}>
        {text.slice(start, end)}
      </mark>,
    );
    at = end;
  }
  if (at < text.length) parts.push(<Fragment key={`t${at}`}>{text.slice(at)}</Fragment>);
  return <>{parts}</>;
}

// Non-overlapping [start, end) ranges of the needles in the text, case-insensitively, in order.
function markRanges(text: string, needles: string[]): [number, number][] {
  const lower = text.toLowerCase();
  const ranges: [number, number][] = [];
  for (const needle of needles) {
    const n = needle.toLowerCase();
    // toLowerCase can change lengths (e.g. İ); then positions would not line up, so skip that needle.
    if (n.length !== needle.length || lower.length !== text.length) continue;
    for (let i = lower.indexOf(n); i >= 0; i = lower.indexOf(n, i + n.length)) {
      const end = i + n.length;
      if (!ranges.some(([s, e]) => i < e && end > s)) ranges.push([i, end]);
    }
  }
  return ranges.sort((a, b) => a[0] - b[0]);
}
