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
type View = { text: string; from: Int32Array; to: Int32Array };

const IGNORABLE = /\p{Default_Ignorable_Code_Point}/u;
const SPACE = /\s/u;
const LETTER = /\p{L}/u;
const ASCII_LETTER = /[A-Za-z]/;
const PICTOGRAPHIC = /\p{Extended_Pictographic}/u;
const charOf = (codePoint: number | undefined) => (codePoint === undefined ? "" : String.fromCodePoint(codePoint));
const HAN = /\p{Script=Han}/u;
// Read once: the maps are consulted per character.
const LOOKALIKES: Readonly<Record<string, string>> = LATIN_LOOKALIKES;
const LEET_LETTERS: Readonly<Record<string, string>> = LEET;

// NFKC and lower case of one code point ("" for a default-ignorable one), remembered: text repeats
// its characters, and normalizing each one anew dominates the time on non-Latin text.
const FOLDED = new Map<number, string>();
const FOLDED_MAX = 50_000;

function foldCharacter(codePoint: number): string {
  let folded = FOLDED.get(codePoint);
  if (folded === undefined) {
    const char = String.fromCodePoint(codePoint);
    folded = IGNORABLE.test(char) ? "" : char.normalize("NFKC").toLowerCase();
    if (FOLDED.size >= FOLDED_MAX) FOLDED.clear();
    FOLDED.set(codePoint, folded);
  }
  return folded;
}

/** NFKC, lower case, default-ignorables removed, lookalikes made Latin, whitespace runs collapsed. */
function normalView(source: string): View {
  // NFKC can expand a character (ﬁ -> fi, ㎒ -> mhz): room for that, grown when needed.
  let from = new Int32Array(source.length + 16);
  let to = new Int32Array(source.length + 16);
  const parts: string[] = [];
  let length = 0;
  let lastSpace = false;
  const append = (char: string, start: number, end: number) => {
    const space = char === "\n" || char === "\r" ? "\n" : char === " " || char === "\t" || (char > "\x7f" && SPACE.test(char)) ? " " : null;
    if (space !== null && lastSpace) {
      if (space === "\n") parts[length - 1] = "\n";
      to[length - 1] = end;
      return;
    }
    if (length === from.length) {
      const grow = (array: Int32Array) => {
        const bigger = new Int32Array(array.length * 2);
        bigger.set(array);
        return bigger;
      };
      from = grow(from);
      to = grow(to);
    }
    parts.push(space ?? char);
    from[length] = start;
    to[length] = end;
    length++;
    lastSpace = space !== null;
  };
  for (let i = 0; i < source.length; ) {
    const codePoint = source.codePointAt(i)!;
    const next = i + (codePoint > 0xffff ? 2 : 1);
    if (codePoint < 0x80) {
      append(codePoint >= 0x41 && codePoint <= 0x5a ? String.fromCharCode(codePoint + 32) : source[i], i, next);
    } else {
      const lower = foldCharacter(codePoint);
      if (lower !== "") {
        const latin = LOOKALIKES[lower];
        // A Cyrillic "о" inside "ignоre" is a disguise; inside a Russian word it is a letter.
        const disguised =
          latin !== undefined && (!ASCII_LETTER.test(latin) || ASCII_LETTER.test(source[i - 1] ?? "") || ASCII_LETTER.test(source[next] ?? ""));
        for (const out of disguised ? latin : lower) append(out, i, next);
      }
    }
    i = next;
  }
  return { text: parts.join(""), from: from.subarray(0, length), to: to.subarray(0, length) };
}

// Whether a UTF-16 code unit is a letter, looked up once per code unit (0 unknown, 1 yes, 2 no).
const IS_LETTER = new Uint8Array(0x10000);

function isLetterUnit(code: number, char: string): boolean {
  if (IS_LETTER[code] === 0) IS_LETTER[code] = LETTER.test(char) ? 1 : 2;
  return IS_LETTER[code] === 1;
}

/** Letters only (digits read as letters): "i g n 0 r e" and "ignore_previous-instructions" become one word. */
function squashedView(normal: View): View & { normalIndex: Int32Array } {
  const text = normal.text;
  const parts: string[] = [];
  const from = new Int32Array(text.length);
  const to = new Int32Array(text.length);
  const normalIndex = new Int32Array(text.length);
  let length = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    const code = char.charCodeAt(0);
    const letter = (code >= 0x61 && code <= 0x7a) || (code >= 0x80 && isLetterUnit(code, char)) ? char : LEET_LETTERS[char];
    if (letter === undefined) continue;
    parts.push(letter);
    from[length] = normal.from[i];
    to[length] = normal.to[i];
    normalIndex[length] = i;
    length++;
  }
  return { text: parts.join(""), from: from.subarray(0, length), to: to.subarray(0, length), normalIndex: normalIndex.subarray(0, length) };
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
  if (rule.requires && !rule.requires.test(normal.text)) return spans;
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
    if (rule.from !== undefined && match.indices?.[rule.from]) start = Math.min(start, match.indices[rule.from][0]);
    // Skip the separator a pattern takes in front of a line-start marker ("\n### system:").
    while (end - start > 1 && /\s/.test(view.text[start])) start++;
    // Guards and checks read the normal view, where words are still words.
    const normalStart = rule.view === "normal" ? start : squashed.normalIndex[start];
    const normalEnd = rule.view === "normal" ? end : squashed.normalIndex[end - 1] + 1;
    if (rule.guards?.some((guard) => GUARDS[guard](normal.text, normalStart, normalEnd))) continue;
    if (rule.accept && !rule.accept(found, { text: normal.text, start: normalStart, end: normalEnd, groups: [...match] })) continue;
    spans.push({ kind: rule.kind, start: view.from[start], end: view.to[end - 1], rule: rule.id });
    if (spans.length >= SCREENING_TUNING.maxFindingsPerRule) break;
  }
  return spans;
}

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
function findInvisible(source: string): Span[] {
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
