import { queryOptions } from "@tanstack/react-query";
import { api, type Schemas } from "../../lib/api-client.ts";

export type ConnectionAnswer = Schemas["EInvoicingConnectionAnswer"];
export type ConnectionInput = Schemas["EInvoicingConnectionInput"];
export type ConnectionTestReport = Schemas["ConnectionTestReport"];
export type DirectoryLookup = NonNullable<Schemas["DirectoryLookup"]>;

/** The organisation's connection to its approved platform (`GET /einvoicing/connection`). */
export const connectionQuery = () =>
  queryOptions({
    queryKey: ["einvoicing", "connection"],
    queryFn: ({ signal }) => api.get("/einvoicing/connection", { signal }),
  });

export const saveConnection = (body: ConnectionInput) => api.put("/einvoicing/connection", { body });

export const removeConnection = () => api.delete("/einvoicing/connection");

export const testConnection = () => api.post("/einvoicing/connection/test", {});
