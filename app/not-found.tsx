import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { SearchForm } from "@/components/search-form";
import { linkClass } from "@/components/ui";

export const metadata: Metadata = {
  title: "Not found",
  description: "This page does not exist on KnowHub. Search a task or browse the categories instead.",
};

// Rendered per request, not prebuilt: the page CSP's nonce (proxy.ts) is new on every request, and
// a prebuilt page's scripts would carry none and be blocked.
export default async function NotFound() {
  await connection();
  return (
    <div className="mx-auto max-w-xl space-y-6 py-10 text-center">
      <p className="text-sm font-semibold tracking-widest text-teal-800 uppercase dark:text-teal-300">404</p>
      <h1 className="text-3xl font-semibold tracking-tight">Nothing here yet</h1>
      <p className="text-stone-600 dark:text-stone-400">
        No resource, content page or page has this address. Nobody may have reported it yet, or the link is mistyped.
      </p>
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
