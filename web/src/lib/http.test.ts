import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { json, stubFetch } from "./fetch-stub.ts";
import { ApiError, apiRequest } from "./http.ts";

/** Runs `call` while letting the retry waits pass at once. */
const settled = async <T>(call: Promise<T>): Promise<T> => {
  const outcome = call.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  await vi.runAllTimersAsync();
  const result = await outcome;
  if ("error" in result) throw result.error;
  return result.value;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("apiRequest and the Idempotency-Key", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  test("gives every command a key of its own, and reads none", async () => {
    const sent = stubFetch(json(201, { id: "1" }));
    await settled(apiRequest("/accounting/entries", { method: "POST", body: { a: 1 } }));
    await settled(apiRequest("/accounting/entries/mvt/1", { method: "DELETE" }));
    await settled(apiRequest("/accounting/entries"));
    const [first, second, read] = sent;
    expect(first?.headers["Idempotency-Key"]).toMatch(UUID);
    expect(second?.headers["Idempotency-Key"]).toMatch(UUID);
    expect(second?.headers["Idempotency-Key"]).not.toBe(first?.headers["Idempotency-Key"]);
    expect(read?.headers["Idempotency-Key"]).toBeUndefined();
  });

  test("sends the very same request again, key and body, after a network error and a 503", async () => {
    const sent = stubFetch(
      new TypeError("Failed to fetch"),
      json(503, { code: "service.unavailable", detail: "…" }, { "retry-after": "1" }),
      json(201, { mvt: "m1" }),
    );
    const created = await settled(
      apiRequest<{ mvt: string }>("/accounting/entries", { method: "POST", body: { label: "Loyer" } }),
    );
    expect(created).toEqual({ mvt: "m1" });
    expect(sent).toHaveLength(3);
    const keys = new Set(sent.map((s) => s.headers["Idempotency-Key"]));
    expect(keys.size).toBe(1);
    expect(sent.map((s) => s.body)).toEqual(Array(3).fill('{"label":"Loyer"}'));
  });

  test("reports a command still not visible after the retries with the server's words, as forms show errors", async () => {
    const detail = "Enregistré, mais pas encore visible : réessayez dans un instant.";
    const sent = stubFetch(json(202, { code: "command.notYetVisible", detail }, { "retry-after": "1" }));
    const error = await settled(apiRequest("/accounting/entries", { method: "POST", body: {} })).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: "problem", status: 202, message: detail });
    expect((error as ApiError).problem).toMatchObject({ code: "command.notYetVisible", detail });
    expect(sent.length).toBeGreaterThan(1);
    expect(new Set(sent.map((s) => s.headers["Idempotency-Key"])).size).toBe(1);
  });

  test("takes any other 202 as done (a password renewal e-mail sent)", async () => {
    stubFetch(json(202, { detail: "Un e-mail a été envoyé." }));
    expect(await settled(apiRequest("/password/renew", { method: "POST", body: {} }))).toEqual({
      detail: "Un e-mail a été envoyé.",
    });
  });

  test("does not send a read again after a network error", async () => {
    const sent = stubFetch(new TypeError("Failed to fetch"), json(200, {}));
    const error = await settled(apiRequest("/accounting/entries")).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "network" });
    expect(sent).toHaveLength(1);
  });
});
