import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { type Env, flowError } from "./http.ts";
import {
  ACK_STATUSES,
  FLOW_DIRECTIONS,
  FLOW_PROFILES,
  FLOW_SYNTAXES,
  FLOW_TYPES,
  PROCESSING_RULES,
  type StoredFlow,
} from "./model.ts";
import { type FlowInfo, type Platform, submitFlow } from "./processing.ts";
import { publicFlow } from "./store.ts";

/**
 * The Flow service (XP Z12-013 annex A): `POST /v1/flows` (multipart flowInfo + file, answered 202),
 * `POST /v1/flows/search` (by updatedAfter, ascending), `GET /v1/flows/{flowId}?docType=` and
 * `GET /v1/healthcheck`. An account sees only its own flows.
 */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;

class Invalid extends Error {}

const oneOf = <T extends string>(values: readonly T[], value: unknown, field: string): T | undefined => {
  if (value === undefined) return undefined;
  if (typeof value !== "string" || !values.includes(value as T))
    throw new Invalid(`${field} must be one of ${values.join(", ")}.`);
  return value as T;
};

const shortText = (value: unknown, field: string, max: number): string | undefined => {
  if (value === undefined) return undefined;
  if (typeof value !== "string" || value.length > max)
    throw new Invalid(`${field} must be a text of at most ${max} characters.`);
  return value;
};

const parseFlowInfo = (raw: unknown): FlowInfo => {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw))
    throw new Invalid("flowInfo must be a JSON object.");
  const o = raw as Record<string, unknown>;
  const flowSyntax = oneOf(FLOW_SYNTAXES, o.flowSyntax, "flowInfo.flowSyntax");
  if (!flowSyntax) throw new Invalid("flowInfo.flowSyntax is required.");
  if (o.sha256 !== undefined && (typeof o.sha256 !== "string" || !/^[a-f0-9]{64}$/.test(o.sha256)))
    throw new Invalid("flowInfo.sha256 must be 64 lowercase hexadecimal digits.");
  const info: FlowInfo = { flowSyntax };
  const trackingId = shortText(o.trackingId, "flowInfo.trackingId", 36);
  const name = shortText(o.name, "flowInfo.name", 255);
  const processingRule = oneOf(PROCESSING_RULES, o.processingRule, "flowInfo.processingRule");
  const flowProfile = oneOf(FLOW_PROFILES, o.flowProfile, "flowInfo.flowProfile");
  if (trackingId !== undefined) info.trackingId = trackingId;
  if (name !== undefined) info.name = name;
  if (processingRule) info.processingRule = processingRule;
  if (flowProfile) info.flowProfile = flowProfile;
  if (typeof o.sha256 === "string") info.sha256 = o.sha256;
  return info;
};

type Where = {
  updatedAfter?: number;
  updatedBefore?: number;
  processingRule?: string[];
  flowType?: string[];
  flowDirection?: string[];
  trackingId?: string;
  ackStatus?: string;
};

const dateTime = (value: unknown, field: string): number | undefined => {
  if (value === undefined) return undefined;
  const t = typeof value === "string" && /^\d{4}-\d{2}-\d{2}T/.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(t)) throw new Invalid(`${field} must be a date-time (RFC 3339).`);
  return t;
};

const list = (values: readonly string[], value: unknown, field: string): string[] | undefined => {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) throw new Invalid(`${field} must be an array.`);
  for (const v of value) oneOf(values, v, `${field}[]`);
  return value as string[];
};

const parseSearch = (raw: unknown): { limit: number; where: Where; filters: Record<string, unknown> } => {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw))
    throw new Invalid("The body must be a JSON object.");
  const o = raw as Record<string, unknown>;
  const limit = o.limit ?? 25;
  if (typeof limit !== "number" || !Number.isInteger(limit) || limit < 1 || limit > 100)
    throw new Invalid("limit must be an integer from 1 to 100.");
  const w = o.where;
  if (typeof w !== "object" || w === null || Array.isArray(w)) throw new Invalid("where is required.");
  const filters = w as Record<string, unknown>;
  const where: Where = {};
  const set = <K extends keyof Where>(key: K, value: Where[K] | undefined) => {
    if (value !== undefined) where[key] = value;
  };
  set("updatedAfter", dateTime(filters.updatedAfter, "where.updatedAfter"));
  set("updatedBefore", dateTime(filters.updatedBefore, "where.updatedBefore"));
  set("processingRule", list(PROCESSING_RULES, filters.processingRule, "where.processingRule"));
  set("flowType", list(FLOW_TYPES, filters.flowType, "where.flowType"));
  set("flowDirection", list(FLOW_DIRECTIONS, filters.flowDirection, "where.flowDirection"));
  set("trackingId", shortText(filters.trackingId, "where.trackingId", 36));
  set("ackStatus", oneOf(ACK_STATUSES, filters.ackStatus, "where.ackStatus"));
  if (Object.keys(where).length === 0) throw new Invalid("where needs at least one criterion.");
  return { limit, where, filters };
};

