// The JSON error contract, {code, message, details}, outside HTTP: what an MCP tool error and the
// CLI carry. lib/http.ts's toErrorBody, plus the one error only a remote hub has: no answer.
import { toErrorBody } from "../http";

export type ErrorBody = { code: string; message: string; details: Record<string, unknown> };

/** A remote hub that could not be reached at all (no answer, or not KnowHub's JSON). */
export class HubUnreachableError extends Error {
  readonly api: string;
  constructor(api: string, message: string) {
    super(message);
    this.name = "HubUnreachableError";
    this.api = api;
  }
}

export function errorBody(caught: unknown): ErrorBody {
  if (caught instanceof HubUnreachableError) return { code: "unreachable", message: caught.message, details: { api: caught.api } };
  return toErrorBody(caught);
}
