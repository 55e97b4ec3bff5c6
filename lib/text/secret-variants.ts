// Secrets in disguise: a token written letter by letter ("g h p _ a B c ..."), in full-width letters
// or with zero-width characters inside, percent- or \u-escaped, base64-encoded, or a private key's
// body pasted without its BEGIN/END lines. Each disguise is undone into a view that remembers where
// each character came from, the ordinary detectors (secrets.ts) run on the view, and a secret found
// there is reported over the original text it came from. Only hits that the disguise made (the
// view differs from the text inside them) count: the rest were found directly.
/** Where a secret is in a text, and what kind it is (lib/text/secrets.ts detects; this file undoes disguises). */
export type SecretMatch = { kind: string; start: number; end: number };

type Detect = (text: string) => SecretMatch[];

/** A rewritten copy of a text; character i came from source[from[i]..to[i]). */
type View = { text: string; from: number[]; to: number[] };

function viewHits(view: View, source: string, detect: Detect, suffix = ""): SecretMatch[] {
  const out: SecretMatch[] = [];
  for (const hit of detect(view.text)) {
    const start = view.from[hit.start];
    const end = view.to[hit.end - 1];
    // Found directly already when the source says the same thing there.
    if (source.slice(start, end) === view.text.slice(hit.start, hit.end)) continue;
    out.push({ kind: hit.kind + suffix, start, end });
  }
  return out;
}

// ---- Full-width letters, lookalikes, invisible characters inside a token.

const IGNORABLE = /\p{Default_Ignorable_Code_Point}/u;
// Cyrillic and Greek letters drawn like Latin ones, as a token would be disguised with them.
const LOOKALIKE: Readonly<Record<string, string>> = {
  а: "a", е: "e", о: "o", р: "p", с: "c", у: "y", х: "x", і: "i", ј: "j", ѕ: "s", һ: "h", ԁ: "d", ԛ: "q", ԝ: "w", ɡ: "g",
  А: "A", В: "B", Е: "E", К: "K", М: "M", Н: "H", О: "O", Р: "P", С: "C", Т: "T", Х: "X", І: "I", Ј: "J", Ѕ: "S",
  ο: "o", α: "a", ε: "e", ι: "i", κ: "k", ν: "v", ρ: "p", τ: "t", υ: "u", χ: "x", Α: "A", Β: "B", Ε: "E", Ζ: "Z",
  Η: "H", Ι: "I", Κ: "K", Μ: "M", Ν: "N", Ο: "O", Ρ: "P", Τ: "T", Υ: "Y", Χ: "X",
};

function foldedView(source: string): View | null {
  if (!/[^\x00-\x7f]/.test(source)) return null;
  const view: View = { text: "", from: [], to: [] };
  const parts: string[] = [];
  for (let i = 0; i < source.length; ) {
    const codePoint = source.codePointAt(i)!;
    const next = i + (codePoint > 0xffff ? 2 : 1);
    const char = source.slice(i, next);
    const out = codePoint < 0x80 ? char : IGNORABLE.test(char) ? "" : (LOOKALIKE[char] ?? char.normalize("NFKC"));
    for (const c of out) {
      parts.push(c);
      view.from.push(i);
      view.to.push(next);
    }
    i = next;
  }
  view.text = parts.join("");
  return view;
}

// ---- Letter by letter: "g h p _ 1 a B ...", "s.k.-.p.r.o.j". Runs of single characters with the
// same separator between them; a token spelled out is at least 16 of them.
const SPACED_RUN = /(?<!\S)(?:\S[ \t\u00a0\u3000]{1,3}){15,4000}\S(?!\S)/g;
const DOTTED_RUN = /(?<![\w+/=])[\w+/=]([-.|,*·•])(?:[\w+/=]\1){14,4000}[\w+/=](?![\w+/=])/g;

function collapsedViews(source: string): View[] {
  const views: View[] = [];
  for (const pattern of [SPACED_RUN, DOTTED_RUN]) {
    pattern.lastIndex = 0;
    for (let match = pattern.exec(source); match; match = pattern.exec(source)) {
      const view: View = { text: "", from: [], to: [] };
      let text = "";
      for (let i = match.index; i < match.index + match[0].length; i++) {
        const char = source[i];
        if (pattern === SPACED_RUN ? /[ \t\u00a0\u3000]/.test(char) : (i - match.index) % 2 === 1) continue;
        text += char;
        view.from.push(i);
        view.to.push(i + 1);
      }
      view.text = text;
      views.push(view);
      // A one-letter word in front ("a", "I") joins the run: also read the run without it.
      for (const skip of [1, 2]) {
        if (text.length > skip + 16) views.push({ text: text.slice(skip), from: view.from.slice(skip), to: view.to.slice(skip) });
      }
    }
  }
  return views;
}

