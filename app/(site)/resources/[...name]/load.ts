// The resource page's read: its filters and task from the query string, the task's matching reports
// (lib/search) and the resource with those listed apart (lib/resources), once per request.
import { notFound } from "next/navigation";
import { cache } from "react";
import type { ResourceFilterValues } from "@/components/resource-filters";
import { DomainError, isDomainError } from "@/lib/errors";
import type { ExperienceDto } from "@/lib/experiences/schema";
import { getResource } from "@/lib/resources/get-resource";
import { getResourceInput, RESOURCE_SORTS, type ResourceDto } from "@/lib/resources/schema";
import { matchResourceTask, type ResourceTaskMatch } from "@/lib/search/match-resource-task";
import { searchInput } from "@/lib/search/schema";
import { joinSegments } from "../../params";

export type Props = {
  params: Promise<{ name: string[] }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const PAGE_SIZE = "20";
const FILTERS = ["outcome", "min_score", "verified", "version", "since", "until"] as const;

export function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export type Loaded = {
  resource: ResourceDto & { lead?: ExperienceDto[] };
  badCursor: boolean;
  /** A filter the page could not read (named in a notice); the others still apply. */
  badFilters: string[];
  task: { q: string; match: ResourceTaskMatch } | null;
  values: ResourceFilterValues;
};

// cache(): generateMetadata and the page share one read per request. `raw`: the query string, as
// the key of that cache.
const load = cache(async (name: string, raw: string): Promise<Loaded> => {
  const params = new URLSearchParams(raw);
  const sort = (RESOURCE_SORTS as readonly string[]).includes(params.get("sort") ?? "") ? params.get("sort")! : "newest";
  // A filter value the schema refuses (a hand-edited link) is dropped and named, not a failure.
  const filters: Record<string, string> = {};
  const badFilters: string[] = [];
  for (const f of FILTERS) {
    const value = params.get(f);
    if (value === null || value === "") continue;
    if (getResourceInput.safeParse({ name, [f]: value }).success) filters[f] = value;
    else badFilters.push(f);
  }
  const parsedQ = searchInput.shape.q.safeParse(params.get("q") ?? "");
  const q = parsedQ.success ? parsedQ.data : "";
  let match = q ? await matchResourceTask(name, q) : null;
  const cursor = params.get("cursor") ?? "";
  const read = (c: string | undefined) => {
    const input = getResourceInput.safeParse({ name, sort, cursor: c, limit: PAGE_SIZE, ...filters });
    // An empty or over-long name cannot name a resource: that is a 404, not a crash.
    if (!input.success) {
      if (c) throw new DomainError("invalid_input", "cursor is not one this server issued");
      notFound();
    }
    return getResource(input.data, match ? { lead: match.ids } : {});
  };
  // A renamed or merged name reads its new resource: the task is matched against that one's reports.
  const readMatching = async (c: string | undefined) => {
    const read1 = await read(c);
    if (!match || !read1.redirected_from) return read1;
    match = await matchResourceTask(read1.name, q);
    return read(c);
  };
  let resource: Loaded["resource"];
  let badCursor = false;
  try {
    resource = await readMatching(cursor || undefined);
  } catch (error) {
    if (isDomainError(error) && error.code === "not_found") notFound();
    // A stale or hand-edited cursor: show the first page and say so rather than failing.
    if (!(cursor && isDomainError(error) && error.code === "invalid_input")) throw error;
    resource = await readMatching(undefined);
    badCursor = true;
  }
  const f = resource.filters;
  return {
    resource,
    badCursor,
    badFilters,
    task: q && match ? { q, match } : null,
    values: { q, sort: resource.sort, outcome: f.outcome, min_score: f.min_score, verified: f.verified, version: f.version, since: f.since, until: f.until },
  };
});

export async function resolve(props: Props): Promise<Loaded> {
  const [{ name }, query] = await Promise.all([props.params, props.searchParams]);
  const raw = new URLSearchParams();
  for (const key of ["q", "sort", "cursor", ...FILTERS]) {
    const value = first(query[key]);
    if (value !== undefined) raw.set(key, value);
  }
  return load(joinSegments(name), raw.toString());
}

