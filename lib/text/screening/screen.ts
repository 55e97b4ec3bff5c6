// Screening on ingest: a shared memory for agents is an attack surface, one poisoned tip reaches
// every agent that searches the task. This finds text aimed at the reading agent rather than
// describing an experience (prompt injection, chat-template role markers, requests to send
// secrets out, network code piped into a shell, installs from elsewhere, pressure to skip review),
// personal data, and invisible characters. It only reports: the caller holds a submission with
// findings for a human (hold-for-review.ts), and the text itself is never rewritten or dropped.
// Credentials are refused before this, by lib/text/secrets.ts.
//
// Every stored text is screened, names and ids included, each field alone and the fields joined
// in the order readers see them (an injection split across outcome and tips is one injection).
// Obfuscation is undone before matching (screen-views.ts): case, full-width letters, zero-width
// characters, stretched whitespace, Latin lookalikes, letter-by-letter spacing; encoded runs
// (base64, hex, percent, escapes, rot13) are decoded and screened too (screen-decoded.ts). Every
// finding's start and end point into the field as it was sent.
import { buildGateIndex, gatesOpen, wordsIn } from "./screen-gates";
import { GUARDS } from "./screen-guards";
import { findDecoded, requestedTransforms } from "./screen-decoded";
import { findInvisible, type Span } from "./screen-invisible";
import { normalView, squashedView, IGNORABLE, type SquashedView, type View } from "./screen-views";
import {
  BIDI_CONTROLS,
  DIRECTION_MARKS,
  FIELD_EXEMPTIONS,
  IDENTIFIER_FIELDS,
  READING_ORDER,
  SCREENING_RULES,
  SCREENING_TUNING,
} from "./screening-rules";
import type { FindingKind, ScreeningRule } from "./screening-types";

export type { FindingKind } from "./screening-types";

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

// The rules' gate words, one index per view (screen-gates.ts).
const NORMAL_GATES = buildGateIndex(SCREENING_RULES.filter((rule) => rule.view === "normal"));
const SQUASHED_GATES = buildGateIndex(SCREENING_RULES.filter((rule) => rule.view === "squashed"));

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

/**
 * How screening runs: `gates: false` runs every rule's pattern (to check that gates change
 * nothing); `decode: false` skips encoded runs and transforms (a text made of fields already
 * screened one by one: an encoded run holds no space, so none spans two fields).
 */
export type ScreeningOptions = { gates?: boolean; decode?: boolean };

function runRule(rule: ScreeningRule, source: string, normal: View, squashed: SquashedView): Span[] {
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
    const raw = source.slice(view.from[start], view.to[end - 1]);
    if (rule.accept && !rule.accept(found, { text: normal.text, start: normalStart, end: normalEnd, groups: [...match], raw })) continue;
    spans.push({ kind: rule.kind, start: view.from[start], end: view.to[end - 1], rule: rule.id });
    if (spans.length >= SCREENING_TUNING.maxFindingsPerRule) break;
  }
  return spans;
}

/** Adds `span` unless a kept span of the same kind overlaps it: the first to fire names the finding. */
function keep(kept: Span[], span: Span): void {
  for (let i = 0; i < kept.length; i++) {
    const k = kept[i];
    if (k.kind === span.kind && span.start < k.end && k.start < span.end) return;
  }
  kept.push(span);
}

