import type { DatabaseKind } from "@registre/store";
import { createApp } from "../../api/src/app.ts";
import { openContext } from "../../api/src/bootstrap.ts";
import type { AppContext } from "../../api/src/context.ts";
import {
  atelierAuxiliaries,
  atelierLettering,
  atelierLineRef,
  atelierOperations,
} from "../../api/src/demo/books.ts";
import { openTestDatabase } from "../support/databases.ts";

/** An API whose clock the test sets: validation dates are the days the example's operations happen. */
export const openBooks = async (kind: DatabaseKind) => {
  let now = new Date("2025-01-01T08:00:00Z");
  const base = await openContext({}, await openTestDatabase(kind));
  const ctx: AppContext = { ...base, clock: () => now };
  await ctx.runner.start();
  const app = createApp(ctx);
  let token = "";
  let credentials: { email: string; password: string } | null = null;
  const call = async (
    method: string,
    path: string,
    body?: unknown,
    // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the route answers
  ): Promise<{ status: number; body: any }> => {
    const res = await app.request(`/api${path}`, {
      method,
      headers: { "content-type": "application/json", ...(token && { authorization: `Bearer ${token}` }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return {
      status: res.status,
      body: text && res.headers.get("content-type")?.includes("json") ? JSON.parse(text) : text,
    };
  };
  const ok = async (method: string, path: string, body?: unknown) => {
    const res = await call(method, path, body);
    if (res.status >= 300) throw new Error(`${method} ${path} -> ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const signIn = (t: string, login?: { email: string; password: string }) => {
    token = t;
    if (login) credentials = login;
  };
  /**
   * A new manager and her organisation, both signed in: `fields` over a Lyon SARL with its VAT number
   * and a calendar fiscal year. Answers the organisation's creation.
   */
  const openOrganisation = async (emailPrefix: string, fields: Record<string, unknown>) => {
    const login = {
      email: `${emailPrefix}.${Math.random().toString(36).slice(2)}@exemple.fr`,
      password: "motdepasse1",
    };
    const user = await ok("POST", "/register", { ...login, name: "Gérante" });
    signIn(user.token, login);
    const created = await ok("POST", "/user/orgs", {
      siren: "123456782",
      vatNumber: "FR11123456782",
      address: { line1: "5 rue des Artisans", postalCode: "69001", city: "Lyon", country: "FR" },
      fiscalYearStartMonth: 1,
      ...fields,
    });
    signIn(created.token);
    return created;
  };
  return {
    ctx,
    app,
    call,
    ok,
    openOrganisation,
    setDay: (day: string) => {
      now = new Date(`${day}T10:00:00Z`);
    },
    signIn,
    /** Sessions expire after 14 days of the test's clock: months later, sign in again. */
    token: () => token,
    signInAgain: async () => {
      if (!credentials) throw new Error("nobody signed in yet");
      token = (await ok("POST", "/login", credentials)).token;
    },
    close: async () => {
      await ctx.runner.stop();
      await ctx.database.close();
    },
  };
};

export type Books = Awaited<ReturnType<typeof openBooks>>;

/**
 * The example's books, kept through the API's real commands: the organisation, its customers'
 * and suppliers' accounts, the eleven entries validated on their days, and the two lettering sets.
 * Answers each operation's mvt.
 */
export const keepAtelierBooks = async (books: Books): Promise<Record<string, string>> => {
  const { ok } = books;
  books.setDay("2025-01-01");
  const email = `atelier.${Math.random().toString(36).slice(2)}@exemple.fr`;
  const user = await ok("POST", "/register", { email, password: "motdepasse1", name: "Gérante" });
  books.signIn(user.token, { email, password: "motdepasse1" });
  const created = await ok("POST", "/user/orgs", {
    name: "Atelier Démo SARL",
    siren: "123456782",
    vatNumber: "FR11123456782",
    fiscalYearStartMonth: 1,
    vatOnDebits: true,
  });
  books.signIn(created.token);
  for (const aux of atelierAuxiliaries) await ok("POST", "/accounting/accounts", aux);
  const mvts: Record<string, string> = {};
  for (const op of atelierOperations) {
    books.setDay(op.date);
    const entry = await ok("POST", "/accounting/entries", {
      journal: op.journal,
      date: op.date,
      pieceRef: op.pieceRef,
      pieceDate: op.pieceDate ?? op.date,
      label: op.label,
      lines: op.lines.map(([account, debit, credit, auxiliary]) => ({
        account,
        debit,
        credit,
        auxiliary: auxiliary ?? null,
      })),
      validate: true,
    });
    mvts[op.id] = entry.mvt;
  }
  books.setDay("2025-01-31");
  for (const set of atelierLettering)
    await ok("PUT", "/accounting/entries/mark", {
      lines: set.map(([id, account]) => atelierLineRef(mvts, id, account)),
    });
  return mvts;
};

/** The example's trial balance at 31/01/2025: account, movements, balances (cents). */
export const atelierTrialBalance: [
  account: string,
  debit: number,
  credit: number,
  balanceDebit: number,
  balanceCredit: number,
][] = [
  ["101000", 0, 1_000_000, 0, 1_000_000],
  ["218300", 100_000, 0, 100_000, 0],
  ["401000", 120_000, 120_000, 0, 0],
  ["404000", 0, 120_000, 0, 120_000],
  ["411000", 420_000, 340_000, 80_000, 0],
  ["445510", 0, 26_000, 0, 26_000],
  ["445620", 20_000, 20_000, 0, 0],
  ["445660", 20_000, 20_000, 0, 0],
  ["445710", 70_000, 70_000, 0, 0],
  ["512000", 1_316_000, 122_500, 1_193_500, 0],
  ["607000", 100_000, 0, 100_000, 0],
  ["627000", 2_500, 0, 2_500, 0],
  ["706000", 0, 150_000, 0, 150_000],
  ["707000", 0, 200_000, 0, 200_000],
  ["709000", 20_000, 0, 20_000, 0],
];
