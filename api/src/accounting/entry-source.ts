import { correctionOf, DomainError, type EntryOrigin } from "@registre/core";
import { readModels } from "@registre/projections";
import type { AppContext } from "../context.ts";

/**
 * What posted an entry, named as its screens name it (a document by its number, a payment by its day,
 * contact and amount, a deposit by its number), and the bank statement line it is reconciled with.
 */
export type EntrySource = {
  readonly document: {
    readonly id: string;
    readonly direction: string;
    readonly kind: string;
    readonly number: string | null;
  } | null;
  readonly payment: {
    readonly id: string;
    readonly direction: string;
    readonly refund: boolean;
    readonly date: string;
    readonly amount: number;
    readonly contactName: string;
    readonly cancelled: boolean;
  } | null;
  readonly deposit: { readonly id: string; readonly number: string; readonly date: string } | null;
  readonly statementLine: {
    readonly statementId: string;
    readonly no: number;
    readonly bookingDate: string;
    readonly amount: number;
    readonly label: string;
  } | null;
};

/**
 * How the entry is corrected: reversed, through what posted it (`correctionOf`), or — reconciled with a
 * bank line — once that match is undone: reversed while matched, the line would stay matched to a
 * movement the books cancel.
 */
export type EntryCorrectionRoute = ReturnType<typeof correctionOf> | "unmatch";

export const correctionRoute = (origin: EntryOrigin, source: EntrySource): EntryCorrectionRoute => {
  const through = correctionOf(origin);
  if (through !== "reversal") return through;
  return source.statementLine ? "unmatch" : "reversal";
};

const documentSource = (ctx: AppContext, orgId: string, id: string) =>
  readModels(ctx.database)
    .selectFrom("documents")
    .select(["id", "direction", "kind", "number"])
    .where("org_id", "=", orgId)
    .where("id", "=", id)
    .executeTakeFirst();

const paymentSource = async (ctx: AppContext, orgId: string, id: string) => {
  const row = await readModels(ctx.database)
    .selectFrom("payments")
    .select(["id", "direction", "refund", "date", "amount", "contact_name", "status"])
    .where("org_id", "=", orgId)
    .where("id", "=", id)
    .executeTakeFirst();
  return row
    ? {
        id: row.id,
        direction: row.direction,
        refund: row.refund,
        date: row.date,
        amount: row.amount,
        contactName: row.contact_name,
        cancelled: row.status === "cancelled",
      }
    : undefined;
};

const depositSource = (ctx: AppContext, orgId: string, id: string) =>
  readModels(ctx.database)
    .selectFrom("deposits")
    .select(["id", "number", "date"])
    .where("org_id", "=", orgId)
    .where("id", "=", id)
    .executeTakeFirst();

const matchedLine = async (ctx: AppContext, orgId: string, mvt: string) => {
  const row = await readModels(ctx.database)
    .selectFrom("bank_statement_lines")
    .select(["statement_id", "no", "booking_date", "amount", "label"])
    .where("org_id", "=", orgId)
    .where("match_mvt", "=", mvt)
    .orderBy("booking_date")
    .orderBy("no")
    .executeTakeFirst();
  return row
    ? {
        statementId: row.statement_id,
        no: row.no,
        bookingDate: row.booking_date,
        amount: row.amount,
        label: row.label,
      }
    : null;
};

/** What posted entry `mvt` and the statement line matched to it (a draft is matched to none). */
export const entrySource = async (
  ctx: AppContext,
  orgId: string,
  mvt: string,
  origin: EntryOrigin,
  validated: boolean,
): Promise<EntrySource> => {
  const [document, payment, deposit, statementLine] = await Promise.all([
    origin.kind === "document" ? documentSource(ctx, orgId, origin.doc) : undefined,
    origin.kind === "payment" ? paymentSource(ctx, orgId, origin.payment) : undefined,
    origin.kind === "deposit" ? depositSource(ctx, orgId, origin.deposit) : undefined,
    validated ? matchedLine(ctx, orgId, mvt) : null,
  ]);
  return {
    document: document ?? null,
    payment: payment ?? null,
    deposit: deposit ?? null,
    statementLine,
  };
};

/**
 * Why « Create opposite entry » is refused for this entry, or `null` when it is the way to correct it:
 * each refusal says where the correction is made.
 */
export const reversalRefusal = (origin: EntryOrigin, source: EntrySource): DomainError | null => {
  switch (correctionRoute(origin, source)) {
    case "reversal":
      return null;
    case "document": {
      const number = source.document?.number ?? "";
      return source.document?.kind === "creditNote"
        ? new DomainError("entry.reverseCreditNote", { number }, 409)
        : new DomainError("entry.reverseInvoice", { number }, 409);
    }
    case "payment":
      return new DomainError("entry.reversePayment", { date: source.payment?.date ?? "" }, 409);
    case "deposit":
      return new DomainError("entry.reverseDeposit", { number: source.deposit?.number ?? "" }, 409);
    case "vatReturn":
      return new DomainError(
        "entry.reverseVatReturn",
        { period: origin.kind === "vatReturn" ? origin.period : "" },
        409,
      );
    case "unmatch":
      return new DomainError(
        "entry.reverseReconciled",
        { no: source.statementLine?.no ?? 0, date: source.statementLine?.bookingDate ?? "" },
        409,
      );
  }
};
