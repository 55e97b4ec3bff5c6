// Screening on ingest: a shared memory for agents is an attack surface, one poisoned tip reaches
// every agent that searches the task. This finds text aimed at the reading agent rather than
// describing an experience (prompt injection, chat-template role markers, requests to send
// secrets out, network code piped into a shell), personal data, and invisible characters. It only
// reports: the caller holds a submission with findings for a human (hold-for-review.ts), and the
// text itself is never rewritten or dropped. Credentials are refused before this, by
// lib/text/secrets.ts.
//
// Obfuscation is undone before matching (screening-rules.ts describes the views): case, full-width
// letters, zero-width characters, stretched whitespace, Latin lookalikes, letter-by-letter
// spacing. Every character of a view remembers the span of the original text it came from, so a
// finding's start and end point into the text as it was sent.
import {
  BIDI_CONTROLS,
  DIRECTION_MARKS,
  DISCUSSION_CUES,
  DISCUSSION_CUES_AFTER,
  EXAMPLE_BEFORE,
  EXAMPLE_URL,
  JOINING_SCRIPTS,
  LATIN_LOOKALIKES,
  LEET,
  NEGATION_BEFORE,
  NON_IMPERATIVE_BEFORE,
  NON_IMPERATIVE_BEFORE_ZH,
  RTL_LETTERS,
  SCREENING_RULES,
  SCREENING_TUNING,
  SOFT_HYPHEN,
  TRUSTED_INSTALLERS,
  ZERO_WIDTH,
  type FindingKind,
  type Guard,
  type ScreeningRule,
} from "./screening-rules";

export type { FindingKind } from "./screening-rules";

export type Finding = {
  kind: FindingKind;
  /** The submitted field the text is in (tips, outcome, body...). */
  field: string;
  /** Offsets in the field as submitted (UTF-16 code units, end exclusive). */
  start: number;
  end: number;
  /** The matched text, at most SCREENING_TUNING.excerptMax characters; invisible characters shown as <U+XXXX>. */
  excerpt: string;
  /** Stable id of the rule that fired (screening-rules.ts). */
  rule: string;
};

/** A normalized copy of a text; character i came from source[from[i]..to[i]). */
type View = { text: string; from: number[]; to: number[] };

const IGNORABLE = /\p{Default_Ignorable_Code_Point}/u;
const SPACE = /\s/u;
const LETTER = /\p{L}/u;
const ASCII_LETTER = /[A-Za-z]/;
const PICTOGRAPHIC = /\p{Extended_Pictographic}/u;
const HAN = /\p{Script=Han}/u;

/** NFKC, lower case, default-ignorables removed, lookalikes made Latin, whitespace runs collapsed. */
function normalView(source: string): View {
  const chars: string[] = [];
  const from: number[] = [];
  const to: number[] = [];
  const push = (char: string, start: number, end: number) => {
    const last = chars.length - 1;
    const space = char === "\n" || char === "\r" ? "\n" : SPACE.test(char) ? " " : null;
    if (space !== null && last >= 0 && (chars[last] === " " || chars[last] === "\n")) {
      if (space === "\n") chars[last] = "\n";
      to[last] = end;
      return;
    }
    chars.push(space ?? char);
    from.push(start);
    to.push(end);
  };
  for (let i = 0; i < source.length; ) {
    const codePoint = source.codePointAt(i)!;
    const next = i + (codePoint > 0xffff ? 2 : 1);
    if (codePoint < 0x80) {
      push(codePoint >= 0x41 && codePoint <= 0x5a ? String.fromCharCode(codePoint + 32) : source[i], i, next);
      i = next;
      continue;
    }
    const char = source.slice(i, next);
    if (!IGNORABLE.test(char)) {
      const lower = char.normalize("NFKC").toLowerCase();
      const latin = LATIN_LOOKALIKES[lower];
      // A Cyrillic "о" inside "ignоre" is a disguise; inside a Russian word it is a letter.
      const disguised = latin !== undefined && (!ASCII_LETTER.test(latin) || ASCII_LETTER.test(source[i - 1] ?? "") || ASCII_LETTER.test(source[next] ?? ""));
      for (const out of disguised ? latin : lower) push(out, i, next);
    }
    i = next;
  }
  return { text: chars.join(""), from, to };
}

/** Letters only (digits read as letters): "i g n 0 r e" and "ignore_previous-instructions" become one word. */
function squashedView(normal: View): View & { normalIndex: number[] } {
  const chars: string[] = [];
  const from: number[] = [];
  const to: number[] = [];
  const normalIndex: number[] = [];
  const text = normal.text;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    const code = char.charCodeAt(0);
    const letter = (code >= 0x61 && code <= 0x7a) || (code >= 0x80 && LETTER.test(char)) ? char : LEET[char];
    if (letter === undefined) continue;
    chars.push(letter);
    from.push(normal.from[i]);
    to.push(normal.to[i]);
    normalIndex.push(i);
  }
  return { text: chars.join(""), from, to, normalIndex };
}

