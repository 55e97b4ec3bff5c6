// What a logged-in maintainer can do from a public page, folded so the page reads as it does for
// everyone else: hide a report or a content revision, lock a node, or flag it for a closer look
// (open it in the console, where the full text, findings and every decision are). The forms post
// to the console's own actions with the session's CSRF token and come back to this page. Rendered
// only for a request that carries a valid console session: visitors see nothing of it.
import Link from "next/link";
import { AdminForm, Button, ReasonField } from "./admin-form";
import { adminContentHref, adminItemHref } from "./admin-paths";

export type MaintainerContext = { csrf: string; back: string };

const box = "mt-3 rounded-lg border border-dashed border-stone-400 p-3 text-sm dark:border-stone-600";
const summary = "cursor-pointer font-medium text-teal-800 underline underline-offset-2 dark:text-teal-300";
const link = "text-teal-800 underline underline-offset-2 dark:text-teal-300";

export function ReportMaintainerActions({ id, maintainer }: { id: number; maintainer: MaintainerContext }) {
  return (
    <details className={box} data-testid="maintainer-actions">
      <summary className={summary}>Maintainer actions for report #{id}</summary>
      <div className="mt-3 grid gap-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end">
        <AdminForm action="decide" csrf={maintainer.csrf} back={maintainer.back} label={`Hide report #${id}`} className="space-y-2">
          <input type="hidden" name="type" value="experience" />
          <input type="hidden" name="id" value={String(id)} />
          <input type="hidden" name="action" value="hide" />
          {/* Back to this page, not on to the queue's next item. */}
          <input type="hidden" name="then" value="back" />
          <ReasonField id={`hide-${id}-reason`} rows={1} />
          <Button tone="danger">Hide report #{id}</Button>
        </AdminForm>
        <p>
          <Link href={adminItemHref({ type: "experience", id })} prefetch={false} className={link}>
            Flag for review: open #{id} in the console
          </Link>
        </p>
      </div>
    </details>
  );
}

export function ContentMaintainerActions({
  id,
  revision,
  locked,
  maintainer,
  hideBack,
}: {
  id: string;
  revision: number;
  locked: boolean;
  maintainer: MaintainerContext;
  /** Where hiding goes back to: the console's page when no other published revision would be left to show. */
  hideBack: string;
}) {
  return (
    <details className={`${box} bg-white dark:bg-stone-900`} data-testid="maintainer-actions">
      <summary className={summary}>Maintainer actions for this page</summary>
      <div className="mt-3 grid gap-4 md:grid-cols-2">
        <AdminForm action="revision" csrf={maintainer.csrf} back={hideBack} label={`Hide revision ${revision}`} className="space-y-2">
          <input type="hidden" name="id" value={id} />
          <input type="hidden" name="revision" value={String(revision)} />
          <input type="hidden" name="action" value="hide" />
          <p>
            <strong>Hide revision {revision}</strong>: the public then sees the latest published revision before it, or no page if there is none.
          </p>
          <ReasonField id="hide-revision-reason" rows={1} />
          <Button tone="danger">Hide revision {revision}</Button>
        </AdminForm>
        <AdminForm action="lock" csrf={maintainer.csrf} back={maintainer.back} label={locked ? "Unlock this node" : "Lock this node"} className="space-y-2">
          <input type="hidden" name="id" value={id} />
          <input type="hidden" name="locked" value={locked ? "0" : "1"} />
          <p>
            <strong>{locked ? "Unlock" : "Lock"}</strong>:{" "}
            {locked ? "it is locked; unlocked, every writer may revise it again." : "only moderate keys may then revise it or add pages under it."}
          </p>
          <ReasonField id="lock-reason" rows={1} />
          <Button tone="quiet">{locked ? "Unlock" : "Lock"}</Button>
        </AdminForm>
      </div>
      <p className="mt-3">
        <Link href={adminContentHref(id)} prefetch={false} className={link}>
          Flag for review: open this node in the console
        </Link>{" "}
        (every revision, a diff between them, decisions).
      </p>
    </details>
  );
}
