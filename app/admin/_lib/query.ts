// Page query parameters: a repeated parameter keeps its first value, an absent one is undefined.
export type SearchParams = Record<string, string | string[] | undefined>;

export function one(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** The named parameters that are present and not empty, as strings (for a zod schema). */
export function pick(query: SearchParams, names: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names) {
    const value = one(query[name]);
    if (value !== undefined && value !== "") out[name] = value;
  }
  return out;
}
