import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AdminFlash } from "@/components/admin-flash";
import { inputClass, labelClass } from "@/components/admin-form";
import { Card, PageTitle } from "@/components/ui";
import { flashMessage } from "../_lib/flash";
import { one, type SearchParams } from "../_lib/query";
import { currentSession } from "../_lib/session";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Log in" };

type Props = { searchParams: Promise<SearchParams> };

export default async function LoginPage({ searchParams }: Props) {
  if (await currentSession()) redirect("/admin");
  const query = await searchParams;
  const flash = flashMessage(one(query.flash), one(query.n));
  return (
    <div className="mx-auto max-w-md space-y-4">
      <PageTitle lead="For maintainers of this hub: review held submissions, decide, and keep the record straight.">Log in</PageTitle>
      <AdminFlash message={flash} />
      <Card>
        {/* No CSRF token yet (there is no session): the server checks that this form came from this site. */}
        <form method="post" action="/admin/actions/login" className="space-y-4">
          <div>
            <label htmlFor="token" className={labelClass}>
              API key with the moderate scope, or the admin token
            </label>
            <input id="token" name="token" type="password" required maxLength={500} autoComplete="current-password" spellCheck={false} className={inputClass} />
          </div>
          <button
            type="submit"
            className="inline-flex min-h-10 items-center rounded-lg bg-teal-800 px-4 py-2 text-sm font-medium text-white hover:bg-teal-900 dark:bg-teal-300 dark:text-stone-950 dark:hover:bg-teal-200"
          >
            Log in
          </button>
        </form>
      </Card>
      <p className="text-sm text-stone-600 dark:text-stone-400">
        Create a key with <code>npm run -s keys -- create --label NAME --scope moderate</code>, or set <code>KNOWHUB_ADMIN_TOKEN</code> (or{" "}
        <code>KNOWHUB_ADMIN_TOKEN_FILE</code>) where the server starts. A session lasts KNOWHUB_ADMIN_SESSION_HOURS (8 by default) and ends at once when its key is revoked.
      </p>
    </div>
  );
}