// ---- Escapes: %67%68%70, \u0067, \x67, &#103;.
const ESCAPE = /%[0-9a-fA-F]{2}|\\u\{?[0-9a-fA-F]{4,6}\}?|\\x[0-9a-fA-F]{2}|&#(?:[xX][0-9a-fA-F]{1,6}|\d{1,7});/g;

function unescapedView(source: string): View | null {
  if (!/[%\\&]/.test(source)) return null;
  const view: View = { text: "", from: [], to: [] };
  const parts: string[] = [];
  let at = 0;
  let changed = false;
  const push = (text: string, from: number, to: number) => {
    for (const c of text) {
      parts.push(c);
      view.from.push(from);
      view.to.push(to);
    }
  };
  ESCAPE.lastIndex = 0;
  for (let match = ESCAPE.exec(source); match; match = ESCAPE.exec(source)) {
    for (let i = at; i < match.index; i++) push(source[i], i, i + 1);
    const escape = match[0];
    const code =
      escape[0] === "%" || escape[1] === "x"
        ? parseInt(escape.slice(escape[0] === "%" ? 1 : 2), 16)
        : escape[0] === "&"
          ? escape[2] === "x" || escape[2] === "X"
            ? parseInt(escape.slice(3, -1), 16)
            : Number(escape.slice(2, -1))
          : parseInt(escape.replace(/[\\u{}]/g, ""), 16);
    // Only printable ASCII matters: a token is made of it.
    if (code >= 0x20 && code < 0x7f) {
      push(String.fromCharCode(code), match.index, match.index + escape.length);
      changed = true;
    } else push(escape, match.index, match.index + escape.length);
    at = match.index + escape.length;
  }
  if (!changed) return null;
  for (let i = at; i < source.length; i++) push(source[i], i, i + 1);
  view.text = parts.join("");
  return view;
}

// ---- Base64: a run that decodes to readable text holding a secret is that secret.
const BASE64_RUN = /(?<![A-Za-z0-9+/_-])[A-Za-z0-9+/_-]{20,65536}={0,2}(?![A-Za-z0-9+/=_-])/g;
const MAX_BASE64_RUNS = 64;

function base64Hits(source: string, detect: Detect): SecretMatch[] {
  const out: SecretMatch[] = [];
  let runs = 0;
  BASE64_RUN.lastIndex = 0;
  for (let match = BASE64_RUN.exec(source); match && runs < MAX_BASE64_RUNS; match = BASE64_RUN.exec(source)) {
    runs++;
    const body = match[0].replace(/=+$/, "");
    if (body.length % 4 === 1) continue;
    const decoded = Buffer.from(body.replace(/-/g, "+").replace(/_/g, "/"), "base64").toString("latin1");
    // Readable text only: binary (images, hashes, keys' DER) is someone else's business.
    if (!/^[\x20-\x7e\t\r\n]+$/.test(decoded)) continue;
    const [hit] = detect(decoded);
    if (hit) out.push({ kind: `${hit.kind} (base64)`, start: match.index, end: match.index + match[0].length });
  }
  return out;
}

// ---- A private key's body without its armor: base64 that decodes to a DER private key (PKCS#1
// RSA or DSA, SEC1 EC, PKCS#8, encrypted PKCS#8) or an OpenSSH private key. Public keys (SPKI) and
// certificates decode to DER too, and are not secrets: the structure tells them apart.
const KEY_BODY_START = /(?<![A-Za-z0-9+/=])(?:M[A-P][A-Za-z0-9+/]{14}|b3BlbnNzaC1rZXktdjE)/g;
// Base64 lines: separated by line breaks (real or escaped "\n" in JSON), indented as in YAML.
const KEY_BODY_LINE = /([A-Za-z0-9+/]{1,200}={0,2})(\r?\n[ \t]{0,12}|(?:\\r)?\\n|)/y;
const MIN_KEY_BODY = 60;
const PBES2 = Buffer.from("06092a864886f70d01050d", "hex");

