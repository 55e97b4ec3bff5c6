"use client";
// The console's section links; the current one is marked. A client component only to know the
// path: it renders on the server like any other, so the links work without JavaScript.
import Link from "next/link";
import { usePathname } from "next/navigation";

const SECTIONS = [
  { href: "/admin", label: "Queue" },
  { href: "/admin/resources", label: "Resources" },
  { href: "/admin/content", label: "Content" },
  { href: "/admin/keys", label: "Keys" },
  { href: "/admin/audit", label: "Audit log" },
  { href: "/admin/insights", label: "Insights" },
  { href: "/admin/learned", label: "Learned" },
];

export function AdminNav() {
  const pathname = usePathname();
  const current = (href: string) => (href === "/admin" ? pathname === "/admin" || pathname.startsWith("/admin/items") : pathname.startsWith(href));
  return (
    <nav aria-label="Console">
      <ul className="flex flex-wrap gap-1 text-sm">
        {SECTIONS.map((s) => (
          <li key={s.href}>
            <Link
              href={s.href}
              prefetch={false}
              aria-current={current(s.href) ? "page" : undefined}
              className="inline-block rounded-md px-2.5 py-1.5 text-stone-800 hover:bg-stone-100 aria-[current=page]:bg-teal-800 aria-[current=page]:text-white dark:text-stone-200 dark:hover:bg-stone-800 dark:aria-[current=page]:bg-teal-300 dark:aria-[current=page]:text-stone-950"
            >
              {s.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
