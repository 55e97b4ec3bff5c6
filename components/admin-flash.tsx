// The outcome of the last action, from a fixed list of messages (app/admin/_lib/flash.ts); a
// status role so a screen reader announces it after the redirect. After a decision it names the
// decided item with a link back to it (the page shown is the next item, or the emptied queue).
import Link from "next/link";
import { adminItemHref } from "./admin-paths";
import { Notice, linkClass } from "./ui";

const TYPE_NAMES: Record<string, string> = { experience: "experience", content_revision: "content revision", flag: "flag" };

type Props = {
  message: string | null;
  decided?: { type: string; id: string | number } | null;
  /** Nothing is left pending in the queue the decision was made from. */
  empty?: boolean;
  /** The page shows the next pending item, not the decided one. */
  next?: boolean;
};

export function AdminFlash({ message, decided, empty = false, next = false }: Props) {
  if (!message) return null;
  return (
    <div role="status">
      <Notice>
        {message}
        {decided ? (
          <>
            {" "}
            That was{" "}
            <Link href={adminItemHref(decided)} prefetch={false} className={linkClass}>
              {TYPE_NAMES[decided.type] ?? decided.type} {String(decided.id)}
            </Link>
            {empty ? ". Nothing else is pending in this queue: the queue is empty." : next ? "; this is the next pending item." : "."}
          </>
        ) : null}
      </Notice>
    </div>
  );
}
