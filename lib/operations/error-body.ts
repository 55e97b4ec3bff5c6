// The JSON error contract, {code, message, details}, outside HTTP: what an MCP tool error and the
// CLI carry. The same translation as lib/http.ts's errorResponse, without a status.
import { translateDbError } from "../db-errors";
import { isDomainError } from "../errors";

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
  const error = translateDbError(caught) ?? caught;
  if (isDomainError(error)) return { code: error.code, message: error.message, details: error.details };
  if (error instanceof HubUnreachableError) return { code: "unreachable", message: error.message, details: { api: error.api } };
  // Never a stack trace to the caller; it goes to the operator's stderr (never stdout: stdio MCP).
  console.error(error);
  return { code: "internal", message: "Internal error; the request was not completed.", details: {} };
}
