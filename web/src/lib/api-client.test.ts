import { afterEach, describe, expect, test, vi } from "vitest";
import { type AnswerOf, api, type CallOptions, type OperationOf, urlOf } from "./api-client.ts";
import { json, stubFetch } from "./fetch-stub.ts";

describe("urlOf", () => {
  test("puts each path parameter in, encoded", () => {
    expect(urlOf("/accounting/accounts/{id}", { path: { id: "401 A/B" } })).toBe(
      "/accounting/accounts/401%20A%2FB",
    );
    expect(urlOf("/accounting/balance-sheet/{id}/lines", { path: { id: "y1" } })).toBe(
      "/accounting/balance-sheet/y1/lines",
    );
  });

  test("appends the query, leaving out what is null, undefined or empty", () => {
    expect(urlOf("/accounting/accounts", { query: { q: "", class: 4, kind: null, x: undefined } })).toBe(
      "/accounting/accounts?class=4",
    );
    expect(urlOf("/accounting/accounts", { query: { q: "" } })).toBe("/accounting/accounts");
  });

  test("refuses a path parameter left out rather than calling a wrong URL", () => {
    expect(() => urlOf("/accounting/journals/{id}", {})).toThrow("{id}");
  });
});

describe("the typed client", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  test("sends a command through apiRequest: method, URL under /api, JSON body, Idempotency-Key", async () => {
    const journal = {
      code: "VT",
      label: "Ventes",
      labelEn: "Sales",
      kind: "sales",
      vat: true,
      account: null,
    };
    const sent = stubFetch(json(200, journal));
    const saved = await api.put("/accounting/journals/{id}", {
      path: { id: "VT" },
      body: { label: "Ventes" },
    });
    expect(saved).toEqual(journal);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      url: "/api/accounting/journals/VT",
      method: "PUT",
      body: '{"label":"Ventes"}',
    });
    expect(sent[0]?.headers["Idempotency-Key"]).toBeTruthy();
  });

  test("reads with the query and no key", async () => {
    const sent = stubFetch(json(200, { items: [] }));
    await api.get("/accounting/accounts", { query: { q: "banque", class: null } });
    expect(sent[0]).toMatchObject({ url: "/api/accounting/accounts?q=banque", method: "GET" });
    expect(sent[0]?.headers["Idempotency-Key"]).toBeUndefined();
  });

  test("takes the types of the OpenAPI document (checked by the typecheck)", () => {
    const journal: AnswerOf<"/accounting/journals/{id}", "get"> = {
      code: "VT",
      label: "Ventes",
      labelEn: "Sales",
      kind: "sales",
      vat: true,
      account: null,
    };
    // @ts-expect-error a kind of journal the API does not have
    const wrong: AnswerOf<"/accounting/journals/{id}", "get"> = { ...journal, kind: "payroll" };
    // @ts-expect-error the path parameter is required
    const noPath: CallOptions<OperationOf<"/accounting/journals/{id}", "get">> = {};
    const deleted: AnswerOf<"/accounting/journals/{id}", "delete"> = undefined;
    const renewal: AnswerOf<"/password/renew", "post"> = { detail: "Un e-mail a été envoyé." };
    // @ts-expect-error a command's 202 "not yet visible" is an error, never its answer
    const notYet: AnswerOf<"/accounting/entries", "post"> = { code: "command.notYetVisible", detail: "…" };
    // @ts-expect-error no such route
    const unknown = () => api.get("/accounting/nowhere");
    expect([journal.kind, wrong.kind, noPath, deleted, renewal, notYet, typeof unknown]).toEqual([
      "sales",
      "payroll",
      {},
      undefined,
      { detail: "Un e-mail a été envoyé." },
      { code: "command.notYetVisible", detail: "…" },
      "function",
    ]);
  });
});
