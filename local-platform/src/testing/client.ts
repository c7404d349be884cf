import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { expect } from "vitest";
import type { AccountInput } from "../admin.ts";
import type { Flow } from "../model.ts";
import { type LocalPlatform, type LocalPlatformOptions, startLocalPlatform } from "../server.ts";
import { expectSchema, FIXTURES } from "./openapi.ts";

/**
 * What the platform's tests share: a platform started on a free port, a client of its standard API over
 * real HTTP (token, flows, search), and the fixtures (UC1 F202500003: seller 100000009, buyer 200000008).
 */
export const SELLER = {
  siren: "100000009",
  name: "LE VENDEUR",
  clientId: "seller",
  clientSecret: "seller-secret",
};
export const BUYER = {
  siren: "200000008",
  name: "LE CLIENT",
  clientId: "buyer",
  clientSecret: "buyer-secret",
};

export const fixture = (path: string): Uint8Array => new Uint8Array(readFileSync(new URL(path, FIXTURES)));
export const UC1_CII = "invoices/UC1_F202500003_00-INV_20250701_CII.xml";
export const UC1_UBL = "invoices/UC1_F202500003_00-INV_20250701_UBL.xml";
export const UC1_PDF = "invoices/UC1_F202500003_00-INV_20250701.pdf";
export const CDAR_205 = "cdar/examples/UC1_F202500003_05-CDV-205_Approuvee.xml";
export const CDAR_XSD = new URL("cdar/xsd/CrossDomainAcknowledgementAndResponse_100pD22B.xsd", FIXTURES);

export const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

export const startWithAccounts = async (
  options: LocalPlatformOptions = {},
  accounts: AccountInput[] = [SELLER, BUYER],
) => {
  const platform = await startLocalPlatform({ ackDelayMs: 5, log: () => {}, ...options });
  for (const account of accounts) platform.admin.putAccount(account);
  return platform;
};

export const token = async (platform: LocalPlatform, clientId: string, clientSecret: string) => {
  const response = await fetch(platform.tokenUrl, {
    method: "POST",
    body: new URLSearchParams({
      grant_type: "client_credentials",
      client_id: clientId,
      client_secret: clientSecret,
    }),
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { access_token: string; token_type: string; expires_in: number };
  expect(body.token_type).toBe("Bearer");
  return body.access_token;
};

/** A client of one account, over HTTP. */
export const client = async (
  platform: LocalPlatform,
  account: { clientId: string; clientSecret: string },
) => {
  const bearer = await token(platform, account.clientId, account.clientSecret);
  const auth = { authorization: `Bearer ${bearer}` };
  const submit = (info: Record<string, unknown>, file: Uint8Array, name = "invoice.xml") => {
    const form = new FormData();
    form.set("flowInfo", new Blob([JSON.stringify(info)], { type: "application/json" }));
    form.set("file", new Blob([file as Uint8Array<ArrayBuffer>]), name);
    return fetch(`${platform.flowUrl}/v1/flows`, { method: "POST", body: form, headers: auth });
  };
  /** Submits and checks the 202 answer against FullFlowInfo. */
  const submitOk = async (info: Record<string, unknown>, file: Uint8Array, name?: string) => {
    const response = await submit(info, file, name);
    const body = await response.json();
    expect(response.status, JSON.stringify(body)).toBe(202);
    expectSchema("flow", "FullFlowInfo", body);
    return body as { flowId: string; submittedAt: string; sha256: string };
  };
  const search = async (where: Record<string, unknown>, limit?: number) => {
    const response = await fetch(`${platform.flowUrl}/v1/flows/search`, {
      method: "POST",
      body: JSON.stringify({ where, ...(limit !== undefined && { limit }) }),
      headers: { ...auth, "content-type": "application/json" },
    });
    const body = await response.json();
    expect(response.status, JSON.stringify(body)).toBe(200);
    expectSchema("flow", "SearchFlowContent", body);
    return (body as { results: Flow[] }).results;
  };
  const get = async (flowId: string) => {
    const response = await fetch(`${platform.flowUrl}/v1/flows/${flowId}`, { headers: auth });
    const body = await response.json();
    expect(response.status, JSON.stringify(body)).toBe(200);
    expectSchema("flow", "Flow", body);
    return body as Flow;
  };
  const file = async (flowId: string, docType = "Original") => {
    const response = await fetch(`${platform.flowUrl}/v1/flows/${flowId}?docType=${docType}`, {
      headers: auth,
    });
    expect(response.status).toBe(200);
    return new Uint8Array(await response.arrayBuffer());
  };
  /** The flow once acknowledged (the platform idle). */
  const settled = async (flowId: string) => {
    await platform.admin.idle();
    return get(flowId);
  };
  return { auth, bearer, submit, submitOk, search, get, file, settled };
};

export const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
