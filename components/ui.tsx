// Small layout pieces that keep every page on the same calm visual rhythm.
import Link from "next/link";
import type { ReactNode } from "react";

export function PageTitle({ children, lead, lang }: { children: ReactNode; lead?: ReactNode; lang?: string }) {
  return (
    <div className="mb-6">
      <h1 lang={lang} className="text-2xl font-semibold tracking-tight wrap-anywhere sm:text-3xl">
        {children}
      </h1>
      {lead ? <div className="mt-2 text-stone-600 dark:text-stone-400">{lead}</div> : null}
    </div>
  );
}

export function Card({ children, className = "" }: { children: ReactNode; className?: string }) {
  return (
    <div className={`rounded-xl border border-stone-200 bg-white p-4 sm:p-5 dark:border-stone-800 dark:bg-stone-900 ${className}`}>
      {children}
    </div>
  );
}

export function SectionTitle({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <h2 id={id} className="mb-3 text-lg font-semibold tracking-tight">
      {children}
    </h2>
  );
}

/** A link styled as a quiet button: pagination, sort toggles, "more". */
export function ButtonLink({ href, children, rel, current }: { href: string; children: ReactNode; rel?: string; current?: boolean }) {
  return (
    <Link
      href={href}
      rel={rel}
      aria-current={current ? "true" : undefined}
      prefetch={false}
      className={`inline-flex items-center rounded-lg border px-3 py-1.5 text-sm font-medium ${
        current
          ? "border-teal-800 bg-teal-800 text-white dark:border-teal-300 dark:bg-teal-300 dark:text-stone-950"
          : "border-stone-300 bg-white text-stone-800 hover:border-teal-700 hover:text-teal-900 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-200 dark:hover:text-teal-200"
      }`}
    >
      {children}
    </Link>
  );
}

export function Notice({ tone = "info", children, title }: { tone?: "info" | "warning"; title?: ReactNode; children: ReactNode }) {
  const colours =
    tone === "warning"
      ? "border-amber-400 bg-amber-50 text-amber-950 dark:border-amber-500/60 dark:bg-amber-950/40 dark:text-amber-100"
      : "border-teal-600/40 bg-teal-50 text-teal-950 dark:border-teal-400/40 dark:bg-teal-950/40 dark:text-teal-50";
  return (
    <div className={`rounded-xl border p-4 ${colours}`}>
      {title ? <p className="font-semibold">{title}</p> : null}
      <div className={title ? "mt-1" : ""}>{children}</div>
    </div>
  );
}

export const linkClass = "text-teal-800 underline underline-offset-2 hover:text-teal-950 dark:text-teal-300 dark:hover:text-teal-100";