/** The part of `before` in the same sentence as what follows it. */
function sameSentence(before: string): string {
  let cut = -1;
  for (const match of before.matchAll(/[!?。！？\n]|\.(?= )/g)) {
    // "e.g. ", "i.e. ", "etc. ", "vs. " do not end a sentence.
    if (match[0] === "." && /(?:\be\.g|\bi\.e|\betc|\bvs|\bcf)$/.test(before.slice(0, match.index))) continue;
    cut = match.index;
  }
  return before.slice(cut + 1);
}

function isDiscussion(text: string, start: number, end: number): boolean {
  const before = sameSentence(text.slice(Math.max(0, start - SCREENING_TUNING.discussionBefore), start));
  return DISCUSSION_CUES.test(before) || DISCUSSION_CUES_AFTER.test(text.slice(end, end + SCREENING_TUNING.discussionAfter));
}

function isNegated(text: string, start: number): boolean {
  return NEGATION_BEFORE.test(sameSentence(text.slice(Math.max(0, start - SCREENING_TUNING.negationBefore), start)));
}

function isNotImperative(text: string, start: number): boolean {
  if (HAN.test(text[start] ?? "")) return NON_IMPERATIVE_BEFORE_ZH.test(text.slice(Math.max(0, start - 8), start).replace(/\s/g, ""));
  return NON_IMPERATIVE_BEFORE.test(text.slice(Math.max(0, start - 30), start));
}

function isInlineCode(text: string, start: number, end: number): boolean {
  return text[start - 1] === "`" && text[end] === "`";
}

