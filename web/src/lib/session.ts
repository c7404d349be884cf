/**
 * The session, as the product spec defines it (sections 4 and 5), as pure functions over plain data.
 *
 * - logged out;
 * - logged in: a login (or organisation change) response carried a token; token and user are stored;
 * - multiple organisations: the login response carried a list of organisations (and a ticket) instead;
 *   the user must pick one, which yields a token.
 *
 * A login response with neither is a failed login and clears the session. An organisation change
 * without a token clears the session and raises the response as an error. Logout clears the
 * multiple-organisations state, the token and the user.
 */

export type Right = { c: string; r: number };

export type SessionOrg = { id: string; name: string };

export type SessionUser = {
  id: string;
  email: string;
  name: string;
  platformAdmin: boolean;
  storageProvider?: string;
  org: SessionOrg | null;
  rights: Right[];
};

export type Session =
  | { status: "anonymous" }
  | { status: "multipleOrgs"; orgs: SessionOrg[]; ticket: string | null }
  | { status: "authenticated"; token: string; user: SessionUser };

export const anonymous: Session = { status: "anonymous" };

export type LoginOutcome = "loggedIn" | "chooseOrg" | "failed";

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const isOrg = (value: unknown): value is SessionOrg =>
  isRecord(value) && typeof value.id === "string" && typeof value.name === "string";

const isRight = (value: unknown): value is Right =>
  isRecord(value) && typeof value.c === "string" && typeof value.r === "number";

/** Reads a session user from an untrusted body; null when its shape is not a user's. */
export const parseUser = (value: unknown): SessionUser | null => {
  if (!isRecord(value)) return null;
  if (typeof value.id !== "string" || typeof value.email !== "string") return null;
  const user: SessionUser = {
    id: value.id,
    email: value.email,
    name: typeof value.name === "string" ? value.name : value.email,
    platformAdmin: value.platformAdmin === true,
    org: isOrg(value.org) ? { id: value.org.id, name: value.org.name } : null,
    rights: Array.isArray(value.rights) ? value.rights.filter(isRight) : [],
  };
  if (typeof value.storageProvider === "string") user.storageProvider = value.storageProvider;
  return user;
};

const tokenOf = (body: Record<string, unknown>): string | null =>
  typeof body.token === "string" && body.token.length > 0 ? body.token : null;

/** The session after a login (or registration) response. */
export const applyLoginResponse = (response: unknown): { session: Session; outcome: LoginOutcome } => {
  if (!isRecord(response)) return { session: anonymous, outcome: "failed" };
  const token = tokenOf(response);
  if (token) {
    const user = parseUser(response.user);
    if (!user) return { session: anonymous, outcome: "failed" };
    return { session: { status: "authenticated", token, user }, outcome: "loggedIn" };
  }
  if (Array.isArray(response.orgs)) {
    const orgs = response.orgs.filter(isOrg).map((org) => ({ id: org.id, name: org.name }));
    const ticket = typeof response.ticket === "string" ? response.ticket : null;
    return { session: { status: "multipleOrgs", orgs, ticket }, outcome: "chooseOrg" };
  }
  return { session: anonymous, outcome: "failed" };
};

/** Raised when an organisation change answers without a token; carries the response. */
export class OrgChangeError extends Error {
  readonly response: unknown;
  constructor(response: unknown) {
    super("The organisation change did not return a token");
    this.name = "OrgChangeError";
    this.response = response;
  }
}

/**
 * The session after an organisation change: the token and user are replaced. Without a token the
 * session is cleared (the caller stores {@link anonymous}) and the response raised as an error.
 */
export const applyOrgChangeResponse = (response: unknown): Session => {
  if (!isRecord(response)) throw new OrgChangeError(response);
  const token = tokenOf(response);
  const user = parseUser(response.user);
  if (!token || !user) throw new OrgChangeError(response);
  return { status: "authenticated", token, user };
};

/** The body of `POST /user/orgs/change`: the ticket of a multiple-organisations login, if any. */
export const orgChangeBody = (session: Session, orgId: string): { orgId: string; ticket?: string } =>
  session.status === "multipleOrgs" && session.ticket ? { orgId, ticket: session.ticket } : { orgId };

export const logout = (): Session => anonymous;

export const bearerToken = (session: Session): string | null =>
  session.status === "authenticated" ? session.token : null;

/** Permission bits (spec section 6). */
export const permission = { create: 2, read: 4, update: 8, delete: 16 } as const;
export type Permission = keyof typeof permission;

/** Whether the session user may do that action on that resource code. */
export const can = (session: Session, code: string, action: Permission): boolean => {
  if (session.status !== "authenticated") return false;
  const right = session.user.rights.find((item) => item.c === code);
  return right !== undefined && (right.r & permission[action]) !== 0;
};

/** What the session leaves in storage. */
export const storageKeys = { token: "token", user: "user", orgs: "orgs" } as const;

export type KeyValueStore = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/**
 * Writes the session: token and user in local storage; the multiple-organisations state (a short-lived
 * ticket) under `orgs`. Every other key of the session is removed.
 */
export const saveSession = (store: KeyValueStore, session: Session): void => {
  for (const key of Object.values(storageKeys)) store.removeItem(key);
  if (session.status === "authenticated") {
    store.setItem(storageKeys.token, session.token);
    store.setItem(storageKeys.user, JSON.stringify(session.user));
  } else if (session.status === "multipleOrgs") {
    store.setItem(storageKeys.orgs, JSON.stringify({ orgs: session.orgs, ticket: session.ticket }));
  }
};

const parseJson = (text: string | null): unknown => {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

/** Reads the session back; anything incomplete or malformed reads as logged out. */
export const loadSession = (store: KeyValueStore): Session => {
  const token = store.getItem(storageKeys.token);
  if (token) {
    const user = parseUser(parseJson(store.getItem(storageKeys.user)));
    return user ? { status: "authenticated", token, user } : anonymous;
  }
  const pending = parseJson(store.getItem(storageKeys.orgs));
  if (isRecord(pending) && Array.isArray(pending.orgs)) {
    return applyLoginResponse({ orgs: pending.orgs, ticket: pending.ticket }).session;
  }
  return anonymous;
};
