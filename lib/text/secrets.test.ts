import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { findSecrets, redactSecrets } from "./secrets";

// Realistic but random secrets, from a seeded generator: none is a real credential, and a failure
// reproduces.
let seed = 0x5eed1234;
function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const B64URL = ALNUM + "-_";
const B64 = ALNUM + "+/";
const UPPER_ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
const DIGITS = "0123456789";
function pick(alphabet: string, n: number): string {
  let out = "";
  for (let i = 0; i < n; i++) out += alphabet[Math.floor(random() * alphabet.length)];
  return out;
}
const b64Lines = (lines: number) => Array.from({ length: lines }, () => pick(B64, 64)).join("\n");
const base64Json = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
const jwt = () =>
  `${base64Json({ alg: "HS256", typ: "JWT" })}.${base64Json({ sub: pick(DIGITS, 8), name: "agent", iat: 1767225600 })}.${pick(B64URL, 43)}`;

type Case = { text: string; secret: string; kind: string };
const kh = () => `kh_${pick(B64URL, 43)}`;

function secretCases(): Case[] {
  const cases: Case[] = [];
  const add = (kind: string, secret: string, text = (s: string) => s) => cases.push({ kind, secret, text: text(secret) });

  add("knowhub-token", kh());
  add("knowhub-token", kh(), (s) => `curl -H "Authorization: Bearer ${s}" https://hub.example.org/api/experience`);
  add("knowhub-token", kh(), (s) => `{"token": "${s}", "label": "ci"}`);
  add("knowhub-token", kh(), (s) => `为什么 ${s} 返回 401`);
  add("aws-access-key", `AKIA${pick(UPPER_ALNUM, 16)}`, (s) => `aws configure set aws_access_key_id ${s}`);
  add("aws-access-key", `ASIA${pick(UPPER_ALNUM, 16)}`, (s) => `AWS_ACCESS_KEY_ID=${s} aws s3 ls`);
  add("aws-access-key", `AKIA${pick(UPPER_ALNUM, 16)}`);
  add("aws-secret-key", pick(B64, 40), (s) => `aws_secret_access_key = ${s}`);
  add("github-token", `ghp_${pick(ALNUM, 36)}`, (s) => `git clone https://${s}@github.com/acme/private.git`);
  add("github-token", `gho_${pick(ALNUM, 36)}`);
  add("github-token", `ghs_${pick(ALNUM, 36)}`, (s) => `GITHUB_TOKEN=${s} gh pr list`);
  add("github-token", `github_pat_11${pick(UPPER_ALNUM, 20)}_${pick(ALNUM, 59)}`);
  add("openai-key", `sk-${pick(ALNUM, 48)}`, (s) => `OPENAI_API_KEY=${s} python run.py`);
  add("openai-key", `sk-proj-${pick(B64URL, 120)}${pick(ALNUM, 20)}`);
  add("openai-key", `sk-ant-api03-${pick(B64URL, 80)}${pick(ALNUM, 13)}-${pick(ALNUM, 6)}AA`, (s) => `x-api-key: ${s}`);
  add("slack-token", `xoxb-${pick(DIGITS, 12)}-${pick(DIGITS, 13)}-${pick(ALNUM, 24)}`);
  add("slack-token", `xoxp-${pick(DIGITS, 12)}-${pick(DIGITS, 12)}-${pick(DIGITS, 13)}-${pick("0123456789abcdef", 32)}`);
  add("slack-token", `xoxa-2-${pick(DIGITS, 12)}-${pick(ALNUM, 30)}`);
  add("slack-webhook", `https://hooks.slack.com/services/T${pick(UPPER_ALNUM, 8)}/B${pick(UPPER_ALNUM, 10)}/${pick(ALNUM, 24)}`);
  add("bearer-token", pick(B64URL, 40) + "1a", (s) => `Authorization: Bearer ${s}`);
  add("bearer-token", `ya29.${pick(B64URL, 120)}`, (s) => `curl -H 'authorization: bearer ${s}' https://www.googleapis.com/drive/v3/files`);
  add("jwt", jwt(), (s) => `the cookie session=${s} expires`);
  add("jwt", jwt(), (s) => `Authorization: Bearer ${s}`);
  add("basic-auth", Buffer.from(`deploy:${pick(ALNUM, 18)}`).toString("base64"), (s) => `Authorization: Basic ${s}`);
  add(
    "private-key",
    `-----BEGIN RSA PRIVATE KEY-----\n${b64Lines(6)}\n-----END RSA PRIVATE KEY-----`,
    (s) => `my key is\n${s}\nwhy does ssh reject it`,
  );
  add("private-key", `-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA${b64Lines(5)}\n-----END OPENSSH PRIVATE KEY-----`);
  add("private-key", `-----BEGIN EC PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,${pick("0123456789ABCDEF", 32)}\n\n${b64Lines(3)}\n-----END EC PRIVATE KEY-----`);
  add("private-key", `-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC${b64Lines(2)}`, (s) => `${s}`); // cut off
  add(
    "private-key",
    `-----BEGIN RSA PRIVATE KEY-----\\n${pick(B64, 64)}\\n${pick(B64, 64)}\\n-----END RSA PRIVATE KEY-----`,
    (s) => `{"private_key": "${s}", "client_email": "bot@project.iam.gserviceaccount.com"}`,
  );
  add("private-key", `-----BEGIN PGP PRIVATE KEY BLOCK-----\n\nlQOYBF${b64Lines(4)}\n=${pick(B64, 4)}\n-----END PGP PRIVATE KEY BLOCK-----`);
  add("url-password", pick(ALNUM, 16), (s) => `DATABASE_URL=postgres://app:${s}@db.internal:5432/knowhub`);
  add("url-password", pick(ALNUM, 12) + "%21x", (s) => `mongodb+srv://admin:${s}@cluster0.ab1cd.mongodb.net/test?retryWrites=true`);
  add("url-password", pick(ALNUM, 20), (s) => `redis://:${s}@cache:6379/0`);
  add("url-password", pick(ALNUM, 10), (s) => `amqp://worker:${s}@rabbitmq.local/vhost`);
  add("url-password", pick(ALNUM, 14), (s) => `pip install --index-url https://pypi-user:${s}@pkgs.example.com/simple foo`);
  add("stripe-key", `sk_live_${pick(ALNUM, 24)}`);
  add("stripe-key", `rk_test_${pick(ALNUM, 24)}`);
  add("google-api-key", `AIza${pick(B64URL, 35)}`, (s) => `https://maps.googleapis.com/maps/api/geocode/json?address=Paris&key=${s}`);
  add("npm-token", `npm_${pick(ALNUM, 36)}`, (s) => `//registry.npmjs.org/:_authToken=${s}`);
  add("huggingface-token", `hf_${pick("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", 34)}`);
  add("password-assignment", `${pick(ALNUM, 10)}!9`, (s) => `PGPASSWORD=${s} psql -h db -U app`);
  add("password-assignment", `${pick(ALNUM, 12)}7`, (s) => `{"db_password": "${s}"}`);
  return cases;
}

