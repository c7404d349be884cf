import type { MiddlewareHandler } from "hono";

/**
 * A request whose body the server did not read whole — refused before it was read (401, 404, 413 on
 * its declared length) or while it was (413 past the limit) — has its connection closed behind the
 * answer (`Connection: close`). Kept open, the rest of the body would be read and thrown away on the
 * event loop (@hono/node-server drains up to 64 MB or half a second of it), the work one hostile
 * client could make the server do for everyone; closed, the client's further bytes go nowhere.
 */
export const closeUnreadBodies = (): MiddlewareHandler => async (c, next) => {
  await next();
  const declared = c.req.header("content-length");
  const hasBody =
    (declared !== undefined && declared !== "0") || c.req.header("transfer-encoding") !== undefined;
  if (hasBody && (c.res.status === 413 || !c.req.raw.bodyUsed)) c.res.headers.set("connection", "close");
};
