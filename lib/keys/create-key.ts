import { insertKey } from "./repo";
import type { CreateKeyInput, CreatedKeyDto } from "./schema";
import { generateKeyId, generateToken, hashToken } from "./token";

/** Creates a key and returns its token: the only moment the token exists outside the caller. */
export function createKey(input: CreateKeyInput, now = new Date()): CreatedKeyDto {
  const token = generateToken();
  const row = insertKey({ id: generateKeyId(), label: input.label, scope: input.scope, trusted: input.trusted, tokenHash: hashToken(token), at: now });
  return { id: row.id, label: row.label, scope: row.scope, token };
}
