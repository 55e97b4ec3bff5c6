// Turns zod failures into one invalid_input error whose message names the fields.
import { z } from "zod";
import { DomainError } from "./errors";

export type FieldIssue = { field: string; message: string };

export function describeIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => {
    if (issue.code === "unrecognized_keys") {
      return { field: issue.keys.join(", "), message: `unknown field${issue.keys.length > 1 ? "s" : ""}: ${issue.keys.join(", ")}` };
    }
    const field = issue.path.map(String).join(".") || "(body)";
    return { field, message: issue.message };
  });
}

export function parseInput<S extends z.ZodType>(schema: S, value: unknown, what = "request"): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = describeIssues(result.error);
  const summary = issues.map((i) => `${i.field}: ${i.message}`).join("; ");
  throw new DomainError("invalid_input", `Invalid ${what}: ${summary}`, { issues });
}

/** A whole-number query parameter within [min, max], `fallback` when absent or empty. */
export function intParam(field: string, min: number, max: number, fallback: number) {
  return z
    .string()
    .optional()
    .transform((s, ctx) => {
      if (s === undefined || s === "") return fallback;
      const n = Number(s);
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: "custom", message: `${field} must be a whole number from ${min} to ${max}` });
        return z.NEVER;
      }
      return n;
    });
}
