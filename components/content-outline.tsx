// "On this page": links to the body's headings (ids from components/markdown-headings.ts, the same
// pipeline the body renders with). Shown only when there are two headings or more.
import type { MarkdownHeading } from "./markdown-headings";

export function ContentOutline({ headings, id }: { headings: MarkdownHeading[]; id: string }) {
  const top = Math.min(...headings.map((h) => h.level));
  return (
    <nav aria-labelledby={id} className="text-sm">
      <h2 id={id} className="mb-1 px-2 text-xs font-semibold tracking-wide text-stone-600 uppercase dark:text-stone-400">
        On this page
      </h2>
      <ul>
        {headings.map((h) => (
          <li key={h.id} style={{ paddingLeft: `${(h.level - top) * 0.75}rem` }}>
            <a href={`#${h.id}`} className="block rounded-md px-2 py-1 text-stone-700 wrap-anywhere hover:bg-stone-100 dark:text-stone-300 dark:hover:bg-stone-800">
              {h.text}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
