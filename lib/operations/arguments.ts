// The arguments of each operation as typed JSON (MCP tool calls, the CLI's flags). Writes take the
// REST body as it is: the domain's own schemas. Reads have query strings over REST, so their typed
// form is declared here and turned into that query string (operationQuery), which the domain's
// query schema then parses exactly as for a REST request: one set of rules, whichever door.
import { z } from "zod";
import { submitContentInput } from "../contents/schema";
import { createExperienceInput } from "../experiences/schema";
import { RESOURCE_OUTCOMES, RESOURCE_SORTS } from "../resources/schema";
import { parseInput } from "../validation";
import { confirmInput, flagInput } from "../verdicts/schema";
import type { OperationName } from "./operations";

const text = (field: string) => z.string({ error: (i) => (i.input === undefined ? `${field} is required` : `${field} must be a string`) });
const whole = (field: string, min: number, max: number) =>
  z
    .number({ error: `${field} must be a number` })
    .int({ error: `${field} must be a whole number from ${min} to ${max}` })
    .min(min, { error: `${field} must be a whole number from ${min} to ${max}` })
    .max(max, { error: `${field} must be a whole number from ${min} to ${max}` });

export const searchArguments = z.strictObject({
  q: text("q"),
  category: text("category").optional(),
  limit: whole("limit", 1, 50).optional(),
  explain: z.boolean({ error: "explain must be true or false" }).optional(),
});

export const resourceArguments = z.strictObject({
  name: text("name"),
  limit: whole("limit", 1, 100).optional(),
  cursor: text("cursor").optional(),
  sort: z.enum(RESOURCE_SORTS, { error: `sort must be one of ${RESOURCE_SORTS.join(", ")}` }).optional(),
  outcome: z.enum(RESOURCE_OUTCOMES, { error: `outcome must be one of ${RESOURCE_OUTCOMES.join(", ")}` }).optional(),
  min_score: whole("min_score", 1, 5).optional(),
  verified: z.boolean({ error: "verified must be true or false" }).optional(),
  version: text("version").optional(),
  since: text("since").optional(),
  until: text("until").optional(),
  q: text("q").optional(),
});

export const contentArguments = z.strictObject({
  id: text("id"),
  revision: whole("revision", 1, Number.MAX_SAFE_INTEGER).optional(),
  history: z.boolean({ error: "history must be true or false" }).optional(),
});

export const categoriesArguments = z.strictObject({});

// A verdict's arguments: the experience's id (the REST path's {id}) and the REST body's fields.
const experienceId = whole("id", 1, Number.MAX_SAFE_INTEGER);
export const confirmArguments = z.strictObject({ id: experienceId, ...confirmInput.shape });
export const flagArguments = z.strictObject({ id: experienceId, ...flagInput.shape });

export type SearchArguments = z.output<typeof searchArguments>;
export type ResourceArguments = z.output<typeof resourceArguments>;
export type ContentArguments = z.output<typeof contentArguments>;

/** Each operation's argument schema: what an MCP tool lists and checks, and what the CLI builds. */
export const ARGUMENT_SCHEMAS: Record<OperationName, z.ZodObject> = {
  search: searchArguments,
  resource: resourceArguments,
  content: contentArguments,
  categories: categoriesArguments,
  submit_experience: createExperienceInput,
  submit_content: submitContentInput,
  confirm_experience: confirmArguments,
  flag_experience: flagArguments,
};

const verdictTarget = z.looseObject({ id: experienceId });

/** A verdict's experience id and REST body (its other arguments, unchecked: the hub checks them as the route does). */
export function verdictCall(args: unknown, what: string): { id: number; body: Record<string, unknown> } {
  const { id, ...body } = parseInput(verdictTarget, args, what);
  return { id, body };
}

/** The REST query parameters of a read (path parameters excluded), as strings. */
export function operationQuery(args: Record<string, unknown>, pathParameter: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(args)) {
    if (key === pathParameter || value === undefined) continue;
    out[key] = typeof value === "boolean" ? (value ? "1" : "0") : String(value);
  }
  return out;
}
