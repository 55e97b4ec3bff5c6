// What search learned from use (lib/learning): each link from a phrasing to a resource, the distinct
// keys behind it and every judged write behind its resource (why each counts or not). Removing one
// takes a reason, is audit-logged, and is final.
import type { Metadata } from "next";
import { AdminFlash } from "@/components/admin-flash";
import { AdminForm, Button, ReasonField } from "@/components/admin-form";
import { formatDate, langOf } from "@/components/format";
import { Card, PageTitle } from "@/components/ui";
import { listLearnedLinks } from "@/lib/learning/list-links";
import { flashMessage } from "../_lib/flash";
import { one, type SearchParams } from "../_lib/query";
import { requireSession } from "../_lib/session";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Learned" };

type Props = { searchParams: Promise<SearchParams> };

export default async function LearnedPage({ searchParams }: Props) {
  const session = await requireSession();
  const query = await searchParams;
  const { links, min_keys } = await listLearnedLinks({ status: "all", limit: 200 });
  return (
    <div className="space-y-6">
      <PageTitle
        lead={
          <>
            When {min_keys} distinct keys searched a phrasing, got no confident answer, and then reported the same resource citing that search,
            search answers that phrasing (and close ones) with it. Writes without a key never count; one key counts once.
          </>
        }
      >
        Learned
      </PageTitle>
      <AdminFlash message={flashMessage(one(query.flash), one(query.n))} />
      {links.length === 0 ? <p>Nothing learned yet.</p> : null}
      <ul className="space-y-3">
        {links.map((link) => (
          <li key={link.id} id={`link-${link.id}`}>
            <Card>
              <article aria-labelledby={`link-${link.id}-phrase`} className="space-y-3">
                <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                  <h2 id={`link-${link.id}-phrase`} className="text-lg font-semibold wrap-anywhere">
                    “<bdi lang={langOf(link.phrase)}>{link.phrase}</bdi>” → <bdi>{link.resource_key}</bdi>
                  </h2>
                  <span className="text-sm">{link.status}</span>
                </div>
                <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
                  <div>
                    <dt className="text-stone-600 dark:text-stone-400">Keys</dt>
                    <dd>{link.keys}</dd>
                  </div>
                  <div>
                    <dt className="text-stone-600 dark:text-stone-400">Evidence</dt>
                    <dd>{link.evidence_count}</dd>
                  </div>
                  <div>
                    <dt className="text-stone-600 dark:text-stone-400">Created</dt>
                    <dd>{formatDate(link.created_at)}</dd>
                  </div>
                  <div>
                    <dt className="text-stone-600 dark:text-stone-400">Reports</dt>
                    <dd>{link.experience_ids.join(", ")}</dd>
                  </div>
                </dl>
                {link.removed ? (
                  <p className="text-sm">
                    Removed {formatDate(link.removed.at)} by <bdi>{link.removed.by}</bdi>: <bdi>{link.removed.reason}</bdi>
                  </p>
                ) : null}
                <details className="text-sm">
                  <summary className="cursor-pointer">Judged writes for this resource ({link.evidence.length})</summary>
                  <ul className="mt-2 space-y-1">
                    {link.evidence.map((e) => (
                      <li key={`${e.source}-${e.experience_id}`}>
                        #{e.experience_id} by {e.key_id || "no key"}: “<bdi lang={langOf(e.query)}>{e.query}</bdi>” ({e.search_confidence || "?"}) —{" "}
                        {e.counts ? "counts" : "does not count"}: {e.reason}
                      </li>
                    ))}
                  </ul>
                </details>
                {link.status === "removed" ? null : (
                  <details className="rounded-lg border border-stone-300 p-3 dark:border-stone-700">
                    <summary className="cursor-pointer font-medium">Remove this link</summary>
                    <AdminForm action="remove-learned" csrf={session.csrf_token} back="/admin/learned" label={`Remove learned link ${link.id}`} className="mt-3 space-y-3">
                      <input type="hidden" name="link_id" value={link.id} />
                      <ReasonField id={`link-${link.id}-reason`} />
                      <Button tone="danger">Remove</Button>
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
