/**
 * What one upload may cost, declared once per kind of upload (docs/architecture.md, "Uploads"). The
 * door checks the bytes as the body streams in, after authentication and before anything is buffered;
 * the readers in the worker pool check the rest while they read (lines, XML shape, what inflates);
 * the pool's budgets bound the time and memory of whatever a limit does not foresee.
 */

export const uploadKinds = [
  "contacts",
  "items",
  "statement",
  "fec",
  "supplierInvoice",
  "image",
  "attachment",
] as const;
export type UploadKind = (typeof uploadKinds)[number];

export type UploadLimit = {
  /** The request's body, refused past it while it streams in (413). */
  readonly bytes: number;
  /** Lines of a CSV or a FEC, a statement's entries, a vCard file's cards. */
  readonly lines: number;
  /** Elements nested in an XML document. */
  readonly xmlDepth: number;
  /** Elements of an XML document. */
  readonly xmlElements: number;
  /** Bytes of anything the reader inflates (a PDF's embedded invoice). */
  readonly inflatedBytes: number;
  /** How many times its compressed size an inflated stream may grow. */
  readonly inflateRatio: number;
  /** Pixels of an image (a logo, an avatar). */
  readonly pixels: number;
};

const MB = 1024 * 1024;

/** The limits Registre ships with; UPLOAD_LIMITS changes any of them (README, "Limits"). */
export const defaultUploadLimits: Readonly<Record<UploadKind, UploadLimit>> = {
  // 100,000 contacts is a large customer file (about 20 MB of CSV); a bigger one is split.
  contacts: limit({ bytes: 50 * MB, lines: 100_000 }),
  // An items file is written in one commit (imports/items-import.ts).
  items: limit({ bytes: 50 * MB, lines: 50_000 }),
  // A year of a busy account is a few thousand lines; CAMT.053 nests some ten elements deep.
  statement: limit({ bytes: 20 * MB, lines: 50_000, xmlDepth: 48, xmlElements: 2_000_000 }),
  // A FEC of a million lines is about 200 MB; the import reads it in one commit's memory.
  fec: limit({ bytes: 64 * MB, lines: 500_000 }),
  // An invoice's XML is tens of KB, its PDF a few MB; a Factur-X XML compresses 5 to 20 times.
  supplierInvoice: limit({
    bytes: 20 * MB,
    xmlDepth: 48,
    xmlElements: 200_000,
    inflatedBytes: 20 * MB,
    inflateRatio: 200,
  }),
  // A logo or an avatar: 2 MB (files/logos.ts) in its form's envelope, a 6,000 × 6,000 picture at most.
  image: limit({ bytes: 2 * MB + 64 * 1024, pixels: 36_000_000 }),
  // Stored as sent, never parsed: its bytes only (FILE_MAX_BYTES and the form's envelope).
  attachment: limit({ bytes: 20 * MB + 64 * 1024 }),
};

function limit(partial: Partial<UploadLimit> & { bytes: number }): UploadLimit {
  return {
    lines: 0,
    xmlDepth: 0,
    xmlElements: 0,
    inflatedBytes: 0,
    inflateRatio: 0,
    pixels: 0,
    ...partial,
  };
}

export type UploadLimits = Readonly<Record<UploadKind, UploadLimit>>;

const limitNames = [
  "bytes",
  "lines",
  "xmlDepth",
  "xmlElements",
  "inflatedBytes",
  "inflateRatio",
  "pixels",
] as const satisfies readonly (keyof UploadLimit)[];

const units: Readonly<Record<string, number>> = {
  "": 1,
  k: 1000,
  m: 1_000_000,
  kb: 1024,
  mb: MB,
  gb: 1024 * MB,
};

/**
 * UPLOAD_LIMITS: `kind.limit=value` pairs separated by commas, a value with an optional unit
 * (`k`, `M` thousands and millions; `KB`, `MB`, `GB` bytes), e.g. `statement.bytes=10MB,contacts.lines=50k`.
 * An unknown kind or limit, or a value that is not a positive whole number, stops the server at start.
 */
