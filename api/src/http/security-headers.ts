import type { MiddlewareHandler } from "hono";
import { parseAddress, socketAddressOf, type TrustProxy } from "./client-address.ts";

/**
 * The Content-Security-Policy of every answer — the web app, its static files, the API and the files
 * it serves. The web app satisfies it as built: no inline script (web/index.html loads
 * /theme-boot.js), no script, style, font or connection elsewhere than Registre itself.
 *
 * - `style-src 'unsafe-inline'`: Mantine writes `<style>` elements at run time — its theme's CSS
 *   variables (MantineProvider) and its responsive style props (InlineStyles). A nonce would mean a
 *   new index.html per answer and `getStyleNonce` on the provider; a style cannot run script, and
 *   `script-src` has no such exception.
 * - `img-src blob: data:`: a logo is previewed from its file (`URL.createObjectURL`) before it is
 *   sent; Vite writes an imported image under 4 kB as a `data:` address. An image runs no script.
 * - `frame-ancestors 'none'` (and X-Frame-Options for older browsers): no page of Registre is shown
 *   in another site's frame (clickjacking). The app frames nothing itself: a PDF is downloaded.
 * - `object-src 'none'`, `base-uri 'self'`, `form-action 'self'`: no plug-in, no `<base>` elsewhere,
 *   no form sent elsewhere, whatever got into a page.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' blob: data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join("; ");

/** Origins a directive allows besides Registre itself (the card form's: `billing/settings.ts`). */
export type CspSources = {
  readonly script: readonly string[];
  readonly frame: readonly string[];
  readonly connect: readonly string[];
};

/**
 * The policy with the card form's origins added when billing is on: Stripe.js, its frames and its API
 * (Stripe's own element takes the card: it never reaches Registre), or the tests' fake Stripe.
 */
export const contentSecurityPolicy = (extra: CspSources): string => {
  if (extra.script.length + extra.frame.length + extra.connect.length === 0) return CONTENT_SECURITY_POLICY;
  const add = (directive: string, origins: readonly string[]) =>
    origins.length === 0 ? directive : `${directive} ${origins.join(" ")}`;
  return [
    "default-src 'self'",
    add("script-src 'self'", extra.script),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "font-src 'self'",
    add("connect-src 'self'", extra.connect),
    ...(extra.frame.length > 0 ? [add("frame-src 'self'", extra.frame)] : []),
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join("; ");
};

/** A year, with the subdomains: sent only over TLS, where a browser takes it (RFC 6797). */
export const STRICT_TRANSPORT_SECURITY = "max-age=31536000; includeSubDomains";

/**
 * What the browser may use on Registre's pages: none of the powerful features (the app asks for no
 * camera, microphone, position or payment), and no interest-cohort tracking.
 */
const PERMISSIONS_POLICY = [
  "camera=()",
  "microphone=()",
  "geolocation=()",
  "payment=()",
  "usb=()",
  "interest-cohort=()",
].join(", ");

const fixed: Readonly<Record<string, string>> = {
  "content-security-policy": CONTENT_SECURITY_POLICY,
  "x-frame-options": "DENY",
  // A file is what its Content-Type says: an uploaded attachment is never sniffed into HTML or script.
  "x-content-type-options": "nosniff",
  // The full address only to Registre itself (its own pages' links keep their query, e.g. a share
  // token): another site gets the origin alone, and nothing when leaving https for http. `no-referrer`
  // would also hide the origin from the API's own requests, which nothing needs but costs nothing
  // either; this is the browsers' default, made explicit so that no proxy or old browser loosens it.
  "referrer-policy": "strict-origin-when-cross-origin",
  // A window Registre opens, or that opens Registre, shares no browsing context with another site.
  "cross-origin-opener-policy": "same-origin",
  "permissions-policy": PERMISSIONS_POLICY,
};

/**
 * Whether the request reached Registre over TLS: an https URL (a server speaking TLS itself), or,
 * from a proxy `TRUST_PROXY` trusts (the socket's peer), `X-Forwarded-Proto: https` — the first
 * value, the one the client-facing proxy wrote. From anyone else the header proves nothing.
 */
export const overTls = (
  url: string,
  trust: TrustProxy,
  socketAddress: string | undefined,
  forwardedProto: string | undefined,
): boolean => {
  if (url.startsWith("https:")) return true;
  if (trust.kind === "none" || !forwardedProto) return false;
  if (trust.kind === "list") {
    const peer = socketAddress ? parseAddress(socketAddress) : null;
    if (!peer || !trust.proxies.check(peer, peer.includes(":") ? "ipv6" : "ipv4")) return false;
  }
  return forwardedProto.split(",")[0]?.trim().toLowerCase() === "https";
};

/**
 * The security headers on every answer, whatever answered it — a route, a problem, a static file,
 * the web app's index page: set after the rest ran. A route's own value is kept, for a stricter one
 * (the shared document's `Referrer-Policy: no-referrer`, its token being in its address).
 * `Strict-Transport-Security` only over TLS (a browser ignores it over http, and a plain-http
 * install must stay reachable).
 */
export const securityHeaders = (
  trustProxy: () => TrustProxy,
  cardForm: () => CspSources = () => ({ script: [], frame: [], connect: [] }),
): MiddlewareHandler => {
  // The card form's origins matter to a page (HTML) only, and are read at the first one, not when the
  // app is built: an app built for its OpenAPI document alone has no context to read.
  let page: Readonly<Record<string, string>> | undefined;
  return async (c, next) => {
    await next();
    const html = c.res.headers.get("content-type")?.startsWith("text/html") ?? false;
    if (html) page ??= { ...fixed, "content-security-policy": contentSecurityPolicy(cardForm()) };
    const headers = html && page ? page : fixed;
    const wanted = Object.entries(headers).filter(([name]) => !c.res.headers.has(name));
    // The trusted proxies are read only when a proxy's word is needed: the OpenAPI document is served
    // by an app without a context (web/scripts/api-types.ts).
    const forwarded = c.req.header("x-forwarded-proto");
    if (
      c.req.url.startsWith("https:") ||
      (forwarded !== undefined && overTls(c.req.url, trustProxy(), socketAddressOf(c), forwarded))
    )
      wanted.push(["strict-transport-security", STRICT_TRANSPORT_SECURITY]);
    // In place when the answer's headers may change (they may not on a Response from fetch): Hono's
    // c.header would copy the Response once per header.
    try {
      for (const [name, value] of wanted) c.res.headers.set(name, value);
    } catch {
      const headers = new Headers(c.res.headers);
      for (const [name, value] of wanted) headers.set(name, value);
      c.res = new Response(c.res.body, { status: c.res.status, statusText: c.res.statusText, headers });
    }
  };
};