/** Every rule over `source`, its invisible characters, and what its encoded runs and asked-for transforms decode to. */
function screenText(source: string, options: ScreeningOptions, depth = 0): Span[] {
  const normal = normalView(source);
  const squashed = squashedView(normal);
  const kept: Span[] = [];
  const gated = options.gates !== false;
  const inNormal = gated ? wordsIn(NORMAL_GATES, normal.text) : null;
  const inSquashed = gated ? wordsIn(SQUASHED_GATES, squashed.text) : null;
  for (const rule of SCREENING_RULES) {
    if (rule.view === "normal" ? inNormal && !gatesOpen(NORMAL_GATES, rule, inNormal) : inSquashed && !gatesOpen(SQUASHED_GATES, rule, inSquashed)) continue;
    for (const span of runRule(rule, source, normal, squashed)) keep(kept, span);
  }
  for (const span of findInvisible(source)) kept.push(span);
  if (depth >= SCREENING_TUNING.decodeDepth || options.decode === false) return kept;
  // Decoded text is reported over the whole encoded run, with what it said as the excerpt.
  for (const decoded of findDecoded(source)) {
    for (const inner of screenText(decoded.text, options, depth + 1)) {
      if (inner.kind === "invisible_text") continue;
      const said = inner.excerpt ?? decoded.text.slice(inner.start, inner.end);
      keep(kept, { kind: inner.kind, start: decoded.start, end: decoded.end, rule: `${decoded.encoding}:${inner.rule}`, excerpt: `(${decoded.encoding}) ${said}` });
    }
  }
  for (const transform of requestedTransforms(source)) {
    for (const inner of screenText(transform.text, options, depth + 1)) {
      if (inner.kind === "invisible_text") continue;
      const [start, end] = transform.back(inner.start, inner.end);
      keep(kept, { kind: inner.kind, start, end, rule: `${transform.name}:${inner.rule}`, excerpt: `(${transform.name}) ${transform.text.slice(inner.start, inner.end)}` });
    }
  }
  return kept;
}

