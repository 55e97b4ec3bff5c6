// Pure helpers shared by the presentational components: links, dates and safe display of data.

/** Path of a resource page; the name is one URL segment even when it contains "/". */
export function resourceHref(name: string, query: Record<string, string | undefined> = {}): string {
  return `/resources/${encodeURIComponent(name)}${queryString(query)}`;
}

export function resourceJsonHref(name: string): string {
  return `/api/resource/${encodeURIComponent(name)}`;
}

export function contentHref(id: string, query: Record<string, string | undefined> = {}): string {
  return `/content/${id.split("/").map(encodeURIComponent).join("/")}${queryString(query)}`;
}

export function searchHref(query: { q?: string; category?: string; limit?: number }): string {
  return `/search${queryString({
    q: query.q || undefined,
    category: query.category || undefined,
    limit: query.limit ? String(query.limit) : undefined,
  })}`;
}

export function categoryAnchor(category: string): string {
  return `category-${encodeURIComponent(category || "none").replace(/%/g, "")}`;
}

/**
 * Path segment of the reports without a category ("" has no segment). A category is trimmed text,
 * so a lone "-" is the one name that could clash, and a report would have to choose it.
 */
export const UNCATEGORISED_SEGMENT = "-";

/** Path of a category's own page (all its resources, a page at a time). */
export function categoryHref(category: string, query: Record<string, string | undefined> = {}): string {
  return `/categories/${category ? encodeURIComponent(category) : UNCATEGORISED_SEGMENT}${queryString(query)}`;
}

export function categoryLabel(category: string): string {
  return category || "uncategorised";
}

export function queryString(query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== "") params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** The URL when it is absolute http(s), else null: submitted data never becomes a script link. */
export function safeHttpUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/** "2026-11-29 22:24 UTC": the same on server and every client, so nothing hydrates differently. */
export function formatDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.toISOString().slice(0, 10)} ${d.toISOString().slice(11, 16)} UTC`;
}

/** How long ago, in the largest whole unit: "5 min", "3 h", "2 d", "4 mo", "1 y" (a queue row's age). */
export function formatAge(iso: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - new Date(iso).getTime()) / 60_000));
  if (Number.isNaN(minutes)) return "";
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 48 * 60) return `${Math.floor(minutes / 60)} h`;
  const days = Math.floor(minutes / 1440);
  if (days < 60) return `${days} d`;
  return days < 730 ? `${Math.floor(days / 30)} mo` : `${Math.floor(days / 365)} y`;
}

export function formatCount(n: number, one: string, many: string): string {
  return `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
}

/**
 * A count of reports that says who is behind them: "6 reports · 1 reporter". A reporter (a key, or
 * a report sent without one) counts once in every average, so six reports from one key are one
 * voice, and the reader must see that. When every report has its own reporter (always so in open
 * mode) the second number would only repeat the first: "6 reports". The CLI and MCP text follow
 * the same rule (reportCount in lib/operations/render-text.ts).
 */
export function formatReports(reports: number, reporters: number): string {
  const counted = formatCount(reports, "report", "reports");
  return reporters === reports ? counted : `${counted} · ${formatCount(reporters, "reporter", "reporters")}`;
}

const HAN = /\p{Script=Han}/u;

/** "zh" for text containing Chinese characters so the browser picks Simplified Chinese glyphs. */
export function langOf(text: string): string | undefined {
  return HAN.test(text) ? "zh-Hans" : undefined;
}

export function shorten(text: string, max: number): { short: string; cut: boolean } {
  const chars = [...text];
  if (chars.length <= max) return { short: text, cut: false };
  return { short: `${chars.slice(0, max).join("").trimEnd()}…`, cut: true };
}

