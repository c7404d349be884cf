import { type Context, Hono } from "hono";
import { directoryError, type Env } from "./http.ts";
import { LOCAL_PLATFORM_ID } from "./model.ts";
import type { Store } from "./store.ts";

/**
 * The Directory service (XP Z12-013 annex B), read side: legal units by SIREN, facilities by SIRET,
 * directory lines (which platform receives for a SIREN), each by its code, its instance id or a search.
 * The directory holds the platform's own accounts (received here) and the businesses the admin API says
 * are reachable through other platforms. Writing the directory (routing codes, lines) is not offered:
 * 501, as the document allows.
 */
type DirectoryRecord = {
  siren: string;
  siret: string | null;
  name: string;
  platformId: string;
  idInstance: number;
};

const records = (store: Store): DirectoryRecord[] => [
  ...store.state.accounts.map((a) => ({
    siren: a.siren,
    siret: a.siret,
    name: a.name,
    platformId: LOCAL_PLATFORM_ID,
    idInstance: a.idInstance,
  })),
  ...store.state.directory.filter((d) => !store.account(d.siren)),
];

const legalUnitNoSiren = (r: DirectoryRecord) => ({
  businessName: r.name.slice(0, 150),
  entityType: "PrivateVatRegistered",
  administrativeStatus: "A",
});

const legalUnit = (r: DirectoryRecord) => ({
  siren: r.siren,
  ...legalUnitNoSiren(r),
  idInstance: r.idInstance,
});

const facility = (r: DirectoryRecord, withSiren: boolean) => ({
  siret: r.siret as string,
  siren: r.siren,
  name: r.name.slice(0, 100),
  facilityType: "P",
  diffusible: "O",
  administrativeStatus: "A",
  idInstance: r.idInstance,
  ...(withSiren && { legalUnit: legalUnitNoSiren(r) }),
});

const line = (r: DirectoryRecord) => ({
  idInstance: r.idInstance,
  addressingIdentifier: r.siren,
  siren: r.siren,
  platform: { platformType: "WK", platformStatus: "Enabled", platformId: r.platformId },
  legalUnit: legalUnitNoSiren(r),
});

class Invalid extends Error {}

/** Keeps only the `fields` asked (always among the resource's own). */
const pick = (o: Record<string, unknown>, fields: unknown): Record<string, unknown> => {
  if (fields === undefined) return o;
  if (!Array.isArray(fields) || fields.some((f) => typeof f !== "string"))
    throw new Invalid("fields must be an array of field names.");
  return Object.fromEntries(Object.entries(o).filter(([k]) => (fields as string[]).includes(k)));
};

type Filter = (r: DirectoryRecord, value: string) => boolean;

/** A search: `filters` ({field: {op, value}}), `sorting`, `fields`, `limit`, `ignore`. */
const search = async (
  c: Context,
  all: DirectoryRecord[],
  filters: Record<string, Filter>,
  payload: (r: DirectoryRecord, body: Record<string, unknown>) => Record<string, unknown>,
) => {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    return directoryError(c, 400, "INVALID_REQUEST", "The body is not JSON.");
  }
  try {
    if (typeof body !== "object" || body === null || Array.isArray(body))
      throw new Invalid("The body must be a JSON object.");
    const b = body as Record<string, unknown>;
    const limit = b.limit ?? 50;
    const ignore = b.ignore ?? 0;
    if (typeof limit !== "number" || !Number.isInteger(limit) || limit < 1 || limit > 1000)
      throw new Invalid("limit must be an integer from 1 to 1000.");
    if (typeof ignore !== "number" || !Number.isInteger(ignore) || ignore < 0)
      throw new Invalid("ignore must be a non-negative integer.");
    const asked = (b.filters ?? {}) as Record<string, unknown>;
    if (typeof asked !== "object" || asked === null || Array.isArray(asked))
      throw new Invalid("filters must be an object.");
    let found = all;
    for (const [name, criterion] of Object.entries(asked)) {
      const filter = filters[name];
      const value = (criterion as { value?: unknown } | null)?.value;
      if (!filter) throw new Invalid(`filters.${name} is not a filter of this search.`);
      if (typeof value !== "string") throw new Invalid(`filters.${name}.value must be a text.`);
      found = found.filter((r) => filter(r, value));
    }
    const sorting = Array.isArray(b.sorting)
      ? (b.sorting as { field?: string; sortingOrder?: string }[])
      : [];
    const sorted = found.map((r) => payload(r, b));
    for (const s of [...sorting].reverse()) {
      const field = s.field;
      if (typeof field !== "string") continue;
      const sign = s.sortingOrder === "descending" ? -1 : 1;
      sorted.sort((x, y) => sign * String(x[field] ?? "").localeCompare(String(y[field] ?? "")));
    }
    const results = sorted.slice(ignore, ignore + limit).map((o) => pick(o, b.fields));
    return c.json({ search: body, totalNumberOfResults: found.length, results });
  } catch (error) {
    if (error instanceof Invalid) return directoryError(c, 400, "INVALID_SEARCH", error.message);
    throw error;
  }
};