export const parseUploadLimits = (
  text: string | undefined,
  base: UploadLimits = defaultUploadLimits,
): UploadLimits => {
  const out = Object.fromEntries(uploadKinds.map((kind) => [kind, { ...base[kind] }])) as Record<
    UploadKind,
    Record<keyof UploadLimit, number>
  >;
  for (const pair of (text ?? "").split(",").map((p) => p.trim())) {
    if (pair === "") continue;
    const match = /^(\w+)\.(\w+)\s*=\s*(\d+)\s*([a-zA-Z]*)$/.exec(pair);
    const [, kind, name, digits, unit] = match ?? [];
    if (!kind || !name || !digits || !(uploadKinds as readonly string[]).includes(kind))
      throw new Error(
        `UPLOAD_LIMITS: "${pair}" is not kind.limit=value with a kind of ${uploadKinds.join(", ")}`,
      );
    if (!(limitNames as readonly string[]).includes(name))
      throw new Error(`UPLOAD_LIMITS: "${name}" is not one of ${limitNames.join(", ")}`);
    const factor = units[(unit ?? "").toLowerCase()];
    const value = Number(digits) * (factor ?? Number.NaN);
    if (!Number.isSafeInteger(value) || value <= 0)
      throw new Error(`UPLOAD_LIMITS: "${pair}" is not a positive whole number (units: k, M, KB, MB, GB)`);
    out[kind as UploadKind][name as keyof UploadLimit] = value;
  }
  return out;
};

/**
 * An attachment's limit follows FILE_MAX_BYTES (and its form's envelope) unless UPLOAD_LIMITS names it.
 */
export const withAttachmentBytes = (limits: UploadLimits, maxFileBytes: number): UploadLimits =>
  limits.attachment.bytes !== defaultUploadLimits.attachment.bytes
    ? limits
    : { ...limits, attachment: { ...limits.attachment, bytes: maxFileBytes + 64 * 1024 } };

/** A CSV statement's first lines: enough to propose a mapping, never the whole of a large file. */
export const STATEMENT_SAMPLE_BYTES = 256 * 1024;

/** The niceness of the threads that read files (`workers/worker.ts`): below the request loop's. */
export const WORKER_NICENESS = 10;

/** The budgets of one file's reading in the worker pool. */
export type WorkBudget = {
  /** Threads reading files at once, for the whole server. */
  readonly threads: number;
  /** Each thread's JavaScript heap; a file needing more is refused and its thread replaced. */
  readonly memoryMb: number;
  /** How long one file may take; past it the thread is stopped and replaced. */
  readonly timeMs: number;
  /** Files one organisation may have read or imported at once; the next answers 429. */
  readonly perOrganisation: number;
  /** Files waiting for a thread, for the whole server; past it 503. */
  readonly queue: number;
};

export const defaultWorkBudget: WorkBudget = {
  threads: 2,
  memoryMb: 512,
  timeMs: 30_000,
  perOrganisation: 2,
  queue: 32,
};

const positive = (name: string, text: string | undefined, fallback: number): number => {
  if (text === undefined || text === "") return fallback;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value <= 0)
    throw new Error(`${name}: "${text}" is not a positive whole number`);
  return value;
};

/** WORKER_THREADS, WORKER_MEMORY_MB, WORKER_TIME_MS, UPLOADS_PER_ORGANISATION, WORKER_QUEUE. */
export const parseWorkBudget = (variables: Readonly<Record<string, string | undefined>>): WorkBudget => ({
  threads: positive("WORKER_THREADS", variables.WORKER_THREADS, defaultWorkBudget.threads),
  memoryMb: positive("WORKER_MEMORY_MB", variables.WORKER_MEMORY_MB, defaultWorkBudget.memoryMb),
  timeMs: positive("WORKER_TIME_MS", variables.WORKER_TIME_MS, defaultWorkBudget.timeMs),
  perOrganisation: positive(
    "UPLOADS_PER_ORGANISATION",
    variables.UPLOADS_PER_ORGANISATION,
    defaultWorkBudget.perOrganisation,
  ),
  queue: positive("WORKER_QUEUE", variables.WORKER_QUEUE, defaultWorkBudget.queue),
});
