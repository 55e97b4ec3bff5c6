// Where an action sends the browser back to, and the page URL it came from.
/**
 * Where an action may send the browser back to: a path of the console on this site, nothing else
 * (an open redirect would let a forged link bounce through the console). Anything else is /admin.
 */
export function safeBackPath(value: unknown): string {
  if (typeof value !== "string" || value.length > 2000 || !value.startsWith("/admin") || value.includes("\\")) return "/admin";
  try {
    const url = new URL(value, "http://console.invalid");
    if (url.origin !== "http://console.invalid") return "/admin";
    if (url.pathname !== "/admin" && !url.pathname.startsWith("/admin/")) return "/admin";
    if (url.pathname.startsWith("/admin/actions/")) return "/admin";
    return url.pathname + url.search;
  } catch {
    return "/admin";
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
