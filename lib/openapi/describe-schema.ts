// Short, readable renderings of the document's JSON Schemas for the API reference page: a type
// such as "string | null", "Experience[]" or "integer 1..5", and an object's fields as rows.
type Schema = Record<string, any>;

export type FieldRow = { name: string; type: string; refs: string[]; required: boolean; description: string };

const REF_PREFIX = "#/components/schemas/";

/** The component names a schema refers to directly (for links). */
export function schemaRefs(schema: Schema | undefined): string[] {
  if (!schema || typeof schema !== "object") return [];
  if (typeof schema.$ref === "string") return [schema.$ref.slice(REF_PREFIX.length)];
  const nested = [schema.items, ...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  return [...new Set(nested.flatMap((s) => schemaRefs(s)))];
}

export function schemaType(schema: Schema | undefined): string {
  if (!schema || typeof schema !== "object" || Object.keys(schema).length === 0) return "any";
  if (typeof schema.$ref === "string") return schema.$ref.slice(REF_PREFIX.length);
  if ("const" in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map((v: unknown) => JSON.stringify(v)).join(" | ");
  const union = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(union)) return union.map((s: Schema) => schemaType(s)).join(" | ");
  if (Array.isArray(schema.allOf)) return schema.allOf.map((s: Schema) => schemaType(s)).filter((t: string) => t !== "object").join(" & ") || "object";
  const types: string[] = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  return types.map((type) => single(schema, type)).join(" | ") || "any";
}

function single(schema: Schema, type: string): string {
  if (type === "array") return `${wrap(schemaType(schema.items))}[]`;
  if (type === "object" && schema.additionalProperties && typeof schema.additionalProperties === "object" && !schema.properties) {
    return `map of ${schemaType(schema.additionalProperties)}`;
  }
  if (type === "integer" || type === "number") {
    const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : undefined);
    const max = schema.maximum;
    // zod bounds every integer by the safe range: not worth showing.
    const shown = (n: unknown) => typeof n === "number" && Math.abs(n) < Number.MAX_SAFE_INTEGER;
    if (shown(min) || shown(max)) return `${type} ${shown(min) ? min : ""}..${shown(max) ? max : ""}`;
  }
  if (type === "string" && (schema.minLength !== undefined || schema.maxLength !== undefined)) {
    return `string (${schema.minLength ?? 0}..${schema.maxLength ?? ""} chars)`;
  }
  if (type === "string" && schema.pattern) return `string /${schema.pattern}/`;
  return type;
}

function wrap(type: string): string {
  return type.includes(" ") ? `(${type})` : type;
}

/** An object schema's fields, in the order the schema lists them. */
export function fieldRows(schema: Schema | undefined): FieldRow[] {
  const properties = (schema?.properties ?? {}) as Record<string, Schema>;
  const required = new Set<string>(schema?.required ?? []);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    type: schemaType(property),
    refs: schemaRefs(property),
    required: required.has(name),
    description: typeof property.description === "string" ? property.description : "",
  }));
}
