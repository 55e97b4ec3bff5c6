"use client";
// Error boundaries must be client components. Shows no error details (they stay in the server log)
// beyond the digest that lets an operator find them.
import Link from "next/link";
import { useEffect } from "react";

export default function ErrorPage({ error, retry }: { error: unknown; retry: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  const digest = error instanceof Error && "digest" in error ? String((error as Error & { digest?: string }).digest ?? "") : "";
  return (
    <div className="mx-auto max-w-xl space-y-5 py-10 text-center">
      <title>Something went wrong · KnowHub</title>
      <h1 className="text-3xl font-semibold tracking-tight">Something went wrong</h1>
      <p className="text-stone-600 dark:text-stone-400">
        The page could not be built just now. Trying again usually helps; if it does not, the problem is on our side.
      </p>
      {digest ? <p className="text-xs text-stone-600 dark:text-stone-400">Reference: {digest}</p> : null}
      <div className="flex justify-center gap-3">
        <button
          type="button"
          onClick={() => retry()}
          className="rounded-lg bg-teal-800 px-4 py-2 font-medium text-white hover:bg-teal-900 dark:bg-teal-300 dark:text-stone-950"
        >
          Try again
        </button>
        <Link href="/" className="rounded-lg border border-stone-300 px-4 py-2 font-medium dark:border-stone-700">
          Home
        </Link>
      </div>
    </div>
  );
}
