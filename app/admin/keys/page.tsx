// API keys: who can write and moderate, when each was last used, and revocation, optionally
// taking down everything the key wrote (published items hidden, pending ones rejected).
import type { Metadata } from "next";
import Link from "next/link";
import { AdminFlash } from "@/components/admin-flash";
import { AdminForm, Button, ReasonField } from "@/components/admin-form";
import { adminQueueHref } from "@/components/admin-paths";
import { formatDate, langOf } from "@/components/format";
import { Card, PageTitle, linkClass } from "@/components/ui";
import { listKeys } from "@/lib/keys/list-keys";
import { listKeyFlagSummaries } from "@/lib/moderation/flag-records";
import { flashMessage } from "../_lib/flash";
import { one, type SearchParams } from "../_lib/query";
import { requireSession } from "../_lib/session";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Keys" };

type Props = { searchParams: Promise<SearchParams> };

export default async function KeysPage({ searchParams }: Props) {
  const session = await requireSession();
  const query = await searchParams;
  // Active keys first (what can still act), then the revoked ones, each newest first.
  const flagging = await listKeyFlagSummaries();
  const keys = (await listKeys()).sort((a, b) => Number(a.revoked_at !== null) - Number(b.revoked_at !== null) || b.created_at.localeCompare(a.created_at));
  return (
    <div className="space-y-6">
      <PageTitle lead={<>Keys are created from the shell (<code>npm run -s keys -- create</code>). A revoked key is refused at its next request, and a console session opened with it ends at once.</>}>
        Keys
      </PageTitle>
      <AdminFlash message={flashMessage(one(query.flash), one(query.n))} />
      {keys.length === 0 ? <p>No keys yet.</p> : null}
      <ul className="space-y-3">
        {keys.map((key) => (
          <li key={key.id} id={key.id}>
            <Card>
              <article aria-labelledby={`${key.id}-label`} className="space-y-3">
                <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                  <h2 id={`${key.id}-label`} className="text-lg font-semibold wrap-anywhere">
                    <bdi lang={langOf(key.label)}>{key.label}</bdi>
                  </h2>
                  <span className="font-mono text-sm text-stone-700 dark:text-stone-300">{key.id}</span>
                </div>
                <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-5">
                  <div>
                    <dt className="text-stone-600 dark:text-stone-400">Scope</dt>
                    <dd>
                      {key.scope}
                      {key.trusted ? " (trusted)" : ""}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-stone-600 dark:text-stone-400">Created</dt>
                    <dd>{formatDate(key.created_at)}</dd>
                  </div>
                  <div>
                    <dt className="text-stone-600 dark:text-stone-400">Last used</dt>
                    <dd>{key.last_used_at ? formatDate(key.last_used_at) : "never"}</dd>
                  </div>
                  <div>
                    <dt className="text-stone-600 dark:text-stone-400">Status</dt>
                    <dd>{key.revoked_at ? `revoked ${formatDate(key.revoked_at)}` : "active"}</dd>
                  </div>
                  <div>
                    <dt className="text-stone-600 dark:text-stone-400">Flags upheld</dt>
                    <dd>{flagShare(flagging.get(key.id))}</dd>
                  </div>
                </dl>
                <p className="text-sm">
                  <Link href={adminQueueHref({ key_id: key.id, status: "all" })} className={linkClass}>
                    Everything this key wrote
                  </Link>
                </p>
                {key.revoked_at ? null : (
                  <details className="rounded-lg border border-stone-300 p-3 dark:border-stone-700">
                    <summary className="cursor-pointer font-medium">Revoke this key</summary>
                    <AdminForm action="revoke-key" csrf={session.csrf_token} back="/admin/keys" label={`Revoke key ${key.id}`} className="mt-3 space-y-3">
                      <input type="hidden" name="key_id" value={key.id} />
                      <label className="flex items-start gap-2">
                        <input type="checkbox" name="hide_all" value="on" className="mt-1 size-4 accent-teal-800" />
                        <span>Also hide everything it wrote (published items are hidden, pending ones rejected)</span>
                      </label>
                      <ReasonField id={`${key.id}-reason`} />
                      <Button tone="danger">Revoke</Button>
                    </AdminForm>
                  </details>
                )}
              </article>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Its unsafe and spam flags a maintainer decided: the upheld share, and the weight its flags carry. */
function flagShare(summary: { flags: number; upheld: number; decided: number; upheldShare: number | null; reliability: number } | undefined): string {
  if (!summary) return "no flags";
  if (summary.upheldShare === null) return `${summary.flags} flag${summary.flags === 1 ? "" : "s"}, none decided`;
  return `${Math.round(summary.upheldShare * 100)}% (${summary.upheld} of ${summary.decided} decided; weight ${summary.reliability.toFixed(2)})`;
}
