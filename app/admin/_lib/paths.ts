// Where an action sends the browser back to, and the page URL it came from.
// The public pages a maintainer may act from (Hide on a report, on a content revision) and come back to.
const PUBLIC_PREFIXES = ["/resources/", "/content/"];

/**
 * Where an action may send the browser back to: a path of the console on this site, or one of the
 * public pages a maintainer acts from, nothing else (an open redirect would let a forged link
 * bounce through the console). Anything else is /admin.
 */
export function safeBackPath(value: unknown): string {
  const path = sameSitePath(value);
  if (path === null) return "/admin";
  const { pathname } = new URL(path, "http://console.invalid");
  if (isConsolePath(pathname) || PUBLIC_PREFIXES.some((p) => pathname.startsWith(p))) return path;
  return "/admin";
}

/**
 * Where a login lands: the console page that was asked for (a path under /admin on this site,
 * never an action or the login itself), else /admin. Never a public page or another site.
 */
export function safeNextPath(value: unknown): string {
  const path = sameSitePath(value);
  if (path === null) return "/admin";
  const { pathname } = new URL(path, "http://console.invalid");
  return isConsolePath(pathname) && !pathname.startsWith("/admin/login") ? path : "/admin";
}

function isConsolePath(pathname: string): boolean {
  return (pathname === "/admin" || pathname.startsWith("/admin/")) && !pathname.startsWith("/admin/actions/");
}

/** A path and query on this site ("/..."), or null: no scheme, no host, no "//" or backslash tricks. */
function sameSitePath(value: unknown): string | null {
  if (typeof value !== "string" || value.length > 2000 || !value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return null;
  try {
    const url = new URL(value, "http://console.invalid");
    if (url.origin !== "http://console.invalid") return null;
    return url.pathname + url.search;
  } catch {
    return null;
  }
}

// The parameters a flash consists of: its code, a count, the item decided, whether nothing is left.
const FLASH_PARAMS = ["flash", "n", "item", "empty"];

/** The back path with the flash code (and count, decided item...) in place of any earlier one. */
export function withFlash(back: string, flash: string, n?: number, params: Record<string, string> = {}): string {
  const url = new URL(safeBackPath(back), "http://console.invalid");
  for (const name of FLASH_PARAMS) url.searchParams.delete(name);
  url.searchParams.set("flash", flash);
  if (n !== undefined) url.searchParams.set("n", String(n));
  for (const [name, value] of Object.entries(params)) if (FLASH_PARAMS.includes(name)) url.searchParams.set(name, value);
  return url.pathname + url.search;
}

/** This page's own URL without the flash, to come back to after an action. */
export function backTo(pathname: string, query: Record<string, string | string[] | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (FLASH_PARAMS.includes(key) || value === undefined) continue;
    params.set(key, Array.isArray(value) ? value[0] : value);
  }
  const text = params.toString();
  return text ? `${pathname}?${text}` : pathname;
}

/** The login page, to land on `next` afterwards; plain /admin/login when that is where it would land anyway. */
export function loginHref(next: string, extra: Record<string, string> = {}): string {
  const target = safeNextPath(next);
  const params = new URLSearchParams(extra);
  if (target !== "/admin") params.set("next", target);
  const text = params.toString();
  return text ? `/admin/login?${text}` : "/admin/login";
}
