// The resource page's read: its filters and task from the query string, the task's matching reports
// (lib/search) and the resource with those listed apart (lib/resources), once per request.
import { notFound } from "next/navigation";
import { cache } from "react";
import type { ResourceFilterValues } from "@/components/resource-filters";
import { DomainError, isDomainError } from "@/lib/errors";
import { getResourceInput, RESOURCE_SORTS } from "@/lib/resources/schema";
import { getResourceForTask } from "@/lib/search/get-resource-for-task";
import type { ResourceAnswerDto, ResourceTaskDto } from "@/lib/search/schema";
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
  resource: ResourceAnswerDto;
  badCursor: boolean;
  /** A filter the page could not read (named in a notice); the others still apply. */
  badFilters: string[];
  /** The task's part (present with q): what GET /api/resource/{name}?q= answers in `task`. */
  task: ResourceTaskDto | null;
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
  // A task the schema refuses (over-long) is dropped and named, as a filter is.
  let q = params.get("q") ?? "";
  if (q && !getResourceInput.safeParse({ name, q }).success) {
    q = "";
    badFilters.push("q");
  }
  const cursor = params.get("cursor") ?? "";
  // The API's own read (lib/search/get-resource-for-task.ts): the page shows what it answers.
  const read = (c: string | undefined) => {
    const input = getResourceInput.safeParse({ name, sort, cursor: c, limit: PAGE_SIZE, ...filters, q });
    // An empty or over-long name cannot name a resource: that is a 404, not a crash.
    if (!input.success) {
      if (c) throw new DomainError("invalid_input", "cursor is not one this server issued");
      notFound();
    }
    return getResourceForTask(input.data);
  };
  let resource: Loaded["resource"];
  let badCursor = false;
  try {
    resource = await read(cursor || undefined);
  } catch (error) {
    if (isDomainError(error) && error.code === "not_found") notFound();
    // A stale or hand-edited cursor: show the first page and say so rather than failing.
    if (!(cursor && isDomainError(error) && error.code === "invalid_input")) throw error;
    resource = await read(undefined);
    badCursor = true;
  }
  const f = resource.filters;
  return {
    resource,
    badCursor,
    badFilters,
    task: resource.task ?? null,
    values: { q: resource.task?.q ?? "", sort: resource.sort, outcome: f.outcome, min_score: f.min_score, verified: f.verified, version: f.version, since: f.since, until: f.until },
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