const BENIGN = [
  // hashes, ids, encodings
  "git checkout 3f786850e387550fdab836ed7e6dc881de23001b",
  "commit a94a8fe5ccb19ba61c4c0873d391e987982fbbd3 (HEAD -> main)",
  "sha256sum: e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  empty.txt",
  "docker pull python@sha256:9b2a28eb47540823042a2ba401386845089bb7b62a9637d55816132c4c3c36eb",
  "request id 123e4567-e89b-12d3-a456-426614174000 failed",
  "uuid 550e8400-e29b-41d4-a716-446655440000",
  '"integrity": "sha512-Kq5sNclPz7QV2+lfQIuf9z2SCGGXf2eHm+W0m6gydI0kx3DF8Z0pMzEKl0TmwgMzU/jv1FY4E8mD1kzbBodZQ=="',
  "<img src=\"data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==\">",
  "ETH address 0x52908400098527886E0F7030069857D2E4169EE7",
  "the token header eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9 decodes to JSON",
  // code
  "def login(user: str, password: str) -> bool:\n    return check(user, password)",
  "password = getpass.getpass('Password: ')",
  "token = os.environ['GITHUB_TOKEN']",
  "const headers = { Authorization: `Bearer ${process.env.API_TOKEN}` };",
  "interface Creds { password: string; token?: string }",
  "client = OpenAI(api_key=os.environ.get('OPENAI_API_KEY'))",
  "response = client.chat.completions.create(model='gpt-4o', max_tokens=4096)",
  "from sklearn.ensemble import RandomForestClassifier  # pip install scikit-learn",
  '<div class="sk-folding-cube"><div class="sk-cube1 sk-cube"></div></div>',
  "kh_search_results = search(kh_client, query)",
  // shell
  'curl -H "Authorization: Bearer $KNOWHUB_TOKEN" "$KNOWHUB_API/api/search?q=pdf"',
  "curl -H 'Authorization: Bearer <token>' https://api.example.com/v1/items",
  "export DATABASE_URL=postgres://user:password@localhost:5432/app",
  "mysql -h 127.0.0.1 -u root -p",
  "docker run -e POSTGRES_PASSWORD=$POSTGRES_PASSWORD -p 5432:5432 postgres:16",
  "git clone git@github.com:acme/knowhub.git && cd knowhub && npm ci",
  "ssh -i ~/.ssh/id_ed25519 deploy@203.0.113.10",
  "openssl genpkey -algorithm RSA -out key.pem  # writes -----BEGIN PRIVATE KEY----- to key.pem",
  // URLs without passwords
  "https://docs.python.org/3/library/urllib.parse.html#urllib.parse.urlsplit",
  "https://user@example.com/path?token_type=bearer&expires_in=3600",
  "redis://localhost:6379/0 and mongodb://mongo:27017/test",
  "mysql://root:root@127.0.0.1:3306/test",
  '"sensitive_data": {"github_password": "secret123", "admin_password": "admin2024!"}',
  "postgresql://postgres:${DB_PASSWORD}@db:5432/app",
  "ssh://git@gitlab.example.com:2222/group/project.git",
  // prose and traces
  "用 PyMuPDF 从扫描版 PDF 里提取表格，结果比 pdfplumber 好",
  "如何配置 Bearer token 认证？返回 401 Unauthorized 怎么办",
  "Bearer token authentication with refresh tokens in FastAPI",
  "Basic authentication over HTTPS is fine for internal tools",
  'Traceback (most recent call last):\n  File "/app/main.py", line 42, in <module>\n    raise ValueError("bad input")\nValueError: bad input',
  "TypeError: Cannot read properties of undefined (reading 'map')\n    at render (webpack-internal:///./app/page.tsx:12:34)",
  "AWS's example key id AKIAIOSFODNN7EXAMPLE appears in every tutorial",
  "-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gunVTLw7onLRnrq0/IzW7yWR7QkrmBL7jTKEn5u+qKhbwKfBstIs+bMY2Zkp18gnTxKLxoS2tFczGkPLPgizskuemMghRniWaoLcyehkd3qqGElvW/VDL5AaWTg0nLVkjRo9z+40RQzuVaE8AkAFmxZzow3x+VJYKdjykkJ0iT9wCS0DRTXu269V264Vf/3jvredZiKRkgwlL9xNAwxXFg0x/XFw005UWVRIkdgcKWTjpBP2dPwVZ4WWC+9aGVd+Gyn1o0CLelf4rEjGoXbAAEgAqeGUxrcIlbjXfbcmwIDAQAB\n-----END PUBLIC KEY-----",
  "-----BEGIN CERTIFICATE-----\nMIIDdzCCAl+gAwIBAgIEAgAAuTANBgkqhkiG9w0BAQUFADBaMQswCQYDVQQGEwJJRTESMBAGA1UEChMJQmFsdGltb3JlMRMwEQYDVQQLEwpDeWJlclRydXN0MSIwIAYDVQQDExlCYWx0aW1vcmUgQ3liZXJUcnVzdCBSb290\n-----END CERTIFICATE-----",
  "the key file must start with -----BEGIN OPENSSH PRIVATE KEY----- or ssh-keygen rejects it",
  "-----BEGIN PRIVATE KEY----- then paste the rest of your key here and save the file as key pem and chmod it 600",
  "semver 1.2.3-beta.4+build.5678 and IPv6 2001:db8::ff00:42:8329",
];

