// "On this page": links to the body's headings (ids from components/markdown-headings.ts, the same
// pipeline the body renders with). Shown only when there are two headings or more.
import type { MarkdownHeading } from "./markdown-headings";

// Whole class names (Tailwind finds them in the source); a style attribute would need the CSP to allow inline styles.
const INDENT = ["", "pl-3", "pl-6"];

/** titleId: show the "On this page" heading (wide screens); without it the nav is only labelled (a <summary> says it on phones). */
export function ContentOutline({ headings, titleId }: { headings: MarkdownHeading[]; titleId?: string }) {
  const top = Math.min(...headings.map((h) => h.level));
  return (
    <nav aria-labelledby={titleId} aria-label={titleId ? undefined : "On this page"} className="text-sm">
      {titleId ? (
        <h2 id={titleId} className="mb-1 px-2 text-xs font-semibold tracking-wide text-stone-600 uppercase dark:text-stone-400">
          On this page
        </h2>
      ) : null}
      <ul>
        {headings.map((h) => (
          <li key={h.id} className={INDENT[h.level - top]}>
            <a href={`#${h.id}`} className="block rounded-md px-2 py-1 text-stone-700 wrap-anywhere hover:bg-stone-100 dark:text-stone-300 dark:hover:bg-stone-800">
              {h.text}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