function isTrustedUrl(url: string): boolean {
  return TRUSTED_INSTALLERS.some(
    (prefix) => url.startsWith(prefix) && (url.length === prefix.length || /[/_]$/.test(prefix) || /^[/?#]/.test(url[prefix.length])),
  );
}

/** Every URL of the command (up to the next ; && || or line end) is an official installer or an illustration. */
function runsTrustedInstaller(text: string, start: number, end: number): boolean {
  const lineEnd = text.indexOf("\n", end);
  const rest = text.slice(end, lineEnd < 0 ? Math.min(text.length, end + 500) : lineEnd);
  const commandEnd = rest.search(/;|&&|\|\|/);
  const command = text.slice(start, end) + (commandEnd < 0 ? rest : rest.slice(0, commandEnd));
  const urls = command.match(/https?:\/\/[^\s"'`)]+/g) ?? [];
  return urls.length > 0 && urls.every((url) => isTrustedUrl(url) || EXAMPLE_URL.test(url));
}

function isExample(text: string, start: number): boolean {
  return EXAMPLE_BEFORE.test(sameSentence(text.slice(Math.max(0, start - 48), start)));
}

const GUARDS: Record<Guard, (text: string, start: number, end: number) => boolean> = {
  discussion: isDiscussion,
  imperative: isNotImperative,
  negation: isNegated,
  "inline-code": isInlineCode,
  "trusted-installer": runsTrustedInstaller,
  example: isExample,
};

function hex(codePoint: number): string {
  return `<U+${codePoint.toString(16).toUpperCase().padStart(4, "0")}>`;
}

/** `text` cut to the excerpt length, without splitting a surrogate pair, invisible characters spelled out. */
function excerptOf(text: string): string {
  let out = "";
  for (const char of text) {
    const codePoint = char.codePointAt(0)!;
    const shown = IGNORABLE.test(char) || BIDI_CONTROLS.has(codePoint) || DIRECTION_MARKS.has(codePoint) ? hex(codePoint) : char;
    if (out.length + shown.length > SCREENING_TUNING.excerptMax) break;
    out += shown;
  }
  return out;
}

type Span = { kind: FindingKind; start: number; end: number; rule: string };

function runRule(rule: ScreeningRule, normal: View, squashed: ReturnType<typeof squashedView>): Span[] {
  const view = rule.view === "normal" ? normal : squashed;
  const spans: Span[] = [];
  rule.pattern.lastIndex = 0;
  for (let match = rule.pattern.exec(view.text); match; match = rule.pattern.exec(view.text)) {
    if (match[0] === "") {
      rule.pattern.lastIndex++;
      continue;
    }
    const group = rule.group ?? 0;
    const found = match[group];
    if (found === undefined || found === "") continue;
    let [start, end] = group === 0 ? [match.index, match.index + found.length] : match.indices![group];
    // Skip the separator a pattern takes in front of a line-start marker ("\n### system:").
    while (end - start > 1 && /\s/.test(view.text[start])) start++;
    // Guards and checks read the normal view, where words are still words.
    const normalStart = rule.view === "normal" ? start : squashed.normalIndex[start];
    const normalEnd = rule.view === "normal" ? end : squashed.normalIndex[end - 1] + 1;
    if (rule.guards?.some((guard) => GUARDS[guard](normal.text, normalStart, normalEnd))) continue;
    if (rule.accept && !rule.accept(found, { text: normal.text, start: normalStart, end: normalEnd, groups: [...match] })) continue;
    spans.push({ kind: rule.kind, start: view.from[start], end: view.to[end - 1], rule: rule.id });
  }
  return spans;
}

/** Why the invisible character at `index` is suspicious (a rule id), or null where it is legitimate. */
function invisibleRule(codePoints: number[], index: number, hasRtl: boolean): string | null {
  const codePoint = codePoints[index];
  const prev = codePoints[index - 1];
  const next = codePoints[index + 1];
  const char = (cp: number | undefined) => (cp === undefined ? "" : String.fromCodePoint(cp));
  if (BIDI_CONTROLS.has(codePoint)) return "invisible.bidi-control";
  if (DIRECTION_MARKS.has(codePoint)) return hasRtl ? null : "invisible.direction-mark";
  if (codePoint >= 0xe0000 && codePoint <= 0xe007f) {
    // Flags of England, Scotland, Wales: U+1F3F4, tag letters, U+E007F.
    let first = index;
    while (first > 0 && codePoints[first - 1] >= 0xe0000 && codePoints[first - 1] <= 0xe007f) first--;
    let last = index;
    while (last + 1 < codePoints.length && codePoints[last + 1] >= 0xe0000 && codePoints[last + 1] <= 0xe007f) last++;
    const flag = codePoints[first - 1] === 0x1f3f4 && codePoints[last] === 0xe007f && last - first < 8;
    return flag ? null : "invisible.tag";
  }
  if (codePoint === SOFT_HYPHEN) return LETTER.test(char(prev)) && LETTER.test(char(next)) ? "invisible.soft-hyphen" : null;
  if (codePoint === 0xfeff && index === 0) return null; // a byte order mark at the start hides nothing
  if (codePoint === 0x200d || codePoint === 0x200c) {
    if (JOINING_SCRIPTS.test(char(prev)) || JOINING_SCRIPTS.test(char(next))) return null;
    if (codePoint === 0x200d) {
      // 👨‍👩‍👧, 🏳️‍🌈, 👩🏽‍💻: the joiner sits between pictographs (after a variation selector or skin tone).
      let before = index - 1;
      while (before >= 0 && (codePoints[before] === 0xfe0f || (codePoints[before] >= 0x1f3fb && codePoints[before] <= 0x1f3ff))) before--;
      if (PICTOGRAPHIC.test(char(codePoints[before])) && PICTOGRAPHIC.test(char(next))) return null;
    }
    return "invisible.zero-width";
  }
  if (ZERO_WIDTH.has(codePoint)) return "invisible.zero-width";
  return null;
}

function findInvisible(source: string): Span[] {
  const codePoints: number[] = [];
  const offsets: number[] = [];
  for (let i = 0; i < source.length; ) {
    const codePoint = source.codePointAt(i)!;
    codePoints.push(codePoint);
    offsets.push(i);
    i += codePoint > 0xffff ? 2 : 1;
  }
  offsets.push(source.length);
  const hasRtl = RTL_LETTERS.test(source);
  const spans: Span[] = [];
  for (let index = 0; index < codePoints.length; index++) {
    const codePoint = codePoints[index];
    // Fast path: printable ASCII and most text has nothing invisible.
    if (codePoint < 0xad || (codePoint > 0xad && codePoint < 0x61c)) continue;
    const rule = invisibleRule(codePoints, index, hasRtl);
    if (!rule) continue;
    const last = spans[spans.length - 1];
    if (last && last.end === offsets[index]) last.end = offsets[index + 1]; // one finding per run
    else spans.push({ kind: "invisible_text", start: offsets[index], end: offsets[index + 1], rule });
  }
  return spans;
}

function screenField(field: string, source: string): Finding[] {
  const normal = normalView(source);
  const squashed = squashedView(normal);
  const kept: Span[] = [];
  for (const rule of SCREENING_RULES) {
    for (const span of runRule(rule, normal, squashed)) {
      // Overlapping matches of one kind are one finding: the first rule to fire names it.
      if (!kept.some((k) => k.kind === span.kind && span.start < k.end && k.start < span.end)) kept.push(span);
    }
  }
  kept.push(...findInvisible(source));
  const context = SCREENING_TUNING.invisibleContext;
  return kept
    .sort((a, b) => a.start - b.start || a.end - b.end)
    .map((span) => ({
      kind: span.kind,
      field,
      start: span.start,
      end: span.end,
      // Invisible characters alone would show nothing: their excerpt keeps some text around them.
      excerpt:
        span.kind === "invisible_text"
          ? excerptOf(source.slice(Math.max(0, span.start - context), span.end + context))
          : excerptOf(source.slice(span.start, span.end)),
      rule: span.rule,
    }));
}

/** Screens the text fields of one submission. Never rewrites or drops text. */
export function screenSubmission(fields: Record<string, string>): Finding[] {
  const findings: Finding[] = [];
  for (const [field, text] of Object.entries(fields)) {
    if (typeof text === "string" && text !== "") findings.push(...screenField(field, text));
  }
  return findings;
}