describe("findSecrets finds real-looking secrets", () => {
  const cases = secretCases();

  it("has a corpus of at least 30 secrets", () => {
    expect(cases.length).toBeGreaterThanOrEqual(30);
  });

  it.each(cases.map((c, i) => [i, c.kind, c] as const))("#%i %s", (_i, kind, { text, secret }) => {
    const found = findSecrets(text);
    expect(found.map((f) => f.kind)).toEqual([kind]);
    expect(text.slice(found[0].start, found[0].end)).toBe(secret);
    const redacted = redactSecrets(text);
    expect(redacted).not.toContain(secret);
    expect(redacted).toContain(`[redacted:${kind}]`);
  });
});

describe("findSecrets leaves technical text alone", () => {
  it("has a corpus of at least 40 benign strings", () => {
    expect(BENIGN.length).toBeGreaterThanOrEqual(40);
  });

  it.each(BENIGN)("%s", (text) => {
    expect(findSecrets(text)).toEqual([]);
    expect(redactSecrets(text)).toBe(text);
  });

  it("never flags a git SHA or a sha256 digest, however many", () => {
    for (let i = 0; i < 200; i++) {
      const sha1 = pick("0123456789abcdef", 40);
      const sha256 = pick("0123456789abcdef", 64);
      expect(findSecrets(`${sha1} ${sha256} ${sha256.toUpperCase()} sha256:${sha256}`)).toEqual([]);
    }
  });
});

