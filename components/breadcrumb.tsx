import Link from "next/link";
import { langOf } from "./format";

export type Crumb = { href?: string; label: string };

/**
 * Where the page sits; the last crumb is the page itself and is not a link. A crumb before it
 * without href is a level with no page of its own (shown, not linked).
 */
export function Breadcrumb({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-stone-600 dark:text-stone-400">
      <ol className="flex flex-wrap items-center gap-x-1.5 gap-y-1">
        {items.map((item, i) => (
          <li key={`${i}-${item.label}`} className="flex min-w-0 items-baseline gap-1.5">
            {i > 0 ? <span aria-hidden="true">/</span> : null}
            {item.href ? (
              <Link href={item.href} prefetch={false} lang={langOf(item.label)} className="wrap-anywhere underline-offset-2 hover:underline">
                {item.label}
              </Link>
            ) : i === items.length - 1 ? (
              <span aria-current="page" lang={langOf(item.label)} className="wrap-anywhere text-stone-900 dark:text-stone-100">
                {item.label}
              </span>
            ) : (
              <span lang={langOf(item.label)} className="wrap-anywhere">
                {item.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
