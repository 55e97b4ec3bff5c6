// Marks the words of a report that made it match a query, and cuts a short snippet around them.
// Words are compared as the index sees them (analyzeTerms: NFKC, case folding, stemming, Chinese
// segmentation), so "Extracting tables" is marked for the analyzed terms "extract" and "tabl",
// while "stable" and "pdfminer" are not marked for "tabl" and "pdf".
import { analyzeTerms } from "../text/analyze";

export type SnippetPart = { text: string; mark: boolean };
export type Snippet = { parts: SnippetPart[]; marked: number; cut: boolean };
type Range = [start: number, end: number];
type Token = { start: number; end: number; terms: Set<string> };

const segmenter = new Intl.Segmenter("zh", { granularity: "word" });
const WORD_PART = /[\p{L}\p{N}]+/gu;
const HAN_ONLY = /^\p{Script=Han}+$/u;
const HAN = /\p{Script=Han}/u;

/**
 * The analyzed forms to mark for one result: the terms found in its best report (explain's
 * matched_terms), both sides of each lexicon expansion ("term~form": the form is what the report
 * says), and optionally the query's own terms so that the other matching reports get marks too.
 */
export function highlightForms(explain: { matched_terms: string[]; expanded_terms: string[] } | undefined, query = ""): string[] {
  const forms = new Set<string>();
  for (const term of explain?.matched_terms ?? []) forms.add(term);
  for (const pair of explain?.expanded_terms ?? []) {
    const cut = pair.indexOf("~");
    if (cut < 0) forms.add(pair);
    else {
      forms.add(pair.slice(0, cut));
      forms.add(pair.slice(cut + 1));
    }
  }
  for (const t of analyzeTerms(query)) {
    // A lone soft Chinese character (是, 图) would mark it everywhere: it carries no meaning alone.
    if (t.soft && [...t.term].length === 1) continue;
    forms.add(t.term);
  }
  forms.delete("");
  return [...forms];
}

/** Word parts of the text with their offsets and index terms; words analysis drops are left out. */
function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const { segment, index, isWordLike } of segmenter.segment(text)) {
    if (!isWordLike) continue;
    // Segments keep "dtype_backend" and "pdfminer.six" whole; the index holds their parts.
    for (const m of segment.matchAll(WORD_PART)) {
      const terms = new Set(analyzeTerms(m[0]).flatMap((t) => [t.term, ...(t.parts ?? [])]));
      if (terms.size > 0) tokens.push({ start: index + m.index, end: index + m.index + m[0].length, terms });
    }
  }
  return tokens;
}

/** Character ranges of the text to mark, sorted and merged. */
export function matchRanges(text: string, forms: string[]): Range[] {
  const ranges: Range[] = [];
  const tokens = tokenize(text);
  for (const form of forms) {
    const seq = form.split(" ").filter(Boolean);
    if (seq.length === 0) continue;
    // A multi-word form ("data frame") marks only where its words follow each other, as the index
    // matches it; never its words alone.
    for (let i = 0; i + seq.length <= tokens.length; i++) {
      if (seq.every((term, k) => tokens[i + k].terms.has(term))) ranges.push([tokens[i].start, tokens[i + seq.length - 1].end]);
    }
    // Chinese has no spaces and ICU cuts unknown words into single characters (电商 as 电|商), so
    // a Chinese term is found where its characters are, not only where a segment equals it.
    if (seq.length === 1 && HAN_ONLY.test(form)) {
      for (let at = text.indexOf(form); at >= 0; at = text.indexOf(form, at + form.length)) ranges.push([at, at + form.length]);
    }
  }
  ranges.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: Range[] = [];
  for (const r of ranges) {
    const last = merged[merged.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else merged.push([r[0], r[1]]);
  }
  return merged;
}

/** The whole text split into marked and unmarked parts. */
export function highlightText(text: string, forms: string[]): SnippetPart[] {
  return split(text, matchRanges(text, forms), 0, text.length);
}

/**
 * At most about `max` characters of the text, placed to show as many marked words as possible,
 * with "…" where it was cut. A mark is never cut in half.
 */
export function highlightSnippet(text: string, forms: string[], max = 160, lead = 30): Snippet {
  const trimmed = text.trim().replace(/\s+/g, " ");
  const ranges = matchRanges(trimmed, forms);
  if (trimmed.length <= max) return { parts: split(trimmed, ranges, 0, trimmed.length), marked: ranges.length, cut: false };

  let best = windowAt(trimmed, 0, max, ranges);
  for (const r of ranges) {
    const w = windowAt(trimmed, Math.max(0, r[0] - lead), max, ranges);
    if (w.count > best.count) best = w;
  }
  const { start, end } = best;
  const parts = split(trimmed, ranges, start, end);
  if (start > 0) parts.unshift({ text: "…", mark: false });
  if (end < trimmed.length) parts.push({ text: "…", mark: false });
  return { parts, marked: best.count, cut: start > 0 || end < trimmed.length };
}

function windowAt(text: string, from: number, max: number, ranges: Range[]): { start: number; end: number; count: number } {
  let start = from;
  // Start at a word's beginning (Chinese has no spaces: any character boundary will do).
  if (start > 0 && !HAN.test(text[start - 1] ?? "")) {
    const space = text.indexOf(" ", start);
    const firstMark = ranges.find((r) => r[0] >= from)?.[0] ?? text.length;
    if (space >= 0 && space < firstMark) start = space + 1;
  }
  let end = Math.min(text.length, start + max);
  if (end < text.length && !HAN.test(text[end] ?? "")) {
    const space = text.lastIndexOf(" ", end);
    if (space > start) end = space;
  }
  // Never split a mark, nor a surrogate pair.
  const crossing = ranges.find((r) => r[0] < end && r[1] > end);
  if (crossing && crossing[0] > start) end = crossing[0];
  if (end < text.length && /[\uDC00-\uDFFF]/.test(text[end] ?? "")) end--;
  end = start + text.slice(start, end).trimEnd().length;
  const count = ranges.filter((r) => r[0] >= start && r[1] <= end).length;
  return { start, end, count };
}

function split(text: string, ranges: Range[], start: number, end: number): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let at = start;
  for (const [s, e] of ranges) {
    if (e <= start || s >= end) continue;
    const from = Math.max(s, start);
    const to = Math.min(e, end);
    if (from > at) parts.push({ text: text.slice(at, from), mark: false });
    parts.push({ text: text.slice(from, to), mark: true });
    at = to;
  }
  if (at < end) parts.push({ text: text.slice(at, end), mark: false });
  return parts;
}
