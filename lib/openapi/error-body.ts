// The one error body every failure answers with (lib/http.ts errorResponse), as a schema: the
// OpenAPI document references it from every error response, narrowed to that status's codes.
import { z } from "zod";
import { ERROR_STATUS, type ErrorCode } from "../errors";

const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

export const errorBodyDto = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES).describe("stable: branch on this, not on the message"),
    message: z.string().describe("what went wrong and how to fix it, in words"),
    details: z.record(z.string(), z.unknown()).describe("structured particulars (invalid_input: issues [{field, message}])"),
  }),
});

/** The error codes that answer with this HTTP status. */
export function codesForStatus(status: number): ErrorCode[] {
  return ERROR_CODES.filter((code) => ERROR_STATUS[code] === status);
}
