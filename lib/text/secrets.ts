// Secrets that agents paste by accident: tokens in a search query, a connection string in a tip.
// Used to redact what is logged and to refuse submissions that would publish a credential, so a
// false positive costs an agent its submission: every detector keys on a distinctive prefix or
// context (kh_, AKIA, ghp_, "Bearer ", "-----BEGIN ... PRIVATE KEY-----", user:pass@) and checks
// that the secret part looks random. Bare hex or base64 (git SHAs, sha256 digests, integrity
// hashes, UUIDs, images) is never flagged: high entropy alone is not a secret. The same detectors
// also read through disguises (secret-variants.ts): a token spelled out, full-width, escaped or
// base64-encoded, and a private key's body without its BEGIN/END lines.

import { findDisguisedSecrets, type SecretMatch } from "./secret-variants";

type Detector = {
  kind: string;
  pattern: RegExp;
  /** Which capture group is the secret (default: the whole match); such a pattern has the d flag. */
  group?: number;
  /** Extra check on the secret text; false = not a secret after all. */
  accept?: (secret: string, match: RegExpExecArray) => boolean;
};

const hasDigit = (s: string) => /\d/.test(s);
const hasUpper = (s: string) => /[A-Z]/.test(s);
const hasLower = (s: string) => /[a-z]/.test(s);
const hasLetter = (s: string) => /[A-Za-z]/.test(s);
/** At least two of upper, lower, digit: random text, not a word or an identifier in one case. */
const mixed = (s: string) => [hasUpper(s), hasLower(s), hasDigit(s)].filter(Boolean).length >= 2;
const longestAlnumRun = (s: string) => Math.max(0, ...s.split(/[^A-Za-z0-9]+/).map((part) => part.length));

// Passwords in examples and defaults, not credentials anyone could abuse.
const PLACEHOLDER_PASSWORDS = new Set([
  "password", "pass", "passwd", "pwd", "pw", "secret", "mypassword", "yourpassword", "your_password", "your-password",
  "changeme", "example", "test", "user", "admin", "root", "postgres", "mysql", "guest", "redacted", "hidden", "none", "null",
]);

