import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, type BodyOf, type OperationOf, type Schemas } from "../../lib/api-client.ts";
import { deviceFor, keepDevice } from "../../lib/devices.ts";
import { apiRequest } from "../../lib/http.ts";
import {
  anonymous,
  applyLoginResponse,
  applyOrgChangeResponse,
  type LoginOutcome,
  orgChangeBody,
} from "../../lib/session.ts";
import { clearSession, getSession, setSession, store } from "../../lib/session-store.ts";

export type Credentials = { email: string; password: string };
export type Registration = Credentials & { name: string };
export type UserOrg = Schemas["UserOrganisation"];
export type CreateUserOrgInput = BodyOf<OperationOf<"/user/orgs", "post">>;
/** An invitation addressed to the signed-in user (or named by an e-mailed link). */
export type ReceivedInvitation = Schemas["ReceivedInvitation"];

/** Sent to the service worker so that no cached answer of the previous session survives it. */
const forgetCachedApi = (): void => {
  navigator.serviceWorker?.controller?.postMessage({ type: "clear-api-cache" });
};

/**
 * `POST /login`: token → logged in; organisations → choose one; neither → failed, session cleared.
 * The browser's device token for the account goes with it, and the one answered is kept.
 */
export const login = async (credentials: Credentials): Promise<LoginOutcome> => {
  const device = deviceFor(store(), credentials.email);
  const response = await apiRequest<unknown>("/login", {
    method: "POST",
    body: device ? { ...credentials, device } : credentials,
  });
  const answered = (response as { device?: unknown } | null)?.device;
  if (typeof answered === "string") keepDevice(store(), credentials.email, answered);
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
    queryFn: ({ signal }) => api.get("/user/orgs", { signal }),
  });

export const useRequestPasswordRenewal = () =>
  useMutation({
    mutationFn: (email: string) => api.post("/password/renew", { body: { email } }),
  });

export const useConfirmPasswordRenewal = () =>
  useMutation({
    mutationFn: (input: { token: string; password: string }) =>
      api.post("/password/renew/confirm", { body: input }),
  });

export const userInvitationsQueryOptions = () =>
  queryOptions({
    queryKey: ["session", "invitations"],
    queryFn: ({ signal }) => api.get("/user/invitations", { signal }),
  });

/** The invitation an e-mailed link names (its token goes in the body, never in a URL). */
export const invitationByTokenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ["invitation", token],
    queryFn: ({ signal }) => api.post("/invitations/lookup", { body: { token }, signal }),
    retry: false,
  });

/** Accept or decline an invitation; the user's organisations and invitations are read again. */
export const useAnswerInvitation = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: string; answer: "accept" | "decline" }) =>
      answer === "accept"
        ? api.post("/user/invitations/{id}/accept", { path: { id } })
        : api.post("/user/invitations/{id}/decline", { path: { id } }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ["session", "orgs"] }),
        client.invalidateQueries({ queryKey: ["session", "invitations"] }),
        client.invalidateQueries({ queryKey: ["invitation"] }),
      ]),
  });
};
