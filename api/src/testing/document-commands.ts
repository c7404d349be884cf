import { type Caller, type CommandCase, json } from "./command-cases.ts";

/** Values that differ per caller, so that two callers' answers differ. */
const sizeOf = (c: Caller) => (c.name === "Alice" ? 20 : 30);

/** What the idempotency walk needs for the documents' commands (`/docs…`). */
export const documentCommands: Readonly<Record<string, CommandCase>> = {
  updateDocumentSettings: {
    status: 200,
    build: async (_, c) => ({
      path: "/docs/settings",
      token: c.token,
      body: json({ legalMentions: `SARL ${c.name}`, notes: `Merci ${c.name}` }),
    }),
  },
  createDocumentPreferences: {
    status: 201,
    build: async (_, c) => ({
      path: "/docs/pref",
      token: c.token,
      body: json({ scope: "me", pageSize: sizeOf(c), status: "draft" }),
    }),
  },
  updateDocumentPreferences: {
    status: 200,
    build: async (_, c) => ({
      path: "/docs/pref/org",
      token: c.token,
      body: json({ pageSize: sizeOf(c), sort: "number" }),
    }),
  },
  deleteDocumentPreferences: {
    status: 204,
    build: async (seed, c) => {
      await seed.ok("PUT", "/docs/pref/me", c.token, { pageSize: sizeOf(c) });
      return { path: "/docs/pref/me", token: c.token };
    },
  },
};
