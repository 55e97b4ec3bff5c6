// Who a demand-log line came from, so that insights count people rather than page loads: a key
// is itself ("k:" + its id); a caller without one is a daily id, "d:" + 16 hex digits of a SHA-256
// over the day, the address's keyed id (lib/limits/client-address.ts: an HMAC under the hub's
// secret, never the address) and the browser's User-Agent (people behind one address with
// different browsers count apart). The day in the hash means the same caller gets another id
// tomorrow: a log reader can count them, not follow them. "" when nothing is known.
import { createHash } from "node:crypto";
import { addressCallerId, clientAddress, normalizeAddress } from "../limits/client-address";

export async function demandClientId(caller: { keyId?: string | null; address?: string | null; userAgent?: string | null }, now = new Date()): Promise<string> {
  if (caller.keyId) return `k:${caller.keyId}`;
  const address = caller.address ? normalizeAddress(caller.address) : null;
  if (!address) return "";
  const day = now.toISOString().slice(0, 10);
  const hash = createHash("sha256").update(`${day}\n${await addressCallerId(address)}\n${(caller.userAgent ?? "").slice(0, 500)}`);
  return `d:${hash.digest("hex").slice(0, 16)}`;
}

/** The client of an API request: its key, else its address (x-knowhub-peer) and User-Agent. */
export function requestClientId(request: Request, keyId: string | null | undefined): Promise<string> {
  return demandClientId({ keyId, address: clientAddress(request), userAgent: request.headers.get("user-agent") });
}