/** Where the content of the DER element at `at` starts and how long it is, or null. */
function element(der: Buffer, at: number): { start: number; length: number } | null {
  const first = der[at + 1];
  if (first === undefined) return null;
  if (first < 0x80) return { start: at + 2, length: first };
  const bytes = first & 0x7f;
  if (bytes < 1 || bytes > 3 || der.length < at + 2 + bytes) return null;
  let length = 0;
  for (let i = 0; i < bytes; i++) length = length * 256 + der[at + 2 + i];
  return { start: at + 2 + bytes, length };
}

export function isPrivateKeyDer(der: Buffer): boolean {
  if (der.subarray(0, 15).toString("latin1") === "openssh-key-v1\0") return true;
  if (der[0] !== 0x30) return false;
  const first = element(der, 0)?.start ?? -1;
  if (first < 0) return false;
  // version INTEGER 0 or 1, then the key (INTEGER: PKCS#1/DSA; OCTET STRING: SEC1 EC; SEQUENCE: PKCS#8).
  if (der[first] === 0x02 && der[first + 1] === 0x01 && (der[first + 2] === 0x00 || der[first + 2] === 0x01)) {
    return [0x02, 0x04, 0x30].includes(der[first + 3]);
  }
  // EncryptedPrivateKeyInfo: SEQUENCE { SEQUENCE { OID pbes2 ... } OCTET STRING }.
  return der[first] === 0x30 && der.subarray(first, first + 24).includes(PBES2);
}

/**
 * The base64 lines of a block from `at`, as [end of the last base64 character, characters]: up to
 * `wanted` characters when the encoded structure says how long it is, else up to the first line
 * shorter than the first (the last line of a block).
 */
function blockEnd(source: string, at: number, wanted: number | null): [number, number] {
  let end = at;
  let count = 0;
  let width = 0;
  KEY_BODY_LINE.lastIndex = at;
  for (let line = KEY_BODY_LINE.exec(source); line; line = KEY_BODY_LINE.exec(source)) {
    let chars = line[1].length;
    if (wanted !== null && count + chars > wanted) chars = wanted - count;
    count += chars;
    end = line.index + chars;
    if (wanted !== null ? count >= wanted : width !== 0 && line[1].length < width) break;
    if (width === 0) width = line[1].length;
    if (line[2] === "") break;
  }
  return [end, count];
}

function keyBodyHits(source: string): SecretMatch[] {
  const out: SecretMatch[] = [];
  KEY_BODY_START.lastIndex = 0;
  for (let match = KEY_BODY_START.exec(source); match; match = KEY_BODY_START.exec(source)) {
    const [looseEnd, available] = blockEnd(source, match.index, null);
    if (available < MIN_KEY_BODY && !/^[A-Za-z0-9+/]{40}/.test(source.slice(match.index))) continue;
    const head = source.slice(match.index, match.index + 400).replace(/\r?\n[ \t]*|(?:\\r)?\\n/g, "").slice(0, 96);
    const der = Buffer.from(head, "base64");
    if (!isPrivateKeyDer(der)) continue;
    // DER says its own length: the block ends exactly there (base64 of header and content, padded).
    const top = der[0] === 0x30 ? element(der, 0) : null;
    const [end, count] = top ? blockEnd(source, match.index, Math.ceil((top.start + top.length) / 3) * 4) : [looseEnd, available];
    if (count < MIN_KEY_BODY) continue;
    const padded = source.slice(end).match(/^={1,2}/)?.[0].length ?? 0;
    out.push({ kind: "private-key", start: match.index, end: end + padded });
    KEY_BODY_START.lastIndex = end + padded;
  }
  return out;
}

/** Secrets that only show once a disguise is undone, by position (may overlap direct finds). */
export function findDisguisedSecrets(source: string, detect: Detect): SecretMatch[] {
  const out: SecretMatch[] = [...keyBodyHits(source)];
  const folded = foldedView(source);
  if (folded) out.push(...viewHits(folded, source, detect));
  for (const view of collapsedViews(source)) out.push(...viewHits(view, source, detect));
  const unescaped = unescapedView(source);
  if (unescaped) out.push(...viewHits(unescaped, source, detect));
  out.push(...base64Hits(source, detect));
  return out;
}
