import { DomainError } from "../errors";
import { findKeyById, markKeyRevoked } from "./repo";
import type { KeyDto } from "./schema";
import { toKeyDto } from "./serialize";

/** Revokes a key; the next request with its token is refused (keys are looked up on every request). */
export function revokeKey(id: string, now = new Date()): KeyDto {
  if (!markKeyRevoked(id, now)) throw new DomainError("not_found", `No key with id "${id}".`, { id });
  return toKeyDto(findKeyById(id)!);
}
