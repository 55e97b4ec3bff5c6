// Who is viewing a page that logs demand (search, content misses), for insights that count people:
// the address serve.mjs gave the request (x-knowhub-peer) and the browser's User-Agent, hashed per
// day by lib/demand-log/client-id.ts. Pages have no key.
import { headers } from "next/headers";
import { demandClientId } from "@/lib/demand-log/client-id";
import { PEER_HEADER } from "@/lib/limits/client-address";

export async function pageClientId(): Promise<string> {
  const head = await headers();
  return demandClientId({ address: head.get(PEER_HEADER), userAgent: head.get("user-agent") });
}
