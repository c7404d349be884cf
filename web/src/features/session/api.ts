import { queryOptions, useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../lib/http.ts";
import {
  anonymous,
  applyLoginResponse,
  applyOrgChangeResponse,
  type LoginOutcome,
  orgChangeBody,
} from "../../lib/session.ts";
import { clearSession, getSession, setSession } from "../../lib/session-store.ts";

export type Credentials = { email: string; password: string };
export type Registration = Credentials & { name: string };
export type UserOrg = { id: string; name: string; siren: string; profile?: string };
export type CreateUserOrgInput = { name: string; siren: string };

/** Sent to the service worker so that no cached answer of the previous session survives it. */
const forgetCachedApi = (): void => {
  navigator.serviceWorker?.controller?.postMessage({ type: "clear-api-cache" });
};

/** `POST /login`: token → logged in; organisations → choose one; neither → failed, session cleared. */
export const login = async (credentials: Credentials): Promise<LoginOutcome> => {
  const response = await apiRequest<unknown>("/login", { method: "POST", body: credentials });
  const { session, outcome } = applyLoginResponse(response);
  setSession(session);
  return outcome;
};

/** `POST /register`: the answer is a login answer. */
export const register = async (input: Registration): Promise<LoginOutcome> => {
  const response = await apiRequest<unknown>("/register", { method: "POST", body: input });
  const { session, outcome } = applyLoginResponse(response);
  setSession(session);
  return outcome;
};

/** `POST /user/orgs/change`: replaces token and user; without a token, clears the session and throws. */
export const changeOrg = async (orgId: string): Promise<void> => {
  const body = orgChangeBody(getSession(), orgId);
  try {
    const response = await apiRequest<unknown>("/user/orgs/change", { method: "POST", body });
    setSession(applyOrgChangeResponse(response));
  } catch (error) {
    clearSession();
    throw error;
  }
};

/** `POST /user/orgs`: creates an organisation owned by the user; the session moves to it. */
export const createUserOrg = async (input: CreateUserOrgInput): Promise<void> => {
  const response = await apiRequest<unknown>("/user/orgs", { method: "POST", body: input });
  setSession(applyOrgChangeResponse(response));
};

/** `POST /logout`; the session is cleared whatever the answer. */
export const logout = async (): Promise<void> => {
  try {
    if (getSession().status === "authenticated") await apiRequest<unknown>("/logout", { method: "POST" });
  } catch {
    // The token is dropped locally anyway.
  } finally {
    setSession(anonymous);
    forgetCachedApi();
  }
};

export const userOrgsQueryOptions = () =>
  queryOptions({
    queryKey: ["session", "orgs"],
    queryFn: ({ signal }) => apiRequest<{ items: UserOrg[] }>("/user/orgs", { signal }),
  });

export const useRequestPasswordRenewal = () =>
  useMutation({
    mutationFn: (email: string) =>
      apiRequest<{ detail?: string }>("/password/renew", { method: "POST", body: { email } }),
  });

export const useConfirmPasswordRenewal = () =>
  useMutation({
    mutationFn: (input: { token: string; password: string }) =>
      apiRequest<unknown>("/password/renew/confirm", { method: "POST", body: input }),
  });
