// The Content-Security-Policy strings and the other security headers every answer carries.
// Pages get a per-request nonce (proxy.ts): Next's App Router streams its RSC payload in inline
// <script> tags and reads the nonce from the request's CSP header to stamp them, so no inline
// script needs 'unsafe-inline'. Everything that is not a page (JSON, markdown, text) may load
// nothing at all. Pure strings: next.config.ts and proxy.ts both read them, and lib/** stays free
// of next/*.

/**
 * For answers that are data, not documents (the API, /skill.md, plain-text refusals): nothing may
 * load or run even if a browser is tricked into rendering one, and no page may frame it.
 */
export const DATA_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * The headers that are the same on every answer, static files included (next.config.ts
 * headers()). The CSP is not here: pages need a fresh nonce each time, data answers get
 * DATA_CONTENT_SECURITY_POLICY, and static files need none.
 */
export const STATIC_SECURITY_HEADERS: ReadonlyArray<{ key: string; value: string }> = [
  // Browsers must not guess a type: a JSON answer or submitted text must never be run as script/HTML.
  { key: "X-Content-Type-Options", value: "nosniff" },
  // frame-ancestors 'none' in the CSP does this for current browsers; old ones only know this.
  { key: "X-Frame-Options", value: "DENY" },
  // Other sites see at most our origin, never the task an agent searched for (it is in the URL).
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  // The site uses no device or sensor API; an injected frame or script must not be able to ask.
  // Only features Chromium knows: an unknown name is logged as an error in the console.
  {
    key: "Permissions-Policy",
    value: "camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), accelerometer=(), gyroscope=(), magnetometer=(), browsing-topics=()",
  },
  // Another window we open (external links) cannot reach back into ours through window.opener.
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
];

/**
 * The CSP of an HTML page, for one request's nonce.
 * - script-src: only scripts carrying this request's nonce (Next stamps its own tags with it);
 *   'strict-dynamic' lets those load the chunks they import. 'self' is only a fallback for
 *   browsers without CSP 3 (they ignore 'strict-dynamic'); CSP 3 browsers ignore it. 'unsafe-eval'
 *   only under `next dev`, where React rebuilds server error stacks with eval; never in production.
 * - style-src: the compiled Tailwind file ('self') and inline <style> Next stamps with the nonce.
 *   No style attribute in server HTML needs 'unsafe-inline'; React sets client-side styles through
 *   the CSSOM, which CSP does not restrict.
 * - img-src: submitted markdown may show http(s) images from anywhere (components/markdown.tsx
 *   allows exactly those schemes); data: and blob: stay blocked.
 * - connect-src 'self': client navigation fetches RSC payloads from this origin only.
 * - object-src 'none', base-uri 'none': no plugins, and no injected <base> can redirect relative URLs.
 * - form-action 'self': the search form submits here and nowhere else.
 * - frame-ancestors 'none': no clickjacking. No upgrade-insecure-requests: the hub is often served
 *   over plain http on a LAN name, where upgrading every subresource to https would break it.
 */
export function pageContentSecurityPolicy(nonce: string, options: { dev?: boolean } = {}): string {
  const scriptSrc = [`'nonce-${nonce}'`, "'strict-dynamic'", "'self'"];
  if (options.dev) scriptSrc.push("'unsafe-eval'");
  return [
    "default-src 'self'",
    `script-src ${scriptSrc.join(" ")}`,
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' https: http:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** 128 random bits, base64: unguessable, and in the alphabet Next's nonce parser accepts. */
export function generateNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}
