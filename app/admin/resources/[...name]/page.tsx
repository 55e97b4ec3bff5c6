// One resource as maintainers govern it: what it shows and why (pins, and the url and category
// candidates with their reporter counts), renaming it, merging a lookalike into it, and its
// experiences of every status.
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { AdminFlash } from "@/components/admin-flash";
import { AdminForm, Button, ReasonField, inputClass, labelClass } from "@/components/admin-form";
import { adminItemHref, adminQueueHref, adminResourceHref } from "@/components/admin-paths";
import { StatusBadge } from "@/components/admin-status";
import { categoryLabel, formatDate, langOf, resourceHref, safeHttpUrl, shorten } from "@/components/format";
import { Card, Notice, SectionTitle, linkClass } from "@/components/ui";
import { isDomainError } from "@/lib/errors";
import { getResourceAdmin } from "@/lib/resources/get-resource-admin";
import type { DisplayCandidateDto, ResourceAdminDto } from "@/lib/resources/schema";
import { joinSegments } from "../../../(site)/params";
import { flashMessage } from "../../_lib/flash";
import { one, type SearchParams } from "../../_lib/query";
import { requireSession } from "../../_lib/session";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ name: string[] }>; searchParams: Promise<SearchParams> };

const load = cache(async (name: string): Promise<ResourceAdminDto> => {
  try {
    return getResourceAdmin(name);
  } catch (error) {
    if (isDomainError(error) && (error.code === "not_found" || error.code === "invalid_input")) notFound();
    throw error;
  }
});

async function resolve(props: Props): Promise<ResourceAdminDto> {
  return load(joinSegments((await props.params).name));
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  await requireSession();
  return { title: `Resource ${(await resolve(props)).resource.name}` };
}

