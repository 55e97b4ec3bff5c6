// Who is calling, for limits on callers without a key. The address comes only from the
// x-knowhub-peer header, which scripts/serve.mjs sets on every request from the socket (or, behind
// a proxy listed in KNOWHUB_TRUST_PROXY, from that proxy's X-Forwarded-For), overwriting whatever
// the client sent. X-Forwarded-For itself is never read here: Next keeps a client-supplied one, so
// any client could pose as any address through it.
//
// Caveat: under plain `next start` or `next dev` nothing overwrites x-knowhub-peer, so a client can
// choose it; only serve.mjs makes it trustworthy.
//
// Addresses are personal data and must not be stored or shown: callers are identified by a keyed
// hash (HMAC-SHA256), so the ids cannot be reversed by hashing the 2^32 IPv4 addresses. The key is
// one random secret per hub, made by the first process that needs it and kept in the database
// (hub_secrets 'address_hmac', never exported or shown), read once per process: every server and
// worker of one hub must give one address one id, or each would keep its own bucket for it.
import { createHmac, randomBytes } from "node:crypto";
import { isIP } from "node:net";
import { databaseUrl } from "../db";
import { findHubSecret, insertHubSecretIfAbsent } from "./repo";

export const PEER_HEADER = "x-knowhub-peer";

const ADDRESS_SECRET = "address_hmac";

// On globalThis: Next bundles route modules separately, and every route must hash an address to
// the same id (one caller, one bucket). Per database URL: a test file's fresh database has its own.
const globalForAddress = globalThis as unknown as { knowhubAddressSecret?: { url: string; secret: Promise<Buffer> } };

/** The hub's address secret: read once per process, made (32 random bytes) by whichever process needs it first. */
function addressSecret(): Promise<Buffer> {
  const url = databaseUrl();
  const cached = globalForAddress.knowhubAddressSecret;
  if (cached && cached.url === url) return cached.secret;
  const secret = loadAddressSecret();
  const entry = { url, secret };
  globalForAddress.knowhubAddressSecret = entry;
  // A failed read (the database unreachable) is not kept: the next request tries again.
  secret.catch(() => {
    if (globalForAddress.knowhubAddressSecret === entry) globalForAddress.knowhubAddressSecret = undefined;
  });
  return secret;
}

async function loadAddressSecret(): Promise<Buffer> {
  let value = await findHubSecret(ADDRESS_SECRET);
  if (value === null) {
    // Two processes may both get here: the first insert wins and both read what it stored.
    await insertHubSecretIfAbsent(ADDRESS_SECRET, randomBytes(32).toString("hex"), new Date());
    value = await findHubSecret(ADDRESS_SECRET);
    if (value === null) throw new Error("hub_secrets: the address secret was stored but cannot be read back");
  }
  return Buffer.from(value, "hex");
}

/** The caller's address as the server saw it, or null when there is none (or it is not an address). */
export function clientAddress(request: Request): string | null {
  const value = request.headers.get(PEER_HEADER);
  if (value === null) return null;
  return normalizeAddress(value);
}

/**
 * The id of an address for rate limits: "addr:" + 16 hex digits of an HMAC-SHA256 under the hub's
 * secret, the same on every server of the hub. An IPv6 caller is identified by its /64 network: one
 * host usually holds a whole /64 and could otherwise take a fresh address (a fresh bucket) for
 * every request.
 */
export async function addressCallerId(address: string): Promise<string> {
  const normalized = normalizeAddress(address) ?? address.trim().toLowerCase();
  const subject = isIP(normalized) === 6 ? `${ipv6Network64(normalized)}::/64` : normalized;
  return "addr:" + createHmac("sha256", await addressSecret()).update(subject).digest("hex").slice(0, 16);
}

/** An IP address in one canonical spelling (IPv4-mapped IPv6 as IPv4, no zone); null if it is none. */
export function normalizeAddress(value: string): string | null {
  let address = value.trim().toLowerCase();
  if (address.startsWith("[") && address.endsWith("]")) address = address.slice(1, -1);
  const zone = address.indexOf("%");
  if (zone >= 0) address = address.slice(0, zone);
  const kind = isIP(address);
  if (kind === 4) return address;
  if (kind !== 6) return null;
  // A dual-stack socket reports IPv4 callers as ::ffff:a.b.c.d: the same caller as a.b.c.d.
  const groups = ipv6Groups(address);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join(".");
  }
  return address;
}

// The first four groups (the /64 network) of an IPv6 address, written out, so that every spelling
// of one network gives the same text.
function ipv6Network64(address: string): string {
  return ipv6Groups(address)
    .slice(0, 4)
    .map((g) => g.toString(16).padStart(4, "0"))
    .join(":");
}

// The eight 16-bit groups of a valid IPv6 address (checked with isIP before).
function ipv6Groups(address: string): number[] {
  let text = address;
  // A trailing dotted IPv4 part stands for the last two groups.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = text.slice(0, dotted.index) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right];
  return groups.map((g) => parseInt(g, 16));
}
