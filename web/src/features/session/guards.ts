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

/** Where a login ends. */
export const afterLoginPath = (outcome: "loggedIn" | "chooseOrg"): string => {
  if (outcome === "chooseOrg") return "/user/orgs";
  const session = getSession();
  return session.status === "authenticated" && session.user.org === null ? "/user/orgs" : "/org/dashboard";
};
