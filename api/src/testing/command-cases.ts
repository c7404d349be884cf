/** What the idempotency walk (`idempotency-walk.test.ts`) needs to build a valid request per command. */

export type Caller = {
  /** ASCII, distinct per caller: it goes into names and labels, so callers' answers differ. */
  readonly name: string;
  /** The owner's session in the organisation: every right. */
  readonly token: string;
  readonly userId: string;
  readonly orgId: string;
  readonly siren: string;
  /** The organisation's open fiscal year, which holds `today`. */
  readonly yearId: string;
  /** A platform administrator's session. */
  readonly admin: string;
};

/** Seeding through the API, without keys. */
export type Seed = {
  readonly ok: (
    method: string,
    path: string,
    token: string | undefined,
    body?: unknown,
    headers?: Readonly<Record<string, string>>,
    // biome-ignore lint/suspicious/noExplicitAny: seeds read whatever JSON the route answers
  ) => Promise<any>;
  /** A multipart form POSTed (an attachment). */
  // biome-ignore lint/suspicious/noExplicitAny: seeds read whatever JSON the route answers
  readonly upload: (path: string, token: string, form: FormData) => Promise<any>;
  /** A newly registered user without an organisation. */
  readonly user: (name: string) => Promise<{ token: string; email: string; password: string; id: string }>;
  /** The token in the link of the last e-mail sent to `email` (a password renewal, an invitation). */
  readonly linkToken: (email: string) => string;
  readonly today: string;
  /**
   * A supplier's invoice (XP Z12-014's UC1, CII) delivered by the approved platform to the caller's
   * account there (its connection's client id): the flow's id. The platform is the outside world, so
   * this is the one seed not made through Registre's API.
   */
  readonly deliverSupplierInvoice: (clientId: string) => string;
  /**
   * A validated sales invoice of the caller's as the platform rejected it: its submission and a 213
   * recorded on its stream, as the sending reactor and the sync would (the platform's side, outside).
   */
  readonly rejectSalesInvoice: (orgId: string, docId: string, number: string) => Promise<void>;
  /** A SetupIntent confirmed by Stripe's card element (the provider's side, outside: its fake's). */
  readonly confirmCard: (setupIntentId: string) => void;
};

export type CommandBody =
  | { readonly json: unknown }
  | { readonly form: () => FormData }
  | { readonly octets: Uint8Array<ArrayBuffer> };

export type CommandRequest = {
  /** Under /api, with its query string. */
  readonly path: string;
  readonly token?: string | undefined;
  readonly body?: CommandBody | undefined;
  /** Headers of its own (a platform's signed webhook). */
  readonly headers?: Readonly<Record<string, string>> | undefined;
};

export type CommandCase = {
  /** The status the command answers when it runs. */
  readonly status: number;
  /**
   * What a retry answers once the first answer was lost before it was stored (a server that stopped
   * in between), when that is not `status`: a command that ends the very credentials it was sent with
   * (sign-out, organisation change, password renewal) cannot be authenticated again.
   */
  readonly afterLoss?: number;
  /**
   * The answer does not depend on who asks (resuming a read model that holds nothing back answers
   * the same to every administrator): another caller's own command cannot be told apart by it.
   */
  readonly sameForEveryCaller?: boolean;
  readonly build: (seed: Seed, caller: Caller) => Promise<CommandRequest>;
};

export const json = (value: unknown): CommandBody => ({ json: value });

/**
 * A company of each caller's (`name` and `types` for it, at `address`; its auxiliary accounts opened),
 * made on the first call for that caller and the same one after.
 */
export const companyOncePerCaller = (
  name: (c: Caller) => string,
  types: readonly string[],
  address: { line1: string; postalCode: string; city: string },
) => {
  const made = new Map<string, Promise<string>>();
  return (seed: Seed, c: Caller): Promise<string> => {
    let id = made.get(c.token);
    if (!id) {
      id = seed
        .ok("POST", "/contacts", c.token, {
          kind: "company",
          name: name(c),
          types,
          addresses: [address],
          acknowledgeDuplicates: true,
        })
        .then((b: { id: string }) => b.id);
      made.set(c.token, id);
    }
    return id;
  };
};

let sirens = 0;
/** Valid SIRENs (Luhn), one per call. */
export const nextSiren = () => {
  const base = String(100_000_00 + ++sirens * 7).padStart(8, "0");
  for (let check = 0; check <= 9; check++) {
    const digits = `${base}${check}`;
    const sum = [...digits].reduce((s, d, i) => {
      const n = Number(d) * (i % 2 === 1 ? 2 : 1);
      return s + (n > 9 ? n - 9 : n);
    }, 0);
    if (sum % 10 === 0) return digits;
  }
  throw new Error("no check digit");
};
