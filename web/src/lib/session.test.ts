import { describe, expect, test } from "vitest";
import {
  anonymous,
  applyLoginResponse,
  applyOrgChangeResponse,
  bearerToken,
  can,
  type KeyValueStore,
  loadSession,
  logout,
  OrgChangeError,
  orgChangeBody,
  type Session,
  saveSession,
} from "./session.ts";

const user = {
  id: "u1",
  email: "marie@example.fr",
  name: "Marie Martin",
  platformAdmin: false,
  storageProvider: "local",
  org: { id: "o1", name: "Atelier Démo SARL" },
  rights: [
    { c: "accounting", r: 30 },
    { c: "contacts", r: 4 },
  ],
};

const memoryStore = (): KeyValueStore & { data: Map<string, string> } => {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
};

describe("login response (spec sections 4 and 5)", () => {
  test("a token means logged in, with the token and the user", () => {
    const { session, outcome } = applyLoginResponse({ token: "rg_abc", user });
    expect(outcome).toBe("loggedIn");
    expect(session).toEqual({ status: "authenticated", token: "rg_abc", user });
    expect(bearerToken(session)).toBe("rg_abc");
  });

  test("a list of organisations means the multiple-organisations state, keeping the ticket", () => {
    const orgs = [
      { id: "o1", name: "Atelier Démo SARL" },
      { id: "o2", name: "Garage Moreau" },
    ];
    const { session, outcome } = applyLoginResponse({ orgs, ticket: "t-1" });
    expect(outcome).toBe("chooseOrg");
    expect(session).toEqual({ status: "multipleOrgs", orgs, ticket: "t-1" });
    expect(bearerToken(session)).toBeNull();
  });

  test("neither token nor organisations is a failed login: the session is cleared", () => {
    for (const response of [{}, { user }, { token: "" }, null, "ok", [], { orgs: "o1" }]) {
      const { session, outcome } = applyLoginResponse(response);
      expect(outcome, JSON.stringify(response)).toBe("failed");
      expect(session).toEqual(anonymous);
    }
  });

  test("a token with no usable user is refused rather than half logged in", () => {
    expect(applyLoginResponse({ token: "rg_abc", user: { name: "x" } }).outcome).toBe("failed");
  });

  test("the token wins when a response carries both", () => {
    const { outcome } = applyLoginResponse({ token: "rg_abc", user, orgs: [] });
    expect(outcome).toBe("loggedIn");
  });

  test("a user without organisation logs in with org null", () => {
    const { session } = applyLoginResponse({ token: "rg_abc", user: { ...user, org: null } });
    expect(session.status === "authenticated" && session.user.org).toBeNull();
  });
});

describe("organisation change", () => {
  test("replaces token and user", () => {
    const next = applyOrgChangeResponse({
      token: "rg_new",
      user: { ...user, org: { id: "o2", name: "Garage" } },
    });
    expect(next.status === "authenticated" && next.token).toBe("rg_new");
    expect(next.status === "authenticated" && next.user.org?.id).toBe("o2");
  });

  test("without a token, raises the response as an error", () => {
    const response = { orgs: [] };
    expect(() => applyOrgChangeResponse(response)).toThrow(OrgChangeError);
    try {
      applyOrgChangeResponse(response);
    } catch (error) {
      expect((error as OrgChangeError).response).toBe(response);
    }
  });

  test("the body carries the login ticket in the multiple-organisations state, nothing else otherwise", () => {
    const choosing: Session = { status: "multipleOrgs", orgs: [], ticket: "t-1" };
    expect(orgChangeBody(choosing, "o2")).toEqual({ orgId: "o2", ticket: "t-1" });
    const loggedIn: Session = { status: "authenticated", token: "rg", user };
    expect(orgChangeBody(loggedIn, "o2")).toEqual({ orgId: "o2" });
  });
});

describe("logout and storage", () => {
  test("logout clears the multiple-organisations flag, the token and the user", () => {
    const store = memoryStore();
    saveSession(store, { status: "multipleOrgs", orgs: [{ id: "o1", name: "A" }], ticket: "t" });
    expect(store.data.has("orgs")).toBe(true);
    saveSession(store, logout());
    expect([...store.data.keys()]).toEqual([]);

    saveSession(store, { status: "authenticated", token: "rg", user });
    saveSession(store, logout());
    expect([...store.data.keys()]).toEqual([]);
  });

  test("the token and user live under the keys token and user, and read back", () => {
    const store = memoryStore();
    const session: Session = { status: "authenticated", token: "rg_abc", user };
    saveSession(store, session);
    expect(store.data.get("token")).toBe("rg_abc");
    expect(JSON.parse(store.data.get("user") ?? "{}")).toEqual(user);
    expect(loadSession(store)).toEqual(session);
  });

  test("a token without a readable user reads as logged out", () => {
    const store = memoryStore();
    store.setItem("token", "rg_abc");
    store.setItem("user", "{not json");
    expect(loadSession(store)).toEqual(anonymous);
  });

  test("the multiple-organisations state survives a reload", () => {
    const store = memoryStore();
    const session: Session = { status: "multipleOrgs", orgs: [{ id: "o1", name: "A" }], ticket: "t" };
    saveSession(store, session);
    expect(loadSession(store)).toEqual(session);
  });
});

describe("rights", () => {
  const session: Session = { status: "authenticated", token: "rg", user };
  test("an action is allowed only with its bit (create 2, read 4, update 8, delete 16)", () => {
    expect(can(session, "accounting", "create")).toBe(true);
    expect(can(session, "accounting", "delete")).toBe(true);
    expect(can(session, "contacts", "read")).toBe(true);
    expect(can(session, "contacts", "update")).toBe(false);
    expect(can(session, "banks", "read")).toBe(false);
    expect(can(anonymous, "accounting", "read")).toBe(false);
  });
});