const matches = (f: StoredFlow, w: Where): boolean => {
  const t = Date.parse(f.flow.updatedAt);
  return (
    (w.updatedAfter === undefined || t > w.updatedAfter) &&
    (w.updatedBefore === undefined || t < w.updatedBefore) &&
    (w.processingRule === undefined || w.processingRule.includes(f.flow.processingRule ?? "")) &&
    (w.flowType === undefined || w.flowType.includes(f.flow.flowType)) &&
    (w.flowDirection === undefined || w.flowDirection.includes(f.flow.flowDirection)) &&
    (w.trackingId === undefined || f.flow.trackingId === w.trackingId) &&
    (w.ackStatus === undefined || f.flow.acknowledgement.status === w.ackStatus)
  );
};

export const flowRoutes = (p: Platform) => {
  const app = new Hono<Env>();

  app.get("/v1/healthcheck", (c) => c.body(null, 200));

  app.post(
    "/v1/flows",
    bodyLimit({
      maxSize: MAX_FILE_BYTES + 64 * 1024,
      onError: (c) => flowError(c, 413, "FILE_SIZE_EXCEEDED", `The file exceeds ${MAX_FILE_BYTES} bytes.`),
    }),
    async (c) => {
      if (!(c.req.header("content-type") ?? "").toLowerCase().startsWith("multipart/form-data"))
        return flowError(c, 400, "INVALID_REQUEST", "The request must be multipart/form-data.");
      let form: Record<string, string | File>;
      try {
        form = await c.req.parseBody();
      } catch {
        return flowError(c, 400, "INVALID_REQUEST", "The multipart body cannot be read.");
      }
      const rawInfo = form.flowInfo;
      const file = form.file;
      if (rawInfo === undefined) return flowError(c, 400, "MISSING_REQUIRED_FIELD", "flowInfo is required.");
      if (!(file instanceof File)) return flowError(c, 400, "MISSING_REQUIRED_FIELD", "file is required.");
      if (file.size > MAX_FILE_BYTES)
        return flowError(c, 413, "FILE_SIZE_EXCEEDED", `The file exceeds ${MAX_FILE_BYTES} bytes.`);
      let info: FlowInfo;
      try {
        const text = typeof rawInfo === "string" ? rawInfo : await rawInfo.text();
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          throw new Invalid("flowInfo is not JSON.");
        }
        info = parseFlowInfo(json);
      } catch (error) {
        if (error instanceof Invalid) return flowError(c, 400, "INVALID_FLOW_INFO", error.message);
        throw error;
      }
      const bytes = new Uint8Array(await file.arrayBuffer());
      const stored = submitFlow(p, {
        owner: c.get("siren"),
        info,
        bytes,
        fileName: file.name || "flow",
        contentType: file.type || "application/octet-stream",
      });
      const f = stored.flow;
      return c.json(
        {
          flowId: f.flowId,
          submittedAt: f.submittedAt,
          ...(f.trackingId !== undefined && { trackingId: f.trackingId }),
          name: stored.fileName,
          ...(f.processingRule !== undefined && { processingRule: f.processingRule }),
          flowSyntax: f.flowSyntax,
          ...(f.flowProfile !== undefined && { flowProfile: f.flowProfile }),
          sha256: stored.sha256,
        },
        202,
      );
    },
  );

  app.post("/v1/flows/search", async (c) => {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return flowError(c, 400, "INVALID_REQUEST", "The body is not JSON.");
    }
    let search: ReturnType<typeof parseSearch>;
    try {
      search = parseSearch(body);
    } catch (error) {
      if (error instanceof Invalid) return flowError(c, 400, "INVALID_SEARCH", error.message);
      throw error;
    }
    const siren = c.get("siren");
    const results = p.store.state.flows
      .filter((f) => f.owner === siren && matches(f, search.where))
      .sort((a, b) => Date.parse(a.flow.updatedAt) - Date.parse(b.flow.updatedAt))
      .slice(0, search.limit)
      .map(publicFlow);
    return c.json({ limit: search.limit, filters: search.filters, results });
  });

  app.get("/v1/flows/:flowId", (c) => {
    const flowId = c.req.param("flowId");
    if (flowId.length > 36) return flowError(c, 400, "INVALID_REQUEST", "flowId has at most 36 characters.");
    const docType = c.req.query("docType") ?? "Metadata";
    if (!["Metadata", "Original", "Converted", "ReadableView"].includes(docType))
      return flowError(
        c,
        400,
        "INVALID_REQUEST",
        "docType is Metadata, Original, Converted or ReadableView.",
      );
    const f = p.store.flow(flowId);
    if (!f || f.owner !== c.get("siren"))
      return flowError(c, 404, "MISSING_RESOURCE", `No flow ${flowId} for this account.`);
    if (docType === "Metadata") return c.json(publicFlow(f));
    // The platform converts nothing; a PDF (Factur-X) is its own readable view.
    const readable = f.flow.flowSyntax === "Factur-X";
    if (docType === "Converted" || (docType === "ReadableView" && !readable))
      return flowError(c, 404, "MISSING_RESOURCE", `The flow ${flowId} has no ${docType} document.`);
    const safeName = f.fileName.replace(/[^\w.\- ]/g, "_");
    return c.body(Buffer.from(f.file, "base64"), 200, {
      "content-type": "application/octet-stream",
      "content-disposition": `attachment;filename="${safeName}"`,
    });
  });

  app.notFound((c) => flowError(c, 404, "MISSING_RESOURCE", "No such resource."));
  return app;
};
