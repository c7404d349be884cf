import { describe, it } from "vitest";
import { deciderSpecification } from "../testing/decider-specification.ts";
import { refusedOnField } from "../testing/refusals.ts";
import { type ConnectionCommand, connectionDecider, type SealedConnection } from "./connection.ts";

const spec = deciderSpecification(connectionDecider);
const settings = {
  flowUrl: "https://api.pa.example/flow-service",
  directoryUrl: "https://api.pa.example/directory-service",
  tokenUrl: "https://auth.pa.example/oauth/token",
  clientId: "registre-acme",
};
const setTo = (
  data: Partial<Extract<ConnectionCommand, { type: "SetEInvoicingConnection" }>["data"]> = {},
): ConnectionCommand => ({ type: "SetEInvoicingConnection", data: { ...settings, ...data } });
const wasSet = (data: Partial<SealedConnection> = {}) => ({
  type: "EInvoicingConnectionSet" as const,
  data: { ...settings, clientSecret: "v1.sealed-a", webhookSecret: null, ...data },
});
const removed = { type: "EInvoicingConnectionRemoved" as const, data: {} };

describe("an organisation's e-invoicing connection", () => {
  it("is set with its sealed client secret, and changed keeping the secrets not given again", () => {
    spec
      .given([])
      .when(setTo({ clientSecret: "v1.sealed-a" }))
      .then([wasSet()]);
    spec
      .given([wasSet()])
      .when(setTo({ clientId: "registre-acme-2", webhookSecret: "v1.sealed-w" }))
      .then([wasSet({ clientId: "registre-acme-2", webhookSecret: "v1.sealed-w" })]);
    spec
      .given([wasSet()])
      .when(setTo({ clientSecret: "v1.sealed-b" }))
      .then([wasSet({ clientSecret: "v1.sealed-b" })]);
  });

  it("records nothing when set as it stands, or removed when there is none", () => {
    spec.given([wasSet()]).when(setTo()).then([]);
    spec
      .given([wasSet()])
      .when(setTo({ clientId: "  registre-acme " }))
      .then([]);
    spec.given([]).when({ type: "RemoveEInvoicingConnection", data: {} }).then([]);
    spec.given([wasSet(), removed]).when({ type: "RemoveEInvoicingConnection", data: {} }).then([]);
  });

  it("is removed, and then needs its client secret again", () => {
    spec.given([wasSet()]).when({ type: "RemoveEInvoicingConnection", data: {} }).then([removed]);
    spec
      .given([wasSet(), removed])
      .when(setTo())
      .thenThrows(refusedOnField("einvoicing.clientSecretRequired", "clientSecret"));
  });

  it("refuses a URL that is not http(s), carries credentials or is too long, naming its field", () => {
    const secret = { clientSecret: "v1.sealed-a" };
    for (const [field, value] of [
      ["flowUrl", "ftp://api.pa.example/flow-service"],
      ["directoryUrl", "https://user:pass@api.pa.example/directory-service"],
      ["tokenUrl", `https://auth.pa.example/${"a".repeat(500)}`],
      ["flowUrl", "https://api.pa.example/flow service"],
      ["tokenUrl", "javascript:alert(1)"],
    ] as const)
      spec
        .given([])
        .when(setTo({ ...secret, [field]: value }))
        .thenThrows(refusedOnField("einvoicing.invalidUrl", field));
  });

  it("refuses an empty or overlong client id, and an empty sealed secret", () => {
    spec
      .given([])
      .when(setTo({ clientSecret: "x", clientId: " " }))
      .thenThrows(refusedOnField("einvoicing.invalidClientId", "clientId"));
    spec
      .given([])
      .when(setTo({ clientSecret: "x", clientId: "c".repeat(201) }))
      .thenThrows(refusedOnField("einvoicing.invalidClientId", "clientId"));
    spec
      .given([])
      .when(setTo({ clientSecret: "" }))
      .thenThrows(refusedOnField("einvoicing.invalidSecret", "clientSecret"));
  });
});