export default async function AdminResourcePage(props: Props) {
  const session = await requireSession();
  const data = await resolve(props);
  const query = await props.searchParams;
  const r = data.resource;
  const back = adminResourceHref(r.name);
  const url = safeHttpUrl(r.url);

  return (
    <div className="space-y-6">
      <nav aria-label="Breadcrumb" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <Link href="/admin/resources" prefetch={false} className={linkClass}>
          All resources
        </Link>
        <Link href={adminQueueHref({ resource: r.name, status: "all" })} className={linkClass}>
          Queue items for this resource
        </Link>
      </nav>
      <header className="space-y-2">
        <h1 lang={langOf(r.name)} dir="auto" className="text-2xl font-semibold tracking-tight wrap-anywhere sm:text-3xl">
          {r.name}
        </h1>
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-700 dark:text-stone-300">
          <span>
            key <span className="font-mono">{r.key}</span>
          </span>
          <span>
            {r.experience_count.toLocaleString("en-US")} published · {r.reporter_count.toLocaleString("en-US")} reporters · average {r.avg_score.toFixed(1)}
          </span>
          <a href={resourceHref(r.name)} className={linkClass}>
            Public page
          </a>
        </p>
      </header>
      <AdminFlash message={flashMessage(one(query.flash), one(query.n))} />
      {data.redirected_from ? (
        <Notice title="Redirected">
          <bdi>{data.redirected_from}</bdi> was renamed or merged: it leads here.
        </Notice>
      ) : null}

      <section aria-labelledby="describe">
        <Card>
          <SectionTitle id="describe">Description</SectionTitle>
          <p className="mb-3 text-sm text-stone-700 dark:text-stone-300">
            One line on what it is, shown on its public page and in its JSON. Left empty, the page shows what its newest reports used it for.
          </p>
          <AdminForm action="describe" csrf={session.csrf_token} back={back} label="Describe this resource" className="space-y-3">
            <input type="hidden" name="name" value={r.name} />
            <div>
              <label htmlFor="description" className={labelClass}>One-line description</label>
              <input id="description" name="description" maxLength={200} defaultValue={data.description} className={inputClass} />
            </div>
            <ReasonField id="describe-reason" />
            <Button>Save description</Button>
          </AdminForm>
        </Card>
      </section>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <PinCard
          field="url"
          title="Shown URL"
          shown={url ? <a href={url} rel="nofollow ugc noopener noreferrer" className={`${linkClass} break-all`}>{url}</a> : <span>none</span>}
          pinned={r.pinned_url}
          candidates={data.candidates.url}
          name={r.name}
          csrf={session.csrf_token}
          back={back}
        />
        <PinCard
          field="category"
          title="Shown category"
          shown={<span>{categoryLabel(r.category)}</span>}
          pinned={r.pinned_category}
          candidates={data.candidates.category}
          name={r.name}
          csrf={session.csrf_token}
          back={back}
        />
      </div>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <section aria-labelledby="rename">
          <Card className="h-full">
            <SectionTitle id="rename">Rename</SectionTitle>
            <p className="mb-3 text-sm text-stone-700 dark:text-stone-300">Every report moves to the new name; the old name keeps working and leads here.</p>
            <AdminForm action="rename" csrf={session.csrf_token} back={back} label="Rename this resource" className="space-y-3">
              <input type="hidden" name="name" value={r.name} />
              <div>
                <label htmlFor="new-name" className={labelClass}>New name</label>
                <input id="new-name" name="new_name" required maxLength={200} defaultValue={r.name} className={inputClass} />
              </div>
              <ReasonField id="rename-reason" />
              <Button>Rename</Button>
            </AdminForm>
          </Card>
        </section>
        <section aria-labelledby="merge">
          <Card className="h-full">
            <SectionTitle id="merge">Merge another resource into this one</SectionTitle>
            <p className="mb-3 text-sm text-stone-700 dark:text-stone-300">
              For a lookalike or duplicate: its reports move here (a key that reported on both keeps one vote), and its name leads here.
            </p>
            <AdminForm action="merge" csrf={session.csrf_token} back={back} label="Merge another resource into this one" className="space-y-3">
              <input type="hidden" name="into" value={r.name} />
              <div>
                <label htmlFor="merge-from" className={labelClass}>Resource to merge in (its name)</label>
                <input id="merge-from" name="from" required maxLength={200} className={inputClass} />
              </div>
              <ReasonField id="merge-reason" />
              <Button tone="danger">Merge into {shorten(r.name, 40).short}</Button>
            </AdminForm>
          </Card>
        </section>
      </div>

      {data.redirects.length > 0 ? (
        <section aria-labelledby="redirects">
          <Card>
            <SectionTitle id="redirects">Old names that lead here</SectionTitle>
            <ul className="text-sm">
              {data.redirects.map((d) => (
                <li key={d.from_key}>
                  <bdi lang={langOf(d.from_name)}>{d.from_name}</bdi> <span className="font-mono text-stone-600 dark:text-stone-400">({d.from_key})</span>, since{" "}
                  {formatDate(d.created_at)}
                </li>
              ))}
            </ul>
          </Card>
        </section>
      ) : null}

      <section aria-labelledby="experiences">
        <SectionTitle id="experiences">Experiences of every status</SectionTitle>
        <p className="mb-3 text-sm text-stone-700 dark:text-stone-300">
          {Object.entries(data.status_counts)
            .map(([status, n]) => `${n} ${status}`)
            .join(" · ") || "none"}
          {data.experiences.length >= 200 ? " (the newest 200 are listed)" : ""}
        </p>
        <ul className="space-y-2">
          {data.experiences.map((e) => (
            <li key={e.id} className="rounded-lg border border-stone-200 bg-white p-3 text-sm dark:border-stone-800 dark:bg-stone-900">
              <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                <StatusBadge status={e.status} />
                <Link href={adminItemHref({ type: "experience", id: e.id })} prefetch={false} lang={langOf(e.task)} className={`${linkClass} min-w-0 wrap-anywhere`}>
                  {shorten(e.task, 160).short}
                </Link>
                <span>{e.score}/5</span>
              </p>
              <p className="mt-1 flex flex-wrap gap-x-3 text-xs text-stone-600 dark:text-stone-400">
                <span>
                  {e.key ? (
                    <>
                      key <bdi lang={langOf(e.key.label)}>{e.key.label}</bdi> <span className="font-mono">{e.key.id}</span>
                    </>
                  ) : (
                    <>
                      no key, says <bdi lang={langOf(e.submitted_by)}>{e.submitted_by || "nothing"}</bdi> (unverified)
                    </>
                  )}
                </span>
                <time dateTime={e.created_at}>{formatDate(e.created_at)}</time>
                {e.status_reason ? <span>why: <bdi>{e.status_reason}</bdi></span> : null}
              </p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

type PinCardProps = {
  field: "url" | "category";
  title: string;
  shown: React.ReactNode;
  pinned: string | null;
  candidates: DisplayCandidateDto[];
  name: string;
  csrf: string;
  back: string;
};

function PinCard({ field, title, shown, pinned, candidates, name, csrf, back }: PinCardProps) {
  const id = `pin-${field}`;
  return (
    <section aria-labelledby={id}>
      <Card className="h-full space-y-3">
        <SectionTitle id={id}>{title}</SectionTitle>
        <p className="text-sm wrap-anywhere">
          Shown: {shown} {pinned !== null ? <span className="rounded bg-amber-100 px-1.5 text-xs text-amber-950 dark:bg-amber-900 dark:text-amber-50">pinned</span> : <span className="text-xs text-stone-600 dark:text-stone-400">(from the reporters)</span>}
        </p>
        {candidates.length > 0 ? (
          <div>
            <h3 className="text-sm font-semibold">What reporters give</h3>
            <ul className="mt-1 space-y-0.5 text-sm">
              {candidates.map((c) => (
                <li key={c.value} className="flex justify-between gap-3">
                  <bdi className="min-w-0 break-all">{c.value || (field === "category" ? "uncategorised" : "(no url)")}</bdi>
                  <span className="shrink-0 tabular-nums text-stone-700 dark:text-stone-300">
                    {c.reporters} {c.reporters === 1 ? "reporter" : "reporters"}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <AdminForm action="pin" csrf={csrf} back={back} label={`Pin the ${field}`} className="space-y-3">
          <input type="hidden" name="name" value={name} />
          <input type="hidden" name="field" value={field} />
          <div>
            <label htmlFor={`${id}-value`} className={labelClass}>
              {field === "url" ? "URL to pin" : "Category to pin"}
            </label>
            <input id={`${id}-value`} name="value" list={`${id}-candidates`} maxLength={field === "url" ? 2048 : 40} defaultValue={pinned ?? ""} className={inputClass} />
            <datalist id={`${id}-candidates`}>
              {candidates.map((c) => (
                <option key={c.value} value={c.value} />
              ))}
            </datalist>
          </div>
          <ReasonField id={`${id}-reason`} />
          <div className="flex flex-wrap gap-2">
            <Button name="op" value="pin">
              Pin
            </Button>
            {pinned !== null ? (
              <Button name="op" value="unpin" tone="quiet">
                Unpin (follow the reporters)
              </Button>
            ) : null}
          </div>
        </AdminForm>
      </Card>
    </section>
  );
}
