// Text hygiene at the door: what submitted text may contain. Names (resource names, categories,
// submitters, content ids) are displayed as identities, so anything invisible that could make one
// look like another, or reorder what is shown around it, is refused. Free text (tasks, tips, bodies,
// queries) may hold any printable text, emoji joiners and right-to-left marks included, but no
// terminal escapes or other controls that would act on a log line or a terminal instead of being
// read. Refusing (never stripping) keeps what is stored equal to what was sent.
import { z } from "zod";
import { findSecrets } from "./secrets";

// Invisible in a name: every Unicode format character (Cf: zero-width U+200B-U+200F, U+2060-U+2064,
// U+FEFF, soft hyphen U+00AD, bidi controls U+202A-U+202E, U+2066-U+2069, U+061C, U+180E, tags...)
// and every other default-ignorable code point (U+034F, variation selectors, Hangul fillers), which
// fonts draw as nothing; also C0/C1 controls and DEL (Cc), and line/paragraph separators.
const NAME_FORBIDDEN = /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\p{Zl}\p{Zp}]/u;

// Free text keeps tab and newline; a lone CR is refused (a CRLF was made LF before this check):
// a terminal returns to the line start on it, so it can overwrite what a log line shows.
const FREE_FORBIDDEN = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;

// In `u` mode a well-formed pair is one code point, so this matches only a lone surrogate.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

const BIDI = new Set([0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069]);
const ZERO_WIDTH = new Set([0x180e, 0x200b, 0x200c, 0x200d, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0xfeff]);
const NAMED: Record<number, string> = {
  0x00: "NUL",
  0x09: "tab",
  0x0a: "line feed",
  0x0d: "carriage return",
  0x1b: "escape, as in ANSI terminal codes",
  0x7f: "delete",
  0x9b: "8-bit control sequence introducer",
  0xad: "soft hyphen",
  0x2028: "line separator",
  0x2029: "paragraph separator",
};

function hex(codePoint: number): string {
  return `U+${codePoint.toString(16).toUpperCase().padStart(4, "0")}`;
}

/** What a refused character is, in words a caller can act on. */
function describe(codePoint: number): string {
  if (NAMED[codePoint]) return NAMED[codePoint];
  if (BIDI.has(codePoint)) return "bidirectional control";
  if (ZERO_WIDTH.has(codePoint)) return "zero-width character";
  if (codePoint < 0x20) return "C0 control character";
  if (codePoint >= 0x80 && codePoint <= 0x9f) return "C1 control character";
  return "invisible formatting character";
}

/** The first character matching `pattern`, as "U+XXXX (what) at position N" (N counts characters). */
function firstMatch(value: string, pattern: RegExp): string | null {
  let position = 0;
  for (const char of value) {
    position++;
    if (pattern.test(char)) {
      const codePoint = char.codePointAt(0)!;
      return `${hex(codePoint)} (${describe(codePoint)}) at position ${position}`;
    }
  }
  return null;
}

/** Lone surrogates cannot be stored or shown as UTF-8; the JSON "\ud800" produces one. */
function surrogateProblem(value: string): string | null {
  if ((value as string & { isWellFormed(): boolean }).isWellFormed()) return null;
  const found = firstMatch(value, LONE_SURROGATE)!.replace(/ \(.*\)/, "");
  return `must be valid Unicode text: it contains a lone surrogate ${found}`;
}

/** Why `value` cannot be a name (resource name, category, submitter, content id), or null. */
export function nameTextProblem(value: string): string | null {
  const surrogate = surrogateProblem(value);
  if (surrogate) return surrogate;
  // Checked after NFKC too: names are compared in that form, and it must not bring one back.
  const found = firstMatch(value, NAME_FORBIDDEN) ?? firstMatch(value.normalize("NFKC"), NAME_FORBIDDEN);
  return found ? `must not contain invisible or control characters: found ${found}` : null;
}

/** CRLF line ends as LF: what Windows tools send is accepted, and stored one way. */
export function normalizeLineEnds(value: string): string {
  return value.includes("\r") ? value.replace(/\r\n/g, "\n") : value;
}

/** Why `value` (after normalizeLineEnds) cannot be free text, or null. */
export function freeTextProblem(value: string): string | null {
  const surrogate = surrogateProblem(value);
  if (surrogate) return surrogate;
  const found = firstMatch(value, FREE_FORBIDDEN);
  if (!found) return null;
  if (found.startsWith("U+000D ")) return `must not contain a carriage return except in a CRLF line end: found ${found}`;
  return `must not contain control characters other than tab and newline: found ${found}`;
}

export type TextKind = "name" | "free";

/**
 * Why stored text must not hold `value`: it contains what looks like a credential (an API key, a
 * cloud or GitHub token, a private key, a password in a URL). Anything stored here is served to
 * every agent that searches, so a secret is refused outright, never stored or silently cut out.
 * The message names the kind and place, never the secret itself.
 */
export function secretProblem(value: string): string | null {
  const [found] = findSecrets(value);
  if (!found) return null;
  return (
    `must not contain credentials: found what looks like a ${found.kind} at characters ${found.start + 1}-${found.end}; ` +
    `remove it (and revoke it if it is real) and send again`
  );
}

/**
 * A zod transform that refuses what `kind` forbids, naming `field` in the message (the issue's path
 * names it in details), and normalizes free text's line ends. Put it right after z.string(), before
 * trimming or normalizing, so the check sees exactly what was sent. Text that will be stored also
 * refuses secrets (`secrets: "refuse"`); a search query may hold one by mistake and is only redacted
 * in the log.
 */
export function hygienic(kind: TextKind, field: string, secrets: "refuse" | "allow" = "refuse") {
  return (value: string, ctx: z.RefinementCtx): string => {
    const text = kind === "free" ? normalizeLineEnds(value) : value;
    const problem =
      (kind === "free" ? freeTextProblem(text) : nameTextProblem(text)) ?? (secrets === "refuse" ? secretProblem(text) : null);
    if (problem) {
      ctx.addIssue({ code: "custom", message: `${field} ${problem}` });
      return z.NEVER;
    }
    return text;
  };
}