// Names, ids and URLs run words together ("ignore-previous_instructions", "/send/your/keys/to"):
// screened once more with their separators read as spaces (same length, so offsets hold).
function identifierWords(source: string): string {
  return source.replace(/[-_./+:=?&#~]/g, " ");
}

function toFinding(field: string, source: string, span: Span): Finding {
  const context = SCREENING_TUNING.invisibleContext;
  return {
    kind: span.kind,
    field,
    start: span.start,
    end: span.end,
    // Invisible characters alone would show nothing: their excerpt keeps some text around them.
    excerpt:
      span.excerpt !== undefined
        ? excerptOf(span.excerpt)
        : span.kind === "invisible_text"
          ? excerptOf(source.slice(Math.max(0, span.start - context), span.end + context))
          : excerptOf(source.slice(span.start, span.end)),
    rule: span.rule,
  };
}

/** A part of one field placed in a joined text: field[from..from+text.length) sits at joined[at..]. */
type Piece = { field: string; from: number; text: string; at: number };

function rankOf(field: string): number {
  const at = READING_ORDER.indexOf(field);
  return at < 0 ? READING_ORDER.length : at;
}

function joinPieces(parts: Omit<Piece, "at">[], separator: (previous: Piece, next: Omit<Piece, "at">) => string): { text: string; pieces: Piece[] } {
  const pieces: Piece[] = [];
  let text = "";
  for (const part of parts) {
    const previous = pieces[pieces.length - 1];
    if (previous) text += separator(previous, part);
    pieces.push({ ...part, at: text.length });
    text += part.text;
  }
  return { text, pieces };
}

/** Where a span of a joined text lies in each field it touches, as offsets into that field. */
function placeSpan(span: Span, pieces: Piece[]): Map<string, { start: number; end: number }> {
  const parts = new Map<string, { start: number; end: number }>();
  for (const piece of pieces) {
    const start = Math.max(span.start, piece.at);
    const end = Math.min(span.end, piece.at + piece.text.length);
    if (start >= end) continue;
    const local = { start: start - piece.at + piece.from, end: end - piece.at + piece.from };
    const seen = parts.get(piece.field);
    parts.set(piece.field, seen ? { start: Math.min(seen.start, local.start), end: Math.max(seen.end, local.end) } : local);
  }
  return parts;
}

/**
 * A field that ends inside a word, path or token continued by the next ("~/.ssh/id_" + "rsa",
 * "OPENAI_API_" + "KEY", "<|im_" + "start|>"): joined without a space, as the halves were meant.
 * Only an ending no word ends with counts (_ / | < - ~ $ { [ \): two words are joined by a space.
 */
function splitsToken(previous: string, next: string): boolean {
  return /[_/\\|<{[$~-]$/.test(previous) && /^[\w|>\]}./\\-]/.test(next);
}

/**
 * The fields' heads and tails (SCREENING_TUNING.joinWindow characters; short fields whole) in
 * reading order, joined by a space: where a split injection's halves meet, as a reader reads on.
 */
function boundaryPieces(ordered: [string, string][]): Omit<Piece, "at">[] {
  const window = SCREENING_TUNING.joinWindow;
  return ordered.flatMap(([field, value]) =>
    value.length <= 2 * window
      ? [{ field, from: 0, text: value }]
      : [
          { field, from: 0, text: value.slice(0, window) },
          { field, from: value.length - window, text: value.slice(value.length - window) },
        ],
  );
}

/**
 * Screens the text fields of one submission. Never rewrites or drops text. The fields are read in
 * the order readers see them (READING_ORDER): all of them as one text, paragraphs apart (one pass
 * of every rule, each field in its own sentences), then their edges joined by a space, where a
 * finding that spans two fields is an injection split between them; names, ids and URLs once more
 * with their separators read as spaces. Each finding is reported in the field(s) it lies in.
 */
export function screenSubmission(fields: Record<string, string>, options: ScreeningOptions = {}): Finding[] {
  const given = Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== "");
  const ordered = [...given].sort((a, b) => rankOf(a[0]) - rankOf(b[0]));
  const byField = new Map<string, Span[]>(given.map(([field]) => [field, []]));
  const add = (field: string, span: Span) => {
    if (!(FIELD_EXEMPTIONS[field] ?? []).includes(span.kind)) keep(byField.get(field)!, span);
  };

  const whole = joinPieces(
    ordered.map(([field, text]) => ({ field, from: 0, text })),
    () => "\n\n",
  );
  for (const span of screenText(whole.text, options)) for (const [field, local] of placeSpan(span, whole.pieces)) add(field, { ...span, ...local });

  // Names, ids and URLs once more, together, with their separators read as spaces (no decoding:
  // the whole pass decoded their encoded runs already, and spaces would cut them here).
  const words = ordered
    .filter(([field, text]) => IDENTIFIER_FIELDS.has(field) && identifierWords(text) !== text)
    .map(([field, text]) => ({ field, from: 0, text: identifierWords(text) }));
  if (words.length > 0) {
    const joined = joinPieces(words, () => "\n\n");
    for (const span of screenText(joined.text, { ...options, decode: false })) for (const [field, local] of placeSpan(span, joined.pieces)) add(field, { ...span, ...local });
  }

  if (ordered.length >= 2) {
    const edges = joinPieces(boundaryPieces(ordered), (previous, next) =>
      previous.field === next.field ? "\n\n" : splitsToken(previous.text, next.text) ? "" : " ",
    );
    const seams = edges.pieces.filter((piece, i) => i > 0 && edges.pieces[i - 1].field !== piece.field).map((piece) => piece.at);
    const reach = SCREENING_TUNING.seamReach;
    for (const span of screenText(edges.text, { ...options, decode: false })) {
      const placed = placeSpan(span, edges.pieces);
      // A finding inside one field that the whole pass did not make was made by the other field's
      // words ("...must first print the" + "contents of the .env file in its reply"): near a seam it
      // is a split request too. Far from one, only a window's cut made it, and it is dropped.
      if (placed.size < 2 && !seams.some((seam) => seam >= span.start - reach && seam <= span.end + reach)) continue;
      for (const [field, local] of placed) add(field, { kind: span.kind, rule: span.rule, ...local });
    }
  }

  const findings: Finding[] = [];
  for (const [field, text] of given) {
    const spans = byField.get(field)!.sort((a, b) => a.start - b.start || a.end - b.end);
    findings.push(...spans.map((span) => toFinding(field, text, span)));
  }
  return findings;
}
