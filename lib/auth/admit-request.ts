// The door of every API operation: who is calling (authorizeRequest), then whether they are within
// their rate limit. Routes call this once, before parsing anything that could be expensive.
import { DomainError } from "../errors";
import type { KeyScope } from "../keys/schema";
import { addressCallerId, clientAddress } from "../limits/client-address";
import type { RateAction } from "../limits/limits-config";
import { takeToken } from "../limits/rate-limit";
import { authorizeRequest, type Caller } from "./authorize-request";

// Requests that reach the server without a peer address (in-process calls, `next dev`) share one
// bucket: the limit still holds for all of them together.
const UNKNOWN_ADDRESS = "addr:unknown";

export function admitRequest(request: Request, need: KeyScope, action: RateAction | null = null): Caller {
  const caller = authorizeRequest(request, need);
  if (action) {
    const address = caller.key ? null : clientAddress(request);
    const callerId = caller.key ? `key:${caller.key.id}` : address ? addressCallerId(address) : UNKNOWN_ADDRESS;
    const taken = takeToken(action, callerId);
    if (!taken.ok) {
      const who = caller.key ? "this key" : "this address";
      throw new DomainError("rate_limited", `Too many ${action === "write" ? "writes" : "searches"} from ${who}; retry in ${taken.retryAfterSeconds} s. Nothing was stored.`, {
        action,
        retry_after_seconds: taken.retryAfterSeconds,
      });
    }
  }
  return caller;
}
