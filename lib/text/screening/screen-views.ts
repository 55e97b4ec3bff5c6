// The views screening matches on (screening-rules.ts describes them): a normalized copy of a text
// and its letters alone. Every character of a view remembers the span of the original text it came
// from, so a finding's start and end point into the text as it was sent.
import {
  LATIN_LOOKALIKES,
  LEET,
} from "./screening-rules";

/** A normalized copy of a text; character i came from source[from[i]..to[i]). */
export type View = { text: string; from: Int32Array; to: Int32Array };

export const IGNORABLE = /\p{Default_Ignorable_Code_Point}/u;
const SPACE = /\s/u;
export const LETTER = /\p{L}/u;
const ASCII_LETTER = /[A-Za-z]/;
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
export function normalView(source: string): View {
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

export type SquashedView = View & { normalIndex: Int32Array };

/** Letters only (digits read as letters): "i g n 0 r e" and "ignore_previous-instructions" become one word. */
export function squashedView(normal: View): SquashedView {
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
