// The console's login form, on its page and as the page's 401 answer to a refused token. The token
// field is never filled back in: a refused token stays in nobody's HTML.
import { AdminFlash } from "./admin-flash";
import { inputClass, labelClass } from "./admin-form";
import { FocusOnArrival } from "./focus-on-arrival";
import { Card, PageTitle } from "./ui";

export const TOKEN_LABEL = "API key with the moderate scope, or the admin token";

export function AdminLoginForm({ next, refused }: { next: string; refused: boolean }) {
  return (
    <div className="space-y-4">
      {refused ? (
        // Focused on arrival, so a screen reader reads it first.
        <FocusOnArrival
          id="login-error"
          role="alert"
          aria-labelledby="login-error-title"
          className="rounded-xl border-2 border-red-700 bg-red-50 p-4 text-red-950 focus:outline-2 focus:outline-offset-2 focus:outline-red-700 dark:border-red-400 dark:bg-red-950/40 dark:text-red-50 dark:focus:outline-red-400"
        >
          <h2 id="login-error-title" className="font-semibold">
            That token does not open the console
          </h2>
          <p className="mt-1 text-sm">
            It is not the admin token, or not a key with the moderate scope (or the key was revoked). Nothing was changed.{" "}
            <a href="#token" className="font-medium underline underline-offset-2">
              Enter the token again
            </a>
          </p>
        </FocusOnArrival>
      ) : null}
      <Card>
        {/* No CSRF token yet (there is no session): the server checks that this form came from this site. */}
        <form method="post" action="/admin/actions/login" className="space-y-4">
          <input type="hidden" name="next" value={next} />
          <div>
            <label htmlFor="token" className={labelClass}>
              {TOKEN_LABEL}
            </label>
            <input
              id="token"
              name="token"
              type="password"
              required
              maxLength={500}
              autoComplete="current-password"
              spellCheck={false}
              aria-invalid={refused ? true : undefined}
              aria-describedby={refused ? "login-error-title" : undefined}
              className={inputClass}
            />
          </div>
          <button
            type="submit"
            className="inline-flex min-h-10 items-center rounded-lg bg-teal-800 px-4 py-2 text-sm font-medium text-white hover:bg-teal-900 dark:bg-teal-300 dark:text-stone-950 dark:hover:bg-teal-200"
          >
            Log in
          </button>
        </form>
      </Card>
    </div>
  );
}

/** The whole login page: title, flash, form and how to get a token. */
export function LoginView({ next, refused, flash }: { next: string; refused: boolean; flash: string | null }) {
  return (
    <div className="mx-auto max-w-md space-y-4">
      <PageTitle lead="For maintainers of this hub: review held submissions, decide, and keep the record straight.">Log in</PageTitle>
      <AdminFlash message={flash} />
      <AdminLoginForm next={next} refused={refused} />
      <p className="text-sm text-stone-600 dark:text-stone-400">
        Create a key with <code>npm run -s keys -- create --label NAME --scope moderate</code>, or set <code>KNOWHUB_ADMIN_TOKEN</code> (or{" "}
        <code>KNOWHUB_ADMIN_TOKEN_FILE</code>) where the server starts. A session lasts KNOWHUB_ADMIN_SESSION_HOURS (8 by default) and ends at once when its key is revoked.
      </p>
    </div>
  );
}
