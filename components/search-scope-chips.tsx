// Category filters for a search, counting this query's matching resources (not the site's), so a
// chip never leads to an empty page: categories without a match have no chip, except the current
// scope, which stays visible (with 0) so the reader sees what hides the matches and can leave it.
// A scoped view counts only its scope (one search per view): "All categories" then has no number.
import Link from "next/link";
import { categoryLabel, formatCount, searchHref } from "./format";

export type CategoryCountsView = {
  confidence: "high" | "low" | "none";
  /** null: not counted (a scoped view). */
  total: number | null;
  capped: boolean;
  categories: { category: string; count: number }[];
  weakLeads: number;
};

type Props = { q: string; current: string; counts: CategoryCountsView };

const CHIP = "inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm";
const IDLE = "border-stone-300 bg-white text-stone-800 hover:border-teal-700 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-200";
const ACTIVE = "border-teal-800 bg-teal-800 text-white dark:border-teal-300 dark:bg-teal-300 dark:text-stone-950";

export function SearchScopeChips({ q, current, counts }: Props) {
  const chips = [...counts.categories];
  if (current && !chips.some((c) => c.category === current)) chips.push({ category: current, count: 0 });
  return (
    <nav aria-label="Filter by category">
      <ul className="flex flex-wrap gap-1.5">
        <Chip href={searchHref({ q })} active={current === ""} label="All categories" count={counts.total} capped={counts.capped} />
        {chips.map((c) => (
          <Chip
            key={c.category}
            href={searchHref({ q, category: c.category })}
            active={c.category === current}
            label={categoryLabel(c.category)}
            count={c.count}
            // Scoped, the scope's own count is the one that may have reached the limit.
            capped={counts.total === null && counts.capped}
          />
        ))}
        {counts.weakLeads > 0 ? (
          <li className="self-center text-xs text-stone-600 dark:text-stone-400">
            {counts.confidence === "low" ? "counting weak leads" : `including ${formatCount(counts.weakLeads, "weak lead", "weak leads")}`}
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

function Chip({ href, active, label, count, capped = false }: { href: string; active: boolean; label: string; count: number | null; capped?: boolean }) {
  return (
    <li>
      <Link href={href} prefetch={false} aria-current={active ? "true" : undefined} className={`${CHIP} ${active ? ACTIVE : IDLE}`}>
        {label}
        {count === null ? null : (
          <span className="text-xs tabular-nums opacity-90">
            <span aria-hidden="true">
              {count}
              {capped ? "+" : ""}
            </span>
            <span className="sr-only">
              ({capped ? "at least " : ""}
              {formatCount(count, "match", "matches")})
            </span>
          </span>
        )}
      </Link>
    </li>
  );
}
