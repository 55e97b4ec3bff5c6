// Invisible characters that hide or reorder text (zero-width, bidirectional controls, tags, soft
// hyphens), told apart from the same characters doing their legitimate work (emoji sequences,
// flags, Persian and Indic joiners, marks in right-to-left text).
import {
  BIDI_CONTROLS,
  DIRECTION_MARKS,
  JOINING_SCRIPTS,
  RTL_LETTERS,
  SCREENING_TUNING,
  SOFT_HYPHEN,
  ZERO_WIDTH,
} from "./screening-rules";
import type { FindingKind } from "./screening-types";
import { LETTER } from "./screen-views";

/** Where a rule fired, in the text as sent; `excerpt` stands in for that text when it was decoded first. */
export type Span = { kind: FindingKind; start: number; end: number; rule: string; excerpt?: string };

const PICTOGRAPHIC = /\p{Extended_Pictographic}/u;
const charOf = (codePoint: number | undefined) => (codePoint === undefined ? "" : String.fromCodePoint(codePoint));

// Everything findInvisible may report; most text has none, and is done after one search.
const INVISIBLE_CANDIDATE = /[\u00ad\u061c\u115f\u1160\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\u3164\ufeff\uffa0]|\udb40[\udc00-\udc7f]/g;
const isTag = (codePoint: number | undefined) => codePoint !== undefined && codePoint >= 0xe0000 && codePoint <= 0xe007f;

/** The code point before `index` (UTF-16 offset), skipping nothing. */
function codePointBefore(source: string, index: number): number | undefined {
  if (index <= 0) return undefined;
  const low = source.charCodeAt(index - 1);
  if (low >= 0xdc00 && low <= 0xdfff && index >= 2) return source.codePointAt(index - 2);
  return low;
}

/** Why the invisible character at `index` is suspicious (a rule id), or null where it is legitimate. */
function invisibleRule(source: string, index: number, hasRtl: boolean): string | null {
  const codePoint = source.codePointAt(index)!;
  const width = codePoint > 0xffff ? 2 : 1;
  const prev = codePointBefore(source, index);
  const next = source.codePointAt(index + width);
  const char = charOf;
  if (BIDI_CONTROLS.has(codePoint)) return "invisible.bidi-control";
  if (DIRECTION_MARKS.has(codePoint)) return hasRtl ? null : "invisible.direction-mark";
  if (isTag(codePoint)) {
    // Flags of England, Scotland, Wales: U+1F3F4, up to seven tag characters, U+E007F.
    let first = index;
    while (isTag(codePointBefore(source, first))) first -= 2;
    let last = index;
    while (isTag(source.codePointAt(last + 2))) last += 2;
    const flag = codePointBefore(source, first) === 0x1f3f4 && source.codePointAt(last) === 0xe007f && (last - first) / 2 < 8;
    return flag ? null : "invisible.tag";
  }
  if (codePoint === SOFT_HYPHEN) return LETTER.test(char(prev)) && LETTER.test(char(next)) ? "invisible.soft-hyphen" : null;
  if (codePoint === 0xfeff && index === 0) return null; // a byte order mark at the start hides nothing
  if (codePoint === 0x200d || codePoint === 0x200c) {
    if (JOINING_SCRIPTS.test(char(prev)) || JOINING_SCRIPTS.test(char(next))) return null;
    if (codePoint === 0x200d) {
      // 👨‍👩‍👧, 🏳️‍🌈, 👩🏽‍💻: the joiner sits between pictographs (after a variation selector or skin tone).
      let at = index;
      let before = prev;
      while (before !== undefined && (before === 0xfe0f || (before >= 0x1f3fb && before <= 0x1f3ff))) {
        at -= before > 0xffff ? 2 : 1;
        before = codePointBefore(source, at);
      }
      if (PICTOGRAPHIC.test(char(before)) && PICTOGRAPHIC.test(char(next))) return null;
    }
    return "invisible.zero-width";
  }
  if (ZERO_WIDTH.has(codePoint)) return "invisible.zero-width";
  return null;
}

/** Invisible characters, a run of them (or several a few characters apart, as in "i\u200bg\u200bn") one finding. */
export function findInvisible(source: string): Span[] {
  const spans: Span[] = [];
  const hasRtl = RTL_LETTERS.test(source);
  INVISIBLE_CANDIDATE.lastIndex = 0;
  for (let match = INVISIBLE_CANDIDATE.exec(source); match; match = INVISIBLE_CANDIDATE.exec(source)) {
    const rule = invisibleRule(source, match.index, hasRtl);
    if (!rule) continue;
    const end = match.index + match[0].length;
    const last = spans[spans.length - 1];
    if (last && match.index - last.end <= SCREENING_TUNING.invisibleGap) last.end = end;
    else if (spans.length >= SCREENING_TUNING.maxFindingsPerRule) break;
    else spans.push({ kind: "invisible_text", start: match.index, end, rule });
  }
  return spans;
}