function isPlaceholderPassword(password: string, user = ""): boolean {
  const p = password.toLowerCase();
  return (
    PLACEHOLDER_PASSWORDS.has(p) ||
    PLACEHOLDER_PASSWORDS.has(p.replace(/[-_]?\d{1,6}!?$/, "")) || // secret123, admin2024: examples too
    (user !== "" && p === user.toLowerCase()) || // root:root, guest:guest: a default, not a secret
    /^[*x.•]+$/i.test(password) || // ***, xxxx
    /^(<[^>]*>|\[[^\]]*\]|\{\{?[^}]*\}?\}|\$\{[^}]*\}|\$\(?[A-Za-z_][A-Za-z0-9_]*\)?|%[A-Za-z_]*%|%s)$/.test(password) ||
    /^\$\{|^<|^\{\{/.test(password) // a template that continues past what the URL pattern took
  );
}

function decodesToCredentials(encoded: string): boolean {
  const text = Buffer.from(encoded, "base64").toString("latin1");
  const colon = text.indexOf(":");
  return colon > 0 && colon < text.length - 1 && /^[\x20-\x7e]+$/.test(text) && !isPlaceholderPassword(text.slice(colon + 1), text.slice(0, colon));
}

// In priority order: where two detectors overlap, the earlier kind is reported (a kh_ token sent as
// "Bearer kh_..." is a knowhub-token).
const DETECTORS: Detector[] = [
  {
    // KnowHub API keys: "kh_" + 32 random bytes in base64url (lib/keys/token.ts).
    kind: "knowhub-token",
    pattern: /(?<![A-Za-z0-9_-])kh_[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g,
    accept: (s) => mixed(s.slice(3)),
  },
  {
    kind: "github-token",
    pattern: /(?<![A-Za-z0-9_])(?:gh[pousr]_[A-Za-z0-9]{36,251}|github_pat_[A-Za-z0-9_]{50,255})(?![A-Za-z0-9_])/g,
    accept: (s) => mixed(s.slice(4)),
  },
  {
    // AWS access key ids; AWS's documentation example (AKIAIOSFODNN7EXAMPLE) is public.
    kind: "aws-access-key",
    pattern: /(?<![A-Za-z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Za-z0-9])/g,
    accept: (s) => !s.endsWith("EXAMPLE"),
  },
  {
    // The secret half of an AWS key pair only has a recognizable shape next to its name.
    kind: "aws-secret-key",
    pattern: /aws_?secret_?(?:access_?)?key["']?\s{0,10}[:=]\s{0,10}["']?([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+])/dgi,
    group: 1,
    accept: (s) => mixed(s) && !/EXAMPLEKEY$/.test(s),
  },
  {
    kind: "slack-token",
    pattern: /(?<![A-Za-z0-9])xox[abposr]-[A-Za-z0-9-]{10,250}(?![A-Za-z0-9-])/g,
    accept: (s) => hasDigit(s),
  },
  {
    kind: "slack-webhook",
    pattern: /https:\/\/hooks\.slack\.com\/(?:services|workflows|triggers)\/[A-Za-z0-9_/-]{20,250}/g,
  },
  {
    kind: "stripe-key",
    pattern: /(?<![A-Za-z0-9_])(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,250}(?![A-Za-z0-9])/g,
    accept: (s) => mixed(s.slice(8)),
  },
  {
    // OpenAI (sk-..., sk-proj-...), Anthropic (sk-ant-...) and the many APIs that copied the form.
    // A kebab-case name (sk-folding-cube, a CSS class) has no long random run and is not flagged.
    kind: "openai-key",
    pattern: /(?<![A-Za-z0-9_-])sk-[A-Za-z0-9_-]{20,400}(?![A-Za-z0-9_-])/g,
    accept: (s) => hasDigit(s) && hasUpper(s) && hasLower(s) && longestAlnumRun(s.slice(3)) >= 16,
  },
  {
    kind: "google-api-key",
    pattern: /(?<![A-Za-z0-9_-])AIza[A-Za-z0-9_-]{35}(?![A-Za-z0-9_-])/g,
  },
  {
    kind: "npm-token",
    pattern: /(?<![A-Za-z0-9_])npm_[A-Za-z0-9]{36}(?![A-Za-z0-9])/g,
    accept: (s) => mixed(s.slice(4)),
  },
  {
    kind: "huggingface-token",
    pattern: /(?<![A-Za-z0-9_])hf_[A-Za-z]{30,40}(?![A-Za-z0-9])/g,
    accept: (s) => hasUpper(s.slice(3)) && hasLower(s.slice(3)),
  },
  {
    // A signed JSON Web Token: header and payload are base64url JSON ("eyJ" = '{"').
    kind: "jwt",
    pattern: /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{8,8000}\.eyJ[A-Za-z0-9_-]{8,8000}\.[A-Za-z0-9_-]{16,1000}(?![A-Za-z0-9_-])/g,
  },
  {
    // The token after "Bearer" (the scheme word stays readable). "Bearer <token>", "Bearer $TOKEN"
    // and "Bearer token" in prose are not tokens: a real one is long and has digits and letters.
    kind: "bearer-token",
    pattern: /\bBearer\s{1,10}([A-Za-z0-9._~+/-]{16,8000}=*)/dgi,
    group: 1,
    accept: (s) => hasDigit(s) && hasLetter(s),
  },
  {
    kind: "basic-auth",
    pattern: /\bBasic\s{1,10}([A-Za-z0-9+/]{8,1000}={0,2})(?![A-Za-z0-9+/=])/dg,
    group: 1,
    accept: (s) => decodesToCredentials(s),
  },
  {
    // scheme://user:password@host. Only the password is the secret; user and host stay readable.
    // Examples and defaults (user:password@, root:root@, :${DB_PASS}@) are not secrets.
    kind: "url-password",
    pattern: /\b[A-Za-z][A-Za-z0-9+.-]{1,30}:\/\/([^\s:/?#@[\]"'<>]{0,256}):([^\s/?#@"'<>]{1,256})@(?=[^\s/?#@])/dg,
    group: 2,
    accept: (password, match) => !isPlaceholderPassword(decodeSafely(password), decodeSafely(match[1])),
  },
  {
    // password=..., "password": "...", PGPASSWORD=... (a config line or a shell command pasted whole).
    // A type (password: string), a call (getpass()) or a variable ($DB_PASSWORD) is not a password.
    kind: "password-assignment",
    pattern: /\b[A-Za-z_]{0,40}(?:password|passwd|pwd)[A-Za-z_]{0,40}["']?\s{0,10}[:=]\s{0,10}(["']?)([^\s"'`,;]{6,128})\1/dgi,
    group: 2,
    accept: (s) =>
      !/[()[\]{}$<>]/.test(s) && (hasDigit(s) || /[!@#%^&*+=?~]/.test(s)) && hasLetter(s) && !isPlaceholderPassword(s),
  },
];

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

// A private key block: the armor line, optional Proc-Type/DEK-Info header lines, then base64 lines
// up to the END line, or to the end of the base64 when the text was cut off (a truncated key is
// still a secret). Escaped newlines count as newlines (a key pasted into JSON). The armor line alone,
// as in "the file starts with -----BEGIN ... PRIVATE KEY-----", is no key.
const PRIVATE_KEY_BEGIN = /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/g;
const PRIVATE_KEY_HEADERS = /(?:\s|\\[nr])*(?:[A-Za-z-]{1,40}: [^\n\\]*(?:\n|\\n|$)(?:\s|\\[nr])*)*/y;
const PRIVATE_KEY_BODY = /(?:[A-Za-z0-9+/=\s]|\\[nr])*/y;
const PRIVATE_KEY_END = /(?:\s|\\[nr])*-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/y;
const MIN_KEY_BODY = 40;
const MIN_KEY_LINE = 32;

// What a sticky pattern matches at `at` ("" for no match), without copying the rest of the text.
function stickyMatch(pattern: RegExp, text: string, at: number): string {
  pattern.lastIndex = at;
  return pattern.exec(text)?.[0] ?? "";
}

function findPrivateKeys(text: string): SecretMatch[] {
  const found: SecretMatch[] = [];
  PRIVATE_KEY_BEGIN.lastIndex = 0;
  for (let begin = PRIVATE_KEY_BEGIN.exec(text); begin; begin = PRIVATE_KEY_BEGIN.exec(text)) {
    let at = begin.index + begin[0].length;
    at += stickyMatch(PRIVATE_KEY_HEADERS, text, at).length;
    const body = stickyMatch(PRIVATE_KEY_BODY, text, at);
    // Base64 lines are long; words of prose after the armor line are not.
    const chunks = body.split(/\\[nr]|\s/);
    if (chunks.join("").length < MIN_KEY_BODY || Math.max(...chunks.map((c) => c.length)) < MIN_KEY_LINE) continue;
    const bodyEnd = at + body.length;
    const endMarker = stickyMatch(PRIVATE_KEY_END, text, bodyEnd);
    // Cut off: the key ends with its last base64 character.
    const end = endMarker ? bodyEnd + endMarker.length : at + body.replace(/(?:\\[nr]|\s)+$/, "").length;
    found.push({ kind: "private-key", start: begin.index, end });
    PRIVATE_KEY_BEGIN.lastIndex = end;
  }
  return found;
}

/** Candidates the detectors find in `text` as written, in priority order. */
function directCandidates(text: string): SecretMatch[] {
  const candidates: SecretMatch[] = findPrivateKeys(text);
  for (const detector of DETECTORS) {
    detector.pattern.lastIndex = 0;
    for (let match = detector.pattern.exec(text); match; match = detector.pattern.exec(text)) {
      const group = detector.group ?? 0;
      const secret = match[group];
      if (secret === undefined || secret === "") continue;
      if (detector.accept && !detector.accept(secret, match)) continue;
      const [start, end] = group === 0 ? [match.index, match.index + secret.length] : match.indices![group];
      candidates.push({ kind: detector.kind, start, end });
    }
  }
  return candidates;
}

/** Candidates arrive in priority order: a later one that overlaps an accepted one is dropped. */
function resolveOverlaps(candidates: SecretMatch[]): SecretMatch[] {
  const accepted: SecretMatch[] = [];
  for (const candidate of candidates) {
    if (!accepted.some((a) => candidate.start < a.end && a.start < candidate.end)) accepted.push(candidate);
  }
  return accepted.sort((a, b) => a.start - b.start);
}

/**
 * Every secret in `text`, by position; overlapping candidates are reported once. Secrets in
 * disguise (spelled out letter by letter, full-width, escaped, base64-encoded, a private key's body
 * without its armor: secret-variants.ts) count too, after the ones written plainly.
 */
export function findSecrets(text: string): SecretMatch[] {
  const direct = (view: string) => resolveOverlaps(directCandidates(view));
  return resolveOverlaps([...directCandidates(text), ...findDisguisedSecrets(text, direct)]);
}

/** `text` with every secret replaced by "[redacted:<kind>]". */
export function redactSecrets(text: string): string {
  const secrets = findSecrets(text);
  if (secrets.length === 0) return text;
  let out = "";
  let at = 0;
  for (const secret of secrets) {
    out += text.slice(at, secret.start) + `[redacted:${secret.kind}]`;
    at = secret.end;
  }
  return out + text.slice(at);
}
