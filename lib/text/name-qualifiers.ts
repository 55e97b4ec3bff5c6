// A name made of an existing name plus a trailing qualifier ("VoteTarget (fork)", "VoteTarget-fork",
// "VoteTarget [mirror]", "VoteTarget unofficial") borrows that resource's reputation: reported under
// it, an agent searching for the real one finds the copy beside it. Such a name is treated as a
// lookalike of the name without the qualifier (a 409 naming it; confirmed, held for review).
//
// What counts as a qualifier, on purpose narrow, since a false match costs a real resource a round trip:
// - any bracketed note at the end: "(fork)", "[mirror]", "{unofficial}", "(by someone)", "(OCR)".
//   A note in brackets says "this is X, with a remark", which is exactly the impersonation shape;
// - one of QUALIFIER_WORDS at the end, after a space, "-", "_" or ".": "X fork", "X-mirror", "X_clone".
// Not qualifiers: a word glued on without a separator ("pdfplumber" is not "pdf" + "lumber"), other
// words ("pdf-tools" is not a variant of "pdf"), and digits or versions ("boto3", "jinja2",
// "python-2", "log4j2" name real, distinct projects as often as they imitate one).
/** Trailing words that make a name a variant of another. Compared case-insensitively. */
export const QUALIFIER_WORDS: readonly string[] = [
  "fork",
  "forked",
  "mirror",
  "mirrored",
  "clone",
  "copy",
  "unofficial",
  "official",
  "patched",
  "alt",
];

const BRACKETED = /^(.*?\S)\s*(\([^()]*\)|\[[^[\]]*\]|\{[^{}]*\})$/su;
const TRAILING_WORD = new RegExp(`^(.*?[^\\s\\-_.])[\\s\\-_.]+(${QUALIFIER_WORDS.join("|")})$`, "isu");
// "X (fork) mirror" is still X: a few qualifiers in a row are taken off, not an unbounded number.
const MAX_QUALIFIERS = 3;

/**
 * `name` without its trailing qualifiers and what was taken off ("VoteTarget (fork)" -> base
 * "VoteTarget", qualifier "(fork)"), or null when it has none. Works on the NFKC form, so full-width
 * brackets count as brackets.
 */
export function stripQualifier(name: string): { base: string; qualifier: string } | null {
  const whole = name.normalize("NFKC").trim().replace(/\s+/g, " ");
  let base = whole;
  for (let i = 0; i < MAX_QUALIFIERS; i++) {
    const match = BRACKETED.exec(base) ?? TRAILING_WORD.exec(base);
    if (!match) break;
    base = match[1].trim();
  }
  if (base === whole) return null;
  return { base, qualifier: whole.slice(base.length).replace(/^[\s\-_.]+/, "") };
}
