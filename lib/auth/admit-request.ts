// The door of every API operation: who is calling (authorizeRequest), then whether they are within
// their rate limit. Routes call this once, before parsing anything that could be expensive. The
// pages that read what the API reads (search, resources, content) pass the same door for the rate
// limit (admitPageView, called from proxy.ts): a page view runs the same search or read, so it
// draws on the caller's search bucket, and a browser cannot get around the API's limit.
import { DomainError } from "../errors";
import type { KeyScope } from "../keys/schema";
import { addressCallerId, clientAddress } from "../limits/client-address";
import type { RateAction } from "../limits/limits-config";
import { takeToken } from "../limits/rate-limit";
import { authorizeRequest, type Caller } from "./authorize-request";

// Requests that reach the server without a peer address (in-process calls, `next dev`) share one
// bucket: the limit still holds for all of them together.
const UNKNOWN_ADDRESS = "addr:unknown";

export async function admitRequest(request: Request, need: KeyScope, action: RateAction | null = null): Promise<Caller> {
  const caller = await authorizeRequest(request, need);
  if (action) {
    const address = caller.key ? null : clientAddress(request);
    const callerId = caller.key ? `key:${caller.key.id}` : await addressBucket(address);
    const who = caller.key ? "this key" : "this address";
    await takeOrRefuse(action, callerId, `Too many ${action === "write" ? "writes" : "searches"} from ${who}`);
  }
  return caller;
}

/**
 * A view of a page that searches or reads (/search, /resources/..., /content/...) from `address`
 * (the x-knowhub-peer header, or null without one). Pages have no key, so the view draws on the
 * address's search bucket, the one /api/search and the resource and content reads draw on without
 * a key. Throws rate_limited when it is empty.
 */
export async function admitPageView(address: string | null): Promise<void> {
  await takeOrRefuse("search", await addressBucket(address), "Too many searches and page views from this address");
}

async function addressBucket(address: string | null): Promise<string> {
  return address ? addressCallerId(address) : UNKNOWN_ADDRESS;
}

async function takeOrRefuse(action: RateAction, callerId: string, tooMany: string): Promise<void> {
  const taken = await takeToken(action, callerId);
  if (taken.ok) return;
  throw new DomainError("rate_limited", `${tooMany}; retry in ${taken.retryAfterSeconds} s. Nothing was stored.`, {
    action,
    retry_after_seconds: taken.retryAfterSeconds,
  });
}
