import { errorBody } from "../operations/error-body";
import { EXIT, exitCodeOf, UsageError, type ExitCode } from "./exit-codes";

/**
 * Prints a failure on stderr (stdout stays for answers) and gives its exit code: with --json the
 * REST error body {"error": {code, message, details}}, otherwise a line a person can act on.
 */
export function printError(caught: unknown, options: { json: boolean; usage?: string }): ExitCode {
  if (caught instanceof UsageError) {
    if (options.json) process.stderr.write(`${JSON.stringify({ error: { code: "invalid_input", message: caught.message, details: { usage: options.usage ?? "" } } })}\n`);
    else process.stderr.write(`knowhub: ${caught.message}\n${options.usage ? `${options.usage}\n` : ""}`);
    return EXIT.badInput;
  }
  const error = errorBody(caught);
  if (options.json) process.stderr.write(`${JSON.stringify({ error })}\n`);
  else {
    const issues = Array.isArray(error.details.issues) ? (error.details.issues as { field: string; message: string }[]) : [];
    const retry = typeof error.details.retry_after_seconds === "number" ? ` (retry in ${error.details.retry_after_seconds} s)` : "";
    process.stderr.write(`knowhub: ${error.code}: ${issues.length > 1 ? error.message.split(":")[0] : error.message}${retry}\n`);
    if (issues.length > 1) for (const issue of issues) process.stderr.write(`  ${issue.field}: ${issue.message}\n`);
  }
  return exitCodeOf(error.code);
}
