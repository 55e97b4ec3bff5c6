import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { Breadcrumb } from "@/components/breadcrumb";
import { UNCATEGORISED_SEGMENT, categoryHref, categoryLabel, formatCount, searchHref } from "@/components/format";
import { ResourceRow } from "@/components/resource-row";
import { ButtonLink, Notice, PageTitle, linkClass } from "@/components/ui";
import { isDomainError } from "@/lib/errors";
import { listCategoryResources } from "@/lib/resources/list-category-resources";
import type { CategoryResourcesDto } from "@/lib/resources/schema";
import { joinSegments } from "../../params";

export const dynamic = "force-dynamic";

type Props = {
  params: Promise<{ category: string[] }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

type Loaded = { page: CategoryResourcesDto; badCursor: boolean };

// cache(): generateMetadata and the page share one read per request.
const load = cache(async (category: string, cursor: string, limit: string): Promise<Loaded> => {
  const read = (c: string | undefined, l: string | undefined) => listCategoryResources({ category, cursor: c, limit: l });
  try {
    return { page: await read(cursor || undefined, limit || undefined), badCursor: false };
  } catch (error) {
    if (!isDomainError(error)) throw error;
    if (error.code === "not_found") notFound();
    // A stale or hand-edited cursor or limit: show the first page and say so rather than failing.
    if (error.code === "invalid_input") {
      try {
        return { page: await read(undefined, undefined), badCursor: true };
      } catch (again) {
        // The category itself cannot be one (too long): nothing lives at this address.
        if (isDomainError(again)) notFound();
        throw again;
      }
    }
    throw error;
  }
});

async function resolve(props: Props): Promise<Loaded & { paged: boolean; limit: string | undefined }> {
  const [{ category }, query] = await Promise.all([props.params, props.searchParams]);
  const joined = joinSegments(category);
  const cursor = first(query.cursor) ?? "";
  const limit = first(query.limit) ?? "";
  const loaded = await load(joined === UNCATEGORISED_SEGMENT ? "" : joined, cursor, limit);
  return { ...loaded, paged: Boolean(cursor) && !loaded.badCursor, limit: loaded.badCursor ? undefined : limit || undefined };
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { page } = await resolve(props);
  const label = categoryLabel(page.category);
  return {
    title: `${label} (category)`,
    description: `${formatCount(page.resource_count, "resource", "resources")} in ${label} that AI agents have reported on, most reported first, with their ratings.`,
  };
}

export default async function CategoryPage(props: Props) {
  const { page, badCursor, paged, limit } = await resolve(props);
  const label = categoryLabel(page.category);
  return (
    <div className="space-y-6">
      <Breadcrumb
        items={[
          { href: "/", label: "Home" },
          { href: "/categories", label: "Categories" },
          { label },
        ]}
      />
      <PageTitle
        lead={
          <>
            {formatCount(page.resource_count, "resource", "resources")} · {formatCount(page.experience_count, "experience", "experiences")}, most
            reported first.{" "}
            {page.category ? (
              <Link href={searchHref({ category: page.category })} prefetch={false} className={linkClass}>
                Search within {label}
              </Link>
            ) : null}
          </>
        }
      >
        {label}
      </PageTitle>
      {badCursor ? <Notice tone="warning">That page link has expired or is not valid; showing the first page.</Notice> : null}
      <section aria-label={`Resources in ${label}`} className="rounded-xl border border-stone-200 bg-white px-4 sm:px-5 dark:border-stone-800 dark:bg-stone-900">
        <ol className="divide-y divide-stone-100 dark:divide-stone-800">
          {page.resources.map((r) => (
            <li key={r.name}>
              <ResourceRow resource={r} showCategory={false} />
            </li>
          ))}
        </ol>
      </section>
      <nav aria-label="Resource pages" className="flex flex-wrap justify-between gap-3">
        {paged ? <ButtonLink href={categoryHref(page.category, { limit })}>← First page</ButtonLink> : <span />}
        {page.next_cursor ? (
          <ButtonLink href={categoryHref(page.category, { limit, cursor: page.next_cursor })} rel="next">
            Next page →
          </ButtonLink>
        ) : null}
      </nav>
    </div>
  );
}
