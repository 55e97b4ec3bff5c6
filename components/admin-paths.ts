// Console URLs. Names and ids are submitted data: every segment is encoded.
import { queryString } from "./format";

export function adminResourceHref(name: string, query: Record<string, string | undefined> = {}): string {
  return `/admin/resources/${encodeURIComponent(name)}${queryString(query)}`;
}

export function adminContentHref(id: string, query: Record<string, string | undefined> = {}): string {
  return `/admin/content/${id.split("/").map(encodeURIComponent).join("/")}${queryString(query)}`;
}

/** An item's page; a content revision's id ("pymupdf/find-tables@3") is one encoded segment. */
export function adminItemHref(item: { type: string; id: string | number }, query: Record<string, string | undefined> = {}): string {
  return `/admin/items/${encodeURIComponent(item.type)}/${encodeURIComponent(String(item.id))}${queryString(query)}`;
}

export function adminQueueHref(query: Record<string, string | undefined> = {}): string {
  return `/admin${queryString(query)}`;
}