const contains = (text: string | null, value: string) =>
  (text ?? "").toLowerCase().includes(value.toLowerCase());

/** `code-insee:X` or `id-instance:N`, the two keys the paths name a resource by. */
const key = (raw: string): { by: "code"; value: string } | { by: "id"; value: number } | null => {
  const m = /^(code-insee|code|id-instance):(.*)$/.exec(decodeURIComponent(raw));
  if (!m) return null;
  if (m[1] === "id-instance") return /^\d{1,9}$/.test(m[2] ?? "") ? { by: "id", value: Number(m[2]) } : null;
  return { by: "code", value: m[2] ?? "" };
};

const fieldsQuery = (c: Context) => {
  const q = c.req.query("fields");
  return q === undefined ? undefined : q.split(",").filter(Boolean);
};

export const directoryRoutes = (store: Store) => {
  const app = new Hono<Env>();
  const notImplemented = (c: Context) =>
    directoryError(c, 501, "NOT_IMPLEMENTED", "This platform's directory is read-only.");

  app.get("/v1/healthcheck", (c) => c.body(null, 200));

  app.post("/v1/siren/search", (c) =>
    search(
      c,
      records(store),
      {
        siren: (r, v) => r.siren.includes(v),
        businessName: (r, v) => contains(r.name, v),
        entityType: (_r, v) => v === "PrivateVatRegistered",
        administrativeStatus: (_r, v) => v === "A",
      },
      legalUnit,
    ),
  );
  app.get("/v1/siren/:key", (c) => {
    const k = key(c.req.param("key"));
    if (!k || (k.by === "code" && !/^\d{9}$/.test(k.value)))
      return directoryError(c, 400, "INVALID_REQUEST", "A SIREN is 9 digits (code-insee:) or id-instance:N.");
    const r = records(store).find((x) => (k.by === "code" ? x.siren === k.value : x.idInstance === k.value));
    if (!r) return directoryError(c, 404, "NOT_FOUND", "No such legal unit in the directory.");
    return c.json(pick(legalUnit(r), fieldsQuery(c)));
  });

  const withSiret = () => records(store).filter((r) => r.siret !== null);
  app.post("/v1/siret/search", (c) =>
    search(
      c,
      withSiret(),
      {
        siret: (r, v) => (r.siret ?? "").includes(v),
        siren: (r, v) => r.siren.includes(v),
        name: (r, v) => contains(r.name, v),
        facilityType: (_r, v) => v === "P",
        administrativeStatus: (_r, v) => v === "A",
      },
      (r, body) => facility(r, Array.isArray(body.include) && body.include.includes("siren")),
    ),
  );
  app.get("/v1/siret/:key", (c) => {
    const k = key(c.req.param("key"));
    if (!k || (k.by === "code" && !/^\d{14}$/.test(k.value)))
      return directoryError(
        c,
        400,
        "INVALID_REQUEST",
        "A SIRET is 14 digits (code-insee:) or id-instance:N.",
      );
    const r = withSiret().find((x) => (k.by === "code" ? x.siret === k.value : x.idInstance === k.value));
    if (!r) return directoryError(c, 404, "NOT_FOUND", "No such facility in the directory.");
    const include = (c.req.query("include") ?? "").split(",");
    return c.json(pick(facility(r, include.includes("siren")), fieldsQuery(c)));
  });

  app.post("/v1/directory-line/search", (c) =>
    search(
      c,
      records(store),
      {
        addressingIdentifier: (r, v) => r.siren.includes(v),
        siren: (r, v) => r.siren.includes(v),
        siret: (r, v) => (r.siret ?? "").includes(v),
        routingIdentifier: () => false,
        addressingSuffix: () => false,
      },
      line,
    ),
  );
  app.get("/v1/directory-line/:key", (c) => {
    const k = key(c.req.param("key"));
    if (!k || (k.by === "code" && (k.value === "" || k.value.length > 125)))
      return directoryError(c, 400, "INVALID_REQUEST", "code:<addressing identifier> or id-instance:N.");
    const r = records(store).find((x) => (k.by === "code" ? x.siren === k.value : x.idInstance === k.value));
    if (!r) return directoryError(c, 404, "NOT_FOUND", "No such directory line.");
    return c.json(pick(line(r), fieldsQuery(c)));
  });

  app.post("/v1/directory-line", notImplemented);
  app.on(["PATCH", "DELETE"], "/v1/directory-line/:key", notImplemented);
  app.all("/v1/routing-code", notImplemented);
  app.all("/v1/routing-code/*", notImplemented);
  app.notFound((c) => directoryError(c, 404, "NOT_FOUND", "No such resource."));
  return app;
};
