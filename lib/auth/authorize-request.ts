import { DomainError } from "../errors";
import { authenticateToken } from "../keys/authenticate-token";
import { scopeAllows, type KeyIdentity, type KeyScope } from "../keys/schema";
import { readAuthConfig } from "./auth-config";

/** Who is calling: a key, or nobody in particular (open mode). */
export type Caller = { key: KeyIdentity | null };

/**
 * Checks the request's bearer key against what the operation needs. A key that is sent is always
 * checked, in open mode too (a write made with a valid key is verified; a bad key is never
 * silently treated as anonymous). Without a key: reads and writes pass only in open mode,
 * moderation never.
 */
export async function authorizeRequest(request: Request, need: KeyScope): Promise<Caller> {
  const header = request.headers.get("authorization");
  if (header !== null) {
    const match = /^Bearer +(\S+) *$/i.exec(header);
    if (!match) {
      throw new DomainError("unauthorized", 'Send the key as "Authorization: Bearer kh_...".', { reason: "invalid_request" });
    }
    const key = await authenticateToken(match[1]);
    if (!scopeAllows(key.scope, need)) {
      throw new DomainError("forbidden", `This key's scope is ${key.scope}; this operation needs a ${need} key.`, {
        scope: key.scope,
        needed: need,
      });
    }
    return { key };
  }
  const config = readAuthConfig();
  const open = need === "read" ? config.reads === "open" : need === "write" ? config.writes === "open" : false;
  if (!open) {
    throw new DomainError("unauthorized", `This operation needs an API key with the ${need} scope: send "Authorization: Bearer kh_...".`, {
      reason: "missing_token",
      needed: need,
    });
  }
  return { key: null };
}

/** The maintainer behind a moderate request, as the audit log records it. */
export function actorOf(caller: Caller): { keyId: string; label: string } {
  if (!caller.key) throw new DomainError("unauthorized", "Moderation needs a moderate key.", { reason: "missing_token", needed: "moderate" });
  return { keyId: caller.key.id, label: caller.key.label };
}
