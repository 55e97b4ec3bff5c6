// A screening finding shown in the sentence it occurs in (issue #22): the matched excerpt alone
// ("ignore previous instructions") does not tell a maintainer whether the text quotes an attack or
// makes one. The finding's start and end point into the field as submitted, which is what the
// item stores; when they do not fit the text (an older finding, a shortened excerpt) the excerpt is
// searched for instead.

/** The sentence around a match: the text before it in the sentence, the match, the text after. */
export type FindingSentence = { before: string; match: string; after: string };

// The context kept on each side of the match at most, and the longest match shown whole.
const SIDE_MAX = 140;
const MATCH_MAX = 200;
// A sentence ends at . ! ? (and their full-width forms) followed by a space, or at a line break.
const ENDS = /[.!?。！？](?=\s|$)|\n/g;

export function findingSentence(text: string, finding: { excerpt: string; start?: unknown; end?: unknown }): FindingSentence | null {
  const range = rangeOf(text, finding);
  if (!range) return null;
  const [start, end] = range;
  let from = 0;
  let to = text.length;
  ENDS.lastIndex = 0;
  for (let m = ENDS.exec(text); m; m = ENDS.exec(text)) {
    const after = m.index + m[0].length;
    if (after <= start) from = after;
    else if (m.index >= end) {
      to = m[0] === "\n" ? m.index : after;
      break;
    }
  }
  let before = text.slice(from, start).trimStart();
  let after = text.slice(end, to).trimEnd();
  let match = text.slice(start, end);
  if (before.length > SIDE_MAX) before = `…${before.slice(before.length - SIDE_MAX).replace(/^\S*\s/, "")}`;
  if (after.length > SIDE_MAX) after = `${after.slice(0, SIDE_MAX).replace(/\s\S*$/, "")}…`;
  if (match.length > MATCH_MAX) match = `${match.slice(0, MATCH_MAX)}…`;
  return { before, match, after };
}

function rangeOf(text: string, finding: { excerpt: string; start?: unknown; end?: unknown }): [number, number] | null {
  const { start, end } = finding;
  if (typeof start === "number" && typeof end === "number" && Number.isInteger(start) && Number.isInteger(end) && start >= 0 && start < end && end <= text.length) {
    return [start, end];
  }
  const core = finding.excerpt.replace(/^…|…$/g, "").trim();
  if (core.length < 2) return null;
  const lower = text.toLowerCase();
  // toLowerCase can change lengths (e.g. İ); then positions would not line up.
  if (lower.length !== text.length) {
    const at = text.indexOf(core);
    return at >= 0 ? [at, at + core.length] : null;
  }
  const at = lower.indexOf(core.toLowerCase());
  return at >= 0 ? [at, at + core.length] : null;
}
