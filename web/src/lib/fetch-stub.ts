import { vi } from "vitest";

/** What a stubbed `fetch` was sent. */
export type Sent = { url: string; method: string; headers: Record<string, string>; body: unknown };

/**
 * For the tests: stubs `fetch` with a script of answers (a Response, or an Error to throw), the last
 * one answering every call past the script; records what was sent.
 */
export const stubFetch = (...script: (Response | Error)[]) => {
  const sent: Sent[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({
        url,
        method: init.method ?? "GET",
        headers: { ...(init.headers as Record<string, string>) },
        body: init.body,
      });
      const next = script[Math.min(sent.length - 1, script.length - 1)];
      if (next instanceof Error) throw next;
      return (next as Response).clone();
    }),
  );
  return sent;
};

/** An answer of the API: JSON, or problem+json from 400 on. */
export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": status >= 400 ? "application/problem+json" : "application/json", ...headers },
  });
