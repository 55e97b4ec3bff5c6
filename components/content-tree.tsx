// The side tree of a content root: nested lists of links, the current node marked with aria-current.
import Link from "next/link";
import { contentHref, langOf } from "./format";

export type TreeNodeView = { id: string; title: string; children: TreeNodeView[] };

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
  return (
    <li>
      <Link
        href={contentHref(node.id)}
        prefetch={false}
        aria-current={current ? "page" : undefined}
        lang={langOf(title)}
        className={`block rounded-md px-2 py-1 wrap-anywhere ${
          current
            ? "bg-teal-50 font-semibold text-teal-900 ring-1 ring-teal-700/30 dark:bg-teal-950 dark:text-teal-100 dark:ring-teal-300/30"
            : "text-stone-700 hover:bg-stone-100 dark:text-stone-300 dark:hover:bg-stone-800"
        } ${depth === 0 ? "font-semibold" : ""}`}
      >
        {title}
      </Link>
      {node.children.length > 0 ? (
        <ul className="ml-3 border-l border-stone-200 pl-2 dark:border-stone-800">
          {node.children.map((child) => (
            <TreeItem key={child.id} node={child} currentId={currentId} depth={depth + 1} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}
