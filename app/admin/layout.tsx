// The maintainers' console. It sits inside the site's root layout (which owns <html>, the skip
// link, <main> and the public header), with a bar of its own: what this is, the console's
// sections, who is logged in and the logout button. Pages check the session themselves, on every
// request (a layout is not re-run on client-side navigation).
import type { Metadata } from "next";
import { AdminForm, Button } from "@/components/admin-form";
import { AdminNav } from "@/components/admin-nav";
import { langOf } from "@/components/format";
import { currentSession } from "./_lib/session";

export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: { default: "Console", template: "%s · Console · KnowHub" },
  description: "The KnowHub maintainers' console: review queue, decisions, keys, audit log and insights.",
  robots: { index: false, follow: false },
};

export default async function AdminLayout({ children }: { children: React.ReactNode }) {
  const session = await currentSession();
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-3 rounded-xl border border-stone-300 bg-stone-100 px-4 py-3 dark:border-stone-700 dark:bg-stone-900">
        <p className="font-semibold tracking-tight">
          Maintainers&apos; console
        </p>
        {session ? (
          <>
            <AdminNav />
            <div className="flex flex-wrap items-center gap-3 text-sm">
              <span className="text-stone-700 dark:text-stone-300">
                Logged in as{" "}
                <bdi lang={langOf(session.actor.label)} className="font-medium">
                  {session.actor.label}
                </bdi>
              </span>
              <AdminForm action="logout" csrf={session.csrf_token} back="/admin/login" label="Log out">
                <Button tone="quiet">Log out</Button>
              </AdminForm>
            </div>
          </>
        ) : null}
      </div>
      {children}
    </div>
  );
}
