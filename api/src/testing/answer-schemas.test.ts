import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { describe, expect, it } from "vitest";
import { answerChecker } from "./answer-schemas.ts";

const app = () => {
  const api = new OpenAPIHono();
  const Thing = z.object({ id: z.string(), amount: z.number().int().min(0) });
  api.openapi(
    createRoute({
      method: "get",
      path: "/things/{id}",
      request: { params: z.object({ id: z.string() }) },
      responses: { 200: { description: "A thing", content: { "application/json": { schema: Thing } } } },
    }),
    (c) => c.json({ id: c.req.valid("param").id, amount: 1 }, 200),
  );
  const outer = new OpenAPIHono();
  outer.route("/api", api);
  return outer;
};

describe("an answer held to its route's schema", () => {
  const check = answerChecker(app());

  it("passes an answer its schema parses", () => {
    expect(() => check("GET", "/api/things/7?full=1", 200, { id: "7", amount: 3 })).not.toThrow();
  });

  it("fails an answer off its schema, naming the route, the status and the field", () => {
    expect(() => check("GET", "/api/things/7", 200, { id: "7", amount: -3 })).toThrow(
      /GET \/api\/things\/\{id\} answered 200 off its schema:\n {2}amount: /,
    );
  });

  it("fails a success the route does not declare", () => {
    expect(() => check("GET", "/api/things/7", 201, { id: "7", amount: 3 })).toThrow(/does not declare/);
  });

  it("leaves alone what no route declares: another method, another path", () => {
    expect(() => check("POST", "/api/things/7", 200, {})).not.toThrow();
    expect(() => check("GET", "/api/other", 200, {})).not.toThrow();
  });
});
