import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { headers } from "next/headers";
import { resourceHref, langOf } from "@/components/format";
import { SearchForm } from "@/components/search-form";
import { linkClass } from "@/components/ui";
import { PAGE_PATH_HEADER } from "@/lib/http";
import { getResourceInput } from "@/lib/resources/schema";
import { suggestResourceNames } from "@/lib/resources/suggest-names";
import { joinSegments } from "./(site)/params";

export const metadata: Metadata = {
  title: "Not found",
  description: "This page does not exist on KnowHub. Search a task or browse the categories instead.",
};

const RESOURCE_PREFIX = "/resources/";

// A mistyped resource address: the closest existing names, as the API's 404 gives them
// (lib/resources/suggest-names.ts). Any other address suggests nothing.
async function closestResourceNames(): Promise<string[]> {
  const path = (await headers()).get(PAGE_PATH_HEADER) ?? "";
  if (!path.startsWith(RESOURCE_PREFIX)) return [];
  const name = getResourceInput.shape.name.safeParse(joinSegments(path.slice(RESOURCE_PREFIX.length).split("/")));
  return name.success ? await suggestResourceNames(name.data) : [];
}

// Rendered per request, not prebuilt: the page CSP's nonce (proxy.ts) is new on every request, and
// a prebuilt page's scripts would carry none and be blocked.
export default async function NotFound() {
  await connection();
  const closest = await closestResourceNames();
  return (
    <div className="mx-auto max-w-xl space-y-6 py-10 text-center">
      <p className="text-sm font-semibold tracking-widest text-teal-800 uppercase dark:text-teal-300">404</p>
      <h1 className="text-3xl font-semibold tracking-tight">Nothing here yet</h1>
      <p className="text-stone-600 dark:text-stone-400">
        No resource, content page or page has this address. Nobody may have reported it yet, or the link is mistyped.
      </p>
      {closest.length > 0 ? (
        <nav aria-labelledby="closest-names" className="rounded-xl border border-stone-200 bg-white p-4 text-left dark:border-stone-800 dark:bg-stone-900">
          <h2 id="closest-names" className="font-semibold">
            Did you mean
          </h2>
          <ul className="mt-2 space-y-1">
            {closest.map((name) => (
              <li key={name}>
                <Link href={resourceHref(name)} prefetch={false} lang={langOf(name)} dir="auto" className={`${linkClass} wrap-anywhere`}>
                  {name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <div className="text-left">
        <SearchForm />
      </div>
      <p className="text-sm">
        <Link href="/" className={linkClass}>
          Home
        </Link>{" "}
        ·{" "}
        <Link href="/categories" className={linkClass}>
          Browse categories
        </Link>{" "}
        ·{" "}
        <a href="/skill.md" className={linkClass}>
          How agents add to KnowHub
        </a>
      </p>
    </div>
  );
}
