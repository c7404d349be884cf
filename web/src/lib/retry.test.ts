import { describe, expect, test } from "vitest";
import { MAX_ATTEMPTS, newIdempotencyKey, retryAfterMs, sendWithRetries } from "./retry.ts";

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": status >= 400 ? "application/problem+json" : "application/json", ...headers },
  });

/** A `send` answering from a script (a Response, or an Error to throw), recording the waits asked for. */
const scripted = (...script: (Response | Error)[]) => {
  const waits: number[] = [];
  let sends = 0;
  const send = async () => {
    const next = script[Math.min(sends++, script.length - 1)];
    if (next instanceof Error) throw next;
    return next as Response;
  };
  const wait = async (ms: number) => {
    waits.push(ms);
  };
  return { send, wait, waits, sends: () => sends };
};

describe("a new Idempotency-Key", () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  test("is crypto.randomUUID, or a version-4 UUID of random bytes where the page withholds it", () => {
    expect(
      newIdempotencyKey({
        randomUUID: () => "0b7b6f0e-3d5a-4c8e-9f00-2a1b3c4d5e6f",
        getRandomValues: (a) => a,
      }),
    ).toBe("0b7b6f0e-3d5a-4c8e-9f00-2a1b3c4d5e6f");
    const insecure = { getRandomValues: crypto.getRandomValues.bind(crypto) };
    const keys = Array.from({ length: 50 }, () => newIdempotencyKey(insecure));
    for (const key of keys) expect(key).toMatch(UUID);
    expect(new Set(keys).size).toBe(50);
  });
});

describe("Retry-After", () => {
  test("reads seconds and HTTP dates, bounded between 200 ms and 5 s, with a fallback", () => {
    const now = Date.parse("2026-11-24T10:00:00Z");
    expect(retryAfterMs("2", 500, now)).toBe(2000);
    expect(retryAfterMs("Tue, 24 Nov 2026 10:00:03 GMT", 500, now)).toBe(3000);
    expect(retryAfterMs(null, 700, now)).toBe(700);
    expect(retryAfterMs("soon", 700, now)).toBe(700);
    expect(retryAfterMs("0", 700, now)).toBe(200);
    expect(retryAfterMs("3600", 700, now)).toBe(5000);
  });
});

describe("sending a command again", () => {
  test("after network errors, waiting longer each time, until an answer comes", async () => {
    const { send, wait, waits, sends } = scripted(
      new TypeError("offline"),
      new TypeError("offline"),
      json(201, {}),
    );
    const response = await sendWithRetries(send, { retryNetworkErrors: true }, wait);
    expect(response.status).toBe(201);
    expect(sends()).toBe(3);
    expect(waits).toEqual([500, 1000]);
  });

  test("never after a network error when the call may not be repeated (a read)", async () => {
    const { send, wait, sends } = scripted(new TypeError("offline"), json(200, {}));
    await expect(sendWithRetries(send, { retryNetworkErrors: false }, wait)).rejects.toThrow("offline");
    expect(sends()).toBe(1);
  });

  test("after a 503, as long as its Retry-After says", async () => {
    const { send, wait, waits } = scripted(
      json(503, { code: "service.unavailable" }, { "retry-after": "2" }),
      json(200, { ok: true }),
    );
    expect((await sendWithRetries(send, { retryNetworkErrors: true }, wait)).status).toBe(200);
    expect(waits).toEqual([2000]);
  });

  test("after a 202 not yet visible, and after 409 in progress; never after another 202 or 409", async () => {
    const visible = scripted(
      json(202, { code: "command.notYetVisible", detail: "…" }, { "retry-after": "1" }),
      json(409, { code: "idempotency.inProgress" }, { "retry-after": "1" }),
      json(201, { mvt: "m" }),
    );
    expect((await sendWithRetries(visible.send, { retryNetworkErrors: true }, visible.wait)).status).toBe(
      201,
    );
    expect(visible.waits).toEqual([1000, 1000]);
    for (const final of [json(202, { detail: "E-mail envoyé." }), json(409, { code: "account.duplicate" })]) {
      const once = scripted(final);
      expect(await sendWithRetries(once.send, { retryNetworkErrors: true }, once.wait)).toBe(final);
      expect(once.sends()).toBe(1);
    }
  });

  test(`gives up after ${MAX_ATTEMPTS} sends with the last answer, or the last network error`, async () => {
    const busy = scripted(json(503, {}, { "retry-after": "1" }));
    expect((await sendWithRetries(busy.send, { retryNetworkErrors: true }, busy.wait)).status).toBe(503);
    expect(busy.sends()).toBe(MAX_ATTEMPTS);
    const offline = scripted(new TypeError("offline"));
    await expect(sendWithRetries(offline.send, { retryNetworkErrors: true }, offline.wait)).rejects.toThrow();
    expect(offline.sends()).toBe(MAX_ATTEMPTS);
  });

  test("stops waiting, and sending, as soon as the call is aborted", async () => {
    const controller = new AbortController();
    let sends = 0;
    const pending = sendWithRetries(
      async () => {
        sends++;
        return json(503, {}, { "retry-after": "5" });
      },
      { retryNetworkErrors: true, signal: controller.signal },
    );
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
    expect(sends).toBe(1);
  });
});
