// Category filters for a search: each chip is a link that keeps the query, the current one is
// marked (aria-current) and "All categories" is the one-click reset.
import Link from "next/link";
import { categoryLabel, searchHref } from "./format";

type Props = { q: string; current: string; categories: { category: string; experience_count: number }[] };

const CHIP = "inline-flex items-center gap-1 rounded-full border px-3 py-1 text-sm";
const IDLE = "border-stone-300 bg-white text-stone-800 hover:border-teal-700 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-200";
const ACTIVE = "border-teal-800 bg-teal-800 text-white dark:border-teal-300 dark:bg-teal-300 dark:text-stone-950";

export function CategoryChips({ q, current, categories }: Props) {
  const named = categories.filter((c) => c.category !== "");
  if (named.length === 0) return null;
  return (
    <nav aria-label="Filter by category">
      <ul className="flex flex-wrap gap-2">
        <li>
          <Link href={searchHref({ q })} aria-current={current === "" ? "true" : undefined} className={`${CHIP} ${current === "" ? ACTIVE : IDLE}`}>
            All categories
          </Link>
        </li>
        {named.map((c) => {
          const active = c.category === current;
          return (
            <li key={c.category}>
              <Link
                href={searchHref({ q, category: c.category })}
                aria-current={active ? "true" : undefined}
                className={`${CHIP} ${active ? ACTIVE : IDLE}`}
              >
                {categoryLabel(c.category)}
                <span className="text-xs opacity-80">{c.experience_count}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
