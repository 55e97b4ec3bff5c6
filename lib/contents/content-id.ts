// Content ids are paths: `pymupdf` or `pymupdf/find-tables`. Kept strict so an id is always safe in
// a URL path, a file name and a log line.
import { nameTextProblem } from "../text/hygiene";

export const MAX_CONTENT_ID_SEGMENTS = 8;
export const MAX_CONTENT_ID_LENGTH = 400;
const SEGMENT = /^[\p{L}\p{N}_\-.]+$/u;

/** Why `id` is not a valid content id, or null when it is. */
export function contentIdProblem(id: string): string | null {
  if (id.length === 0) return "must not be empty";
  // Said first and by name: the segment rule below would refuse these too, but less clearly.
  const hidden = nameTextProblem(id);
  if (hidden) return hidden;
  if (id.length > MAX_CONTENT_ID_LENGTH) return `must be at most ${MAX_CONTENT_ID_LENGTH} characters`;
  const segments = id.split("/");
  if (segments.length > MAX_CONTENT_ID_SEGMENTS) return `must have at most ${MAX_CONTENT_ID_SEGMENTS} segments`;
  for (const segment of segments) {
    if (segment === "") return "must not contain an empty segment (leading, trailing or double '/')";
    if (segment.startsWith(".")) return `segment "${segment}" must not start with '.'`;
    if (!SEGMENT.test(segment)) {
      return `segment "${segment}" may contain only letters, digits, '-', '_' and '.'`;
    }
  }
  return null;
}

export function rootOf(id: string): string {
  return id.split("/")[0];
}

export function parentOf(id: string): string {
  const at = id.lastIndexOf("/");
  return at < 0 ? "" : id.slice(0, at);
}
