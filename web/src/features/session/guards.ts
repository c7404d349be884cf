import { redirect } from "react-router";
import { getSession } from "../../lib/session-store.ts";

/** Loader of every protected route: without a session, back to the landing route. */
export const requireSession = () => {
  if (getSession().status !== "authenticated") throw redirect("/");
  return null;
};

/** `/user/orgs` also serves the multiple-organisations state of a login. */
export const requireSessionOrChoice = () => {
  if (getSession().status === "anonymous") throw redirect("/");
  return null;
};

/** Where a login ends: `next` (an invitation's page…) once signed in, else the dashboard or the organisations. */
export const afterLoginPath = (outcome: "loggedIn" | "chooseOrg", next: string | null = null): string => {
  if (outcome === "chooseOrg") return withNext("/user/orgs", next);
  if (next) return next;
  const session = getSession();
  return session.status === "authenticated" && session.user.org === null ? "/user/orgs" : "/org/dashboard";
};

/**
 * A `next` parameter as a path of this app to go to after signing in, or null: only "/…" and never
 * "//…" or "/\…", which browsers read as another site.
 */
export const safeNext = (value: string | null): string | null =>
  value && /^\/(?![/\\])/.test(value) ? value : null;

/** `path` with `?next=` (when there is one to carry), for the links between sign-in screens. */
export const withNext = (path: string, next: string | null, extra: Record<string, string> = {}): string => {
  const params = new URLSearchParams(extra);
  if (next) params.set("next", next);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
};
