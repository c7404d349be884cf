import { type Decider, DomainError, type DomainEvent } from "../decider.ts";

/**
 * An organisation's connection to its approved e-invoicing platform (stream
 * `einvoicing-connection-<org>`): the standard API's two services and token endpoint, the client id,
 * and two secrets — the client secret the platform gave, the webhook's secret the platform signs its
 * calls with. The secrets arrive here already sealed by the shell (AES-256-GCM under the server key):
 * the core keeps them as opaque strings and never sees them in clear, and the log holds only sealed values.
 */
export const connectionStreamId = (orgId: string): string => `einvoicing-connection-${orgId}`;

/** The longest URL, client id and sealed secret kept. */
export const CONNECTION_LIMITS = { url: 500, clientId: 200, sealed: 2_000 } as const;

export type ConnectionSettings = {
  readonly flowUrl: string;
  readonly directoryUrl: string;
  readonly tokenUrl: string;
  readonly clientId: string;
};

export type SealedConnection = ConnectionSettings & {
  /** The client secret, sealed. */
  readonly clientSecret: string;
  /** The webhook's secret, sealed; null until one is generated or given. */
  readonly webhookSecret: string | null;
};

export type ConnectionEvent =
  | DomainEvent<"EInvoicingConnectionSet", SealedConnection>
  | DomainEvent<"EInvoicingConnectionRemoved", Record<string, never>>;

export type ConnectionCommand =
  | {
      readonly type: "SetEInvoicingConnection";
      /** The secrets: a new sealed value, or absent to keep the one set. */
      readonly data: ConnectionSettings & {
        readonly clientSecret?: string | undefined;
        readonly webhookSecret?: string | undefined;
      };
    }
  | { readonly type: "RemoveEInvoicingConnection"; readonly data: Record<string, never> };

export type ConnectionState = { readonly connection: SealedConnection | null };

/** An http(s) URL with a host and no credentials in it, nor spaces. */
const URL_SHAPE = /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?(\/[^\s?#]*)?$/i;

const checkUrl = (field: keyof ConnectionSettings, value: string) => {
  if (value.length > CONNECTION_LIMITS.url || !URL_SHAPE.test(value))
    throw new DomainError("einvoicing.invalidUrl", { field });
};

const decideSet = (
  data: Extract<ConnectionCommand, { type: "SetEInvoicingConnection" }>["data"],
  state: ConnectionState,
): ConnectionEvent[] => {
  checkUrl("flowUrl", data.flowUrl);
  checkUrl("directoryUrl", data.directoryUrl);
  checkUrl("tokenUrl", data.tokenUrl);
  const clientId = data.clientId.trim();
  if (clientId === "" || clientId.length > CONNECTION_LIMITS.clientId)
    throw new DomainError("einvoicing.invalidClientId", { field: "clientId" });
  const clientSecret = data.clientSecret ?? state.connection?.clientSecret;
  if (clientSecret === undefined)
    throw new DomainError("einvoicing.clientSecretRequired", { field: "clientSecret" });
  const webhookSecret = data.webhookSecret ?? state.connection?.webhookSecret ?? null;
  for (const [field, sealed] of [
    ["clientSecret", clientSecret],
    ["webhookSecret", webhookSecret],
  ] as const)
    if (sealed !== null && (sealed === "" || sealed.length > CONNECTION_LIMITS.sealed))
      throw new DomainError("einvoicing.invalidSecret", { field });
  const next: SealedConnection = {
    flowUrl: data.flowUrl,
    directoryUrl: data.directoryUrl,
    tokenUrl: data.tokenUrl,
    clientId,
    clientSecret,
    webhookSecret,
  };
  const current = state.connection;
  const same =
    current !== null &&
    (Object.keys(next) as (keyof SealedConnection)[]).every((key) => current[key] === next[key]);
  return same ? [] : [{ type: "EInvoicingConnectionSet", data: next }];
};

/** Setting the same connection again records nothing; removing none records nothing. */
export const connectionDecider: Decider<ConnectionCommand, ConnectionEvent, ConnectionState> = {
  decide: (command, state) => {
    switch (command.type) {
      case "SetEInvoicingConnection":
        return decideSet(command.data, state);
      case "RemoveEInvoicingConnection":
        return state.connection === null ? [] : [{ type: "EInvoicingConnectionRemoved", data: {} }];
    }
  },
  evolve: (_state, event) => {
    switch (event.type) {
      case "EInvoicingConnectionSet":
        return { connection: event.data };
      case "EInvoicingConnectionRemoved":
        return { connection: null };
    }
  },
  initialState: () => ({ connection: null }),
};
