// The CLI runs in the project folder (lib reads its migrations, word lists and guide from there),
// wherever it was started: paths a person types are taken from where they typed them.
import { isAbsolute, resolve } from "node:path";
import { DEFAULT_DATABASE_URL } from "../db-migrate";

/** A file: URL with a relative path made absolute against `from`; the default database when unset. */
export function absoluteDatabaseUrl(url: string | undefined, from: string, projectRoot: string): string {
  if (!url) return absoluteDatabaseUrl(DEFAULT_DATABASE_URL, projectRoot, projectRoot);
  if (!url.startsWith("file:")) return url; // refused later, with the message databasePath gives
  const [path, query] = url.slice("file:".length).split(/\?(.*)/s, 2);
  return `file:${isAbsolute(path) ? path : resolve(from, path)}${query ? `?${query}` : ""}`;
}
