// The side tree of a content root: nested lists of links, open only along the reader's path (the
// server folds it: lib/contents/get-content-tree.ts), the current page marked with aria-current. A
// folded branch shows how many pages it holds; plain links, so it works without JavaScript.
import Link from "next/link";
import { contentHref, langOf } from "./format";

export type TreeNodeView = { id: string; title: string; children: TreeNodeView[]; folded?: number };

export function ContentTree({ root, currentId, label = "Contents" }: { root: TreeNodeView; currentId?: string; label?: string }) {
  return (
    <nav aria-label={label} className="text-sm">
      <ul>
        <TreeItem node={root} currentId={currentId} depth={0} />
      </ul>
    </nav>
  );
}

function TreeItem({ node, currentId, depth }: { node: TreeNodeView; currentId?: string; depth: number }) {
  const current = node.id === currentId;
  const title = node.title || node.id;
  const folded = node.folded ?? 0;
  const closed = node.children.length === 0 && folded > 0;
  return (
    <li>
      <div className="flex items-baseline gap-1">
        <Link
          href={contentHref(node.id)}
          prefetch={false}
          aria-current={current ? "page" : undefined}
          lang={langOf(title)}
          className={`block min-w-0 flex-1 rounded-md px-2 py-1 wrap-anywhere ${
            current
              ? "bg-teal-50 font-semibold text-teal-900 ring-1 ring-teal-700/30 dark:bg-teal-950 dark:text-teal-100 dark:ring-teal-300/30"
              : "text-stone-700 hover:bg-stone-100 dark:text-stone-300 dark:hover:bg-stone-800"
          } ${depth === 0 ? "font-semibold" : ""}`}
        >
          {title}
        </Link>
        {closed ? (
          // The pages under a folded branch: opening it is following its link.
          <span className="shrink-0 pr-1 text-xs tabular-nums text-stone-600 dark:text-stone-400">
            <span aria-hidden="true">+{folded}</span>
            <span className="sr-only">({folded === 1 ? "1 page" : `${folded} pages`} inside)</span>
          </span>
        ) : null}
      </div>
      {node.children.length > 0 ? (
        <ul className="ml-3 border-l border-stone-200 pl-2 dark:border-stone-800">
          {node.children.map((child) => (
            <TreeItem key={child.id} node={child} currentId={currentId} depth={depth + 1} />
          ))}
          {folded > 0 ? (
            <li>
              <Link href={contentHref(node.id)} prefetch={false} className="block px-2 py-1 text-xs text-teal-800 underline dark:text-teal-300">
                {folded} more in {title}
              </Link>
            </li>
          ) : null}
        </ul>
      ) : null}
    </li>
  );
}
