// A LIKE pattern for "contains this text", with LIKE's own characters escaped: the queries that
// use it say ESCAPE '\' (the same on SQLite and PostgreSQL).
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
