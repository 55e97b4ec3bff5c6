// The filters and the search within a resource's reports: a plain GET form, so it works without
// JavaScript and every filtered view is a link. Empty fields filter nothing.
import Link from "next/link";
import { inputClass, labelClass } from "./admin-form";
import { resourceHref } from "./format";

export type ResourceFilterValues = {
  q: string;
  sort: string;
  outcome: string | null;
  min_score: number;
  verified: boolean;
  version: string | null;
  since: string | null;
  until: string | null;
};

const OUTCOMES = [
  ["", "Any outcome"],
  ["worked", "Worked (4-5)"],
  ["mixed", "Mixed (3)"],
  ["failed", "Failed (1-2)"],
] as const;

/** The page's own link with these values (empty ones left out), for sort links and paging. */
export function filteredResourceHref(name: string, v: ResourceFilterValues, extra: Record<string, string | undefined> = {}): string {
  return resourceHref(name, {
    q: v.q || undefined,
    sort: v.sort === "newest" ? undefined : v.sort,
    outcome: v.outcome ?? undefined,
    min_score: v.min_score > 1 ? String(v.min_score) : undefined,
    verified: v.verified ? "1" : undefined,
    version: v.version ?? undefined,
    since: v.since ?? undefined,
    until: v.until ?? undefined,
    ...extra,
  });
}

export function isFiltered(v: ResourceFilterValues): boolean {
  return Boolean(v.outcome || v.min_score > 1 || v.verified || v.version || v.since || v.until);
}

export function ResourceFilters({ name, values: v }: { name: string; values: ResourceFilterValues }) {
  const field = "flex min-w-0 flex-col";
  return (
    <form method="get" action={resourceHref(name)} aria-label="Filter and search these reports" className="space-y-3 rounded-xl border border-stone-200 bg-white p-3 sm:p-4 dark:border-stone-800 dark:bg-stone-900">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className={`${field} grow`}>
          <label htmlFor="rf-q" className={labelClass}>
            Search its reports for a task
          </label>
          <input id="rf-q" name="q" type="search" maxLength={500} defaultValue={v.q} placeholder="e.g. extract tables from scanned pdf" className={inputClass} />
        </div>
        <button type="submit" className="rounded-lg bg-teal-800 px-4 py-2 font-medium text-white hover:bg-teal-900 dark:bg-teal-300 dark:text-stone-950 dark:hover:bg-teal-200">
          Apply
        </button>
      </div>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
        <div className={field}>
          <label htmlFor="rf-outcome" className={labelClass}>Outcome</label>
          <select id="rf-outcome" name="outcome" defaultValue={v.outcome ?? ""} className={inputClass}>
            {OUTCOMES.map(([value, label]) => (
              <option key={value} value={value}>{label}</option>
            ))}
          </select>
        </div>
        <div className={field}>
          <label htmlFor="rf-score" className={labelClass}>Score at least</label>
          <select id="rf-score" name="min_score" defaultValue={String(v.min_score)} className={inputClass}>
            {[1, 2, 3, 4, 5].map((n) => (
              <option key={n} value={String(n)}>{n === 1 ? "Any" : `${n} ★`}</option>
            ))}
          </select>
        </div>
        <div className={field}>
          <label htmlFor="rf-version" className={labelClass}>Version</label>
          <input id="rf-version" name="version" maxLength={100} defaultValue={v.version ?? ""} placeholder="any" className={inputClass} />
        </div>
        <div className={field}>
          <label htmlFor="rf-since" className={labelClass}>From</label>
          <input id="rf-since" name="since" type="date" defaultValue={v.since ?? ""} className={inputClass} />
        </div>
        <div className={field}>
          <label htmlFor="rf-until" className={labelClass}>To</label>
          <input id="rf-until" name="until" type="date" defaultValue={v.until ?? ""} className={inputClass} />
        </div>
        <div className={field}>
          <label htmlFor="rf-sort" className={labelClass}>Sort</label>
          <select id="rf-sort" name="sort" defaultValue={v.sort} className={inputClass}>
            <option value="newest">Newest</option>
            <option value="best">Best first</option>
            <option value="worst">Worst first</option>
          </select>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <label className="inline-flex items-center gap-2">
          <input type="checkbox" name="verified" value="1" defaultChecked={v.verified} className="size-4" />
          Verified only (written with an API key)
        </label>
        {isFiltered(v) || v.q ? (
          <Link href={resourceHref(name)} prefetch={false} className="text-teal-800 underline dark:text-teal-300">
            Clear all
          </Link>
        ) : null}
      </div>
    </form>
  );
}
