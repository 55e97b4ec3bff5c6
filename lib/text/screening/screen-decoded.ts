// Text hidden in an encoding ("aWdub3JlIGFsbCBwcmV2aW91cyBpbnN0cnVjdGlvbnM=", %69%67..., \x69\x67...,
// &#105;&#103;..., rot13): an agent asked to decode it reads the instruction all the same, so
// screening reads it too. This finds the encoded runs of a text and what they decode to; screen.ts
// screens the decoded text with the same rules and reports a finding over the whole encoded run.
// Only decodings that give readable text (valid UTF-8, printable, with words) are kept: base64
// images, hashes, git SHAs and UUIDs decode to bytes, and are left alone.
import {
  SCREENING_TUNING,
} from "./screening-rules";

export type Encoding = "base64" | "base32" | "hex" | "percent" | "escape" | "entity";

/** An encoded run of the source, [start, end), and the text it decodes to. */
export type Decoded = { start: number; end: number; text: string; encoding: Encoding };

const UTF8 = new TextDecoder("utf-8", { fatal: true });

// Candidates, each bounded: a run can be long, but the patterns cannot backtrack on it.
const BASE64_RUN = /(?<![A-Za-z0-9+/_-])[A-Za-z0-9+/_-]{16,65536}={0,2}(?![A-Za-z0-9+/=_-])/g;
const BASE32_RUN = /(?<![A-Za-z0-9])[A-Z2-7]{16,65536}={0,6}(?![A-Za-z0-9=])/g;
const HEX_RUN = /(?<![0-9A-Za-z])(?:[0-9a-fA-F]{2}){10,32768}(?![0-9A-Za-z])|(?<![0-9A-Za-z])(?:(?:[0-9a-fA-F]{2}){1,4}[ :,]){5,8192}(?:[0-9a-fA-F]{2}){1,4}(?![0-9A-Za-z])|(?:(?:\\x|0x)[0-9a-fA-F]{2}[ ,]?){8,8192}/g;
const PERCENT_RUN = /[^\s"'<>`%]{0,200}(?:%[0-9a-fA-F]{2}[^\s"'<>`%]{0,40}){2,8192}/g;
const ESCAPE_RUN = /(?:\\u\{?[0-9a-fA-F]{4,6}\}?){4,8192}/g;
const ENTITY_RUN = /(?:&#(?:[xX][0-9a-fA-F]{1,6}|\d{1,7});){4,8192}/g;

/** Decoded text worth screening: printable, with at least two words of letters. */
function readable(text: string): boolean {
  if (text.length < 8) return false;
  let printable = 0;
  for (const char of text) if (/[\p{L}\p{N}\p{P}\p{S}\p{Zs}\t\n\r]/u.test(char)) printable++;
  return printable >= text.length * 0.95 && /\p{L}{2,}[\s,.:;!?'"()-]{1,3}\p{L}{2,}/u.test(text);
}

function utf8(bytes: Uint8Array): string | null {
  try {
    return UTF8.decode(bytes);
  } catch {
    return null;
  }
}

function decodeBase64(run: string): string | null {
  // Base64 of text mixes capitals and small letters; paths, URLs and identifiers in one case do not
  // decode to text anyway, and are the most common runs by far.
  if (!/[A-Z]/.test(run) || !/[a-z]/.test(run)) return null;
  const body = run.replace(/=+$/, "");
  // A multiple of four with one or two characters cut off decodes; one character alone cannot.
  if (body.length % 4 === 1) return null;
  const bytes = Buffer.from(body.replace(/-/g, "+").replace(/_/g, "/"), "base64");
  return utf8(bytes);
}

function decodeBase32(run: string): string | null {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of run.replace(/=+$/, "")) {
    value = (value << 5) | alphabet.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return utf8(Uint8Array.from(bytes));
}

function decodeHex(run: string): string | null {
  const digits = run.replace(/\\x|0x|[ :,]/g, "");
  if (digits.length % 2 === 1) return null;
  return utf8(Buffer.from(digits, "hex"));
}

function decodePercent(run: string): string | null {
  try {
    return decodeURIComponent(run.replace(/\+/g, " "));
  } catch {
    return null;
  }
}

function decodeEscapes(run: string): string | null {
  try {
    return run.replace(/\\u\{?([0-9a-fA-F]{4,6})\}?/g, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)));
  } catch {
    return null;
  }
}

function decodeEntities(run: string): string | null {
  try {
    return run.replace(/&#([xX][0-9a-fA-F]{1,6}|\d{1,7});/g, (_, code: string) =>
      String.fromCodePoint(code[0] === "x" || code[0] === "X" ? parseInt(code.slice(1), 16) : Number(code)),
    );
  } catch {
    return null;
  }
}

const DECODERS: [Encoding, RegExp, (run: string) => string | null][] = [
  ["base64", BASE64_RUN, decodeBase64],
  ["base32", BASE32_RUN, decodeBase32],
  ["hex", HEX_RUN, decodeHex],
  ["percent", PERCENT_RUN, decodePercent],
  ["escape", ESCAPE_RUN, decodeEscapes],
  ["entity", ENTITY_RUN, decodeEntities],
];

/** The encoded runs of `source` that decode to readable text, at most SCREENING_TUNING.maxDecodedPerText. */
export function findDecoded(source: string): Decoded[] {
  const found: Decoded[] = [];
  for (const [encoding, pattern, decode] of DECODERS) {
    // Cheap tests first: most text holds none of these.
    if (encoding === "percent" && !source.includes("%")) continue;
    if (encoding === "escape" && !source.includes("\\u")) continue;
    if (encoding === "entity" && !source.includes("&#")) continue;
    pattern.lastIndex = 0;
    for (let match = pattern.exec(source); match; match = pattern.exec(source)) {
      const text = decode(match[0]);
      if (text === null || text === match[0] || !readable(text)) continue;
      found.push({ start: match.index, end: match.index + match[0].length, text, encoding });
      if (found.length >= SCREENING_TUNING.maxDecodedPerText) return found;
    }
  }
  return found;
}

// Text that asks for a rot13 or reversed reading: those transforms keep every character in place
// (rot13) or mirror it (reversed), so findings map straight back.
const ROT13_CUE = /\brot-?13\b|\bcaesar\b|\bcesar\b/i;
const REVERSED_CUE = /\b(?:backwards?|reversed?|in reverse|mirror(?:ed)?|right[- ]to[- ]left)\b/i;

export function rot13(text: string): string {
  return text.replace(/[A-Za-z]/g, (c) => {
    const base = c <= "Z" ? 65 : 97;
    return String.fromCharCode(((c.charCodeAt(0) - base + 13) % 26) + base);
  });
}

/** The transforms `source` asks for, as whole-text rewrites and how an offset maps back. */
export function requestedTransforms(source: string): { name: string; text: string; back: (start: number, end: number) => [number, number] }[] {
  const out: { name: string; text: string; back: (start: number, end: number) => [number, number] }[] = [];
  if (ROT13_CUE.test(source)) out.push({ name: "rot13", text: rot13(source), back: (start, end) => [start, end] });
  if (REVERSED_CUE.test(source)) {
    const length = source.length;
    out.push({ name: "reversed", text: source.split("").reverse().join(""), back: (start, end) => [length - end, length - start] });
  }
  return out;
}