describe("redactSecrets", () => {
  it("keeps the text around each secret, and the readable parts of a header or URL", () => {
    const token = kh();
    const key = `AKIA${pick(UPPER_ALNUM, 16)}`;
    const text = `search "Bearer ${token}" then use ${key} with postgres://app:${pick(ALNUM, 16)}@db/x`;
    expect(redactSecrets(text)).toBe(
      'search "Bearer [redacted:knowhub-token]" then use [redacted:aws-access-key] with postgres://app:[redacted:url-password]@db/x',
    );
  });

  it("reports overlapping candidates once, as the most specific kind", () => {
    const token = `ghp_${pick(ALNUM, 36)}`;
    const found = findSecrets(`Authorization: Bearer ${token}`);
    expect(found).toHaveLength(1);
    expect(found[0].kind).toBe("github-token");
  });

  it("finds several secrets in one text, in order", () => {
    const text = `${kh()} and ${kh()} and sk-${pick(ALNUM, 48)}`;
    expect(findSecrets(text).map((f) => f.kind)).toEqual(["knowhub-token", "knowhub-token", "openai-key"]);
  });

  it.each([
    "pwd",
    "a://",
    "a://:",
    "x:y@",
    "xoxb-1",
    "sk-A1",
    "Bearer ",
    "Basic ",
    "eyJ",
    "-----BEGIN PRIVATE KEY-----",
    "-----BEGIN PRIVATE KEY-----\nProc-Type: x\n",
    "password=",
    "kh_",
    "AKIA",
  ])("stays linear on 64 KB of %j (no catastrophic backtracking)", (fragment) => {
    const text = fragment.repeat(Math.ceil(65_536 / fragment.length));
    const started = performance.now();
    findSecrets(text);
    redactSecrets(text);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it("is fast on long text without secrets", () => {
    const text = BENIGN.join("\n").repeat(50);
    const started = performance.now();
    expect(findSecrets(text)).toEqual([]);
    expect(performance.now() - started).toBeLessThan(200);
  });
});

describe("findSecrets sees through disguises", () => {
  const ghp = () => `ghp_${pick(ALNUM, 36)}`;
  const spaced = (s: string, separator = " ") => s.split("").join(separator);
  const fullWidth = (s: string) => s.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
  const percent = (s: string) => [...s].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, "0")}`).join("");
  const unicodeEscapes = (s: string) => [...s].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join("");
  const lines = (der: Buffer) => der.toString("base64").match(/.{1,64}/g)!.join("\n");
  const rsa = generateKeyPairSync("rsa", { modulusLength: 1024 });
  const ec = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const ed = generateKeyPairSync("ed25519");

  // [what, text, the disguised secret as it appears in the text, kind]
  const cases: [string, string, string, string][] = [];
  const add = (what: string, secret: string, kind: string, wrap = (s: string) => `my token is ${s} why 401`) => cases.push([what, wrap(secret), secret, kind]);
  add("spelled out with spaces", spaced(ghp()), "github-token");
  add("spelled out with two spaces", spaced(`sk-proj-${pick(ALNUM, 40)}`, "  "), "openai-key");
  add("spelled out with dots", spaced(ghp(), "."), "github-token");
  add("in full-width letters", fullWidth(ghp()), "github-token");
  add("with zero-width spaces inside", ghp().replace(/(.{6})/g, "$1\u200b"), "github-token");
  add("with a Cyrillic lookalike in the prefix", `gh\u0440_${pick(ALNUM, 36)}`, "github-token");
  add("percent-encoded", percent(ghp()), "github-token", (s) => `curl "https://x.example/?t=${s}"`);
  add("with only the underscore percent-encoded", ghp().replace("_", "%5F"), "github-token", (s) => `token=${s}`);
  add("as \\u escapes", unicodeEscapes(`AKIA${pick(UPPER_ALNUM, 16)}`), "aws-access-key", (s) => `{"id": "${s}"}`);
  add("base64-encoded", Buffer.from(`GITHUB_TOKEN=${ghp()}`).toString("base64"), "github-token (base64)", (s) => `env blob: ${s}`);
  add("base64url-encoded", Buffer.from(`{"key":"${kh()}"}`).toString("base64url"), "knowhub-token (base64)");
  add("a base64-encoded armored key", Buffer.from(rsa.privateKey.export({ type: "pkcs8", format: "pem" }) as string).toString("base64"), "private-key (base64)");
  add("an RSA key body without armor (PKCS#1)", lines(rsa.privateKey.export({ type: "pkcs1", format: "der" })), "private-key", (s) => `here:\n${s}\nthanks`);
  add("an RSA key body without armor (PKCS#8)", lines(rsa.privateKey.export({ type: "pkcs8", format: "der" })), "private-key");
  add("an EC key body without armor (SEC1)", lines(ec.privateKey.export({ type: "sec1", format: "der" })), "private-key");
  add("an Ed25519 key body without armor", ed.privateKey.export({ type: "pkcs8", format: "der" }).toString("base64"), "private-key");
  add(
    "an encrypted PKCS#8 key body without armor",
    lines(rsa.privateKey.export({ type: "pkcs8", format: "der", cipher: "aes-256-cbc", passphrase: "correct horse" })),
    "private-key",
  );
  add(
    "a key body in JSON with escaped newlines",
    lines(ec.privateKey.export({ type: "sec1", format: "der" })).replace(/\n/g, "\\n"),
    "private-key",
    (s) => `{"private_key": "${s}"}`,
  );
  add("an OpenSSH key body without armor", `b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW${pick(B64, 120)}`, "private-key");

  it.each(cases)("%s", (_what, text, secret, kind) => {
    const found = findSecrets(text);
    expect(found.map((f) => f.kind)).toEqual([kind]);
    expect(text.slice(found[0].start, found[0].end)).toBe(secret);
    expect(redactSecrets(text)).not.toContain(secret);
  });

  it.each([
    ["a public key body (SPKI)", rsa.publicKey.export({ type: "spki", format: "der" }).toString("base64")],
    ["an EC public key body", lines(ec.publicKey.export({ type: "spki", format: "der" }))],
    ["base64 of ordinary text", Buffer.from("the quick brown fox jumps over the lazy dog, twice").toString("base64")],
    ["a base64 image", "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="],
    ["a sha256 in base64", "sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU="],
    ["letters spelled out", "s p e l l  i t : d a t a b a s e m i g r a t i o n s"],
    ["digits spaced", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20"],
    ["a spaced hex dump", "de ad be ef 00 11 22 33 44 55 66 77 88 99 aa bb cc dd ee ff"],
    ["full-width prose", "ｆｕｌｌ－ｗｉｄｔｈ ｔｅｘｔ ｌｉｋｅ ｔｈｉｓ ａｎｄ ＡＢＣ１２３"],
    ["a percent-encoded URL", "https://example.org/search?q=caf%C3%A9%20cr%C3%A8me&lang=fr"],
    ["git SHAs and UUIDs", "3f786850e387550fdab836ed7e6dc881de23001b 123e4567-e89b-12d3-a456-426614174000"],
    ["an IP and version dotted", "1.2.3.4.5.6.7.8.9.10.11.12.13.14.15.16.17"],
    ["a JWT header alone", "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9"],
  ])("leaves %s alone", (_what, text) => {
    expect(findSecrets(text)).toEqual([]);
  });

  it.each(["g ", "a.", "%41", "\\u0041", "MIIE", "b3BlbnNzaC1rZXktdjE", "ｇ", "a\u200b", "QUJD"])(
    "stays linear on 64 KB of %j",
    (fragment) => {
      const text = fragment.repeat(Math.ceil(65_536 / fragment.length));
      const started = performance.now();
      findSecrets(text);
      expect(performance.now() - started).toBeLessThan(500);
    },
  );
});
