import {
  buildMatchIndex,
  type ExistingMovement,
  type MatchContact,
  type MatchIndex,
  type OpenInvoice,
} from "@registre/core";
import { readModels } from "@registre/projections";
import { sql } from "kysely";
import type { AppContext } from "../context.ts";

/**
 * What suggestions are made from, read from the read models: the open invoices and credit notes
 * (`documents`: validated, something due; a credit note's due signed as its refund moves the bank — out
 * to a customer, in from a supplier — so it is suggested for lines going that way) and the contacts with their IBANs (`contacts`), indexed once per organisation and kept
 * in memory while both read models stay as they were — checked on every request by one statement
 * counting the organisation's invoices and contacts and summing their versions (every event of theirs
 * moves a version, so an answer is never older than its key) —; and the bank's 512 movements no
 * statement line is matched to yet (`ledger_lines` of its account, named by `payments` and `deposits`,
 * less the lines of `bank_statement_lines` matched), read fresh each time.
 */
export type BankMatchData = {
  readonly index: MatchIndex;
  /** `<kind>:<id>` -> the 512 line a statement line is matched to. */
  readonly targets: ReadonlyMap<
    string,
    {
      readonly mvt: string;
      readonly line: number;
      readonly label: string;
      readonly number: string;
      readonly amount: number;
    }
  >;
  /** Each open invoice's side (sales or purchases). */
  readonly sides: ReadonlyMap<string, "sales" | "purchases">;
  /** The open documents that are credit notes: accepting one records a refund. */
  readonly creditNotes: ReadonlySet<string>;
};

const openInvoices = async (ctx: AppContext, orgId: string) => {
  const rows = await readModels(ctx.database)
    .selectFrom("documents")
    .select(["id", "number", "contact_id", "direction", "kind", "due", "issue_date", "due_date"])
    .where("org_id", "=", orgId)
    .where("kind", "in", ["invoice", "creditNote"])
    .where("due", ">", 0)
    .where("validated_on", "is not", null)
    .where("number", "is not", null)
    .where("contact_id", "is not", null)
    .execute();
  return rows.map((r) => ({
    invoice: {
      id: r.id,
      number: r.number ?? "",
      contactId: r.contact_id ?? "",
      // As the bank sees its settlement: a customer's invoice or a supplier's credit note comes in.
      due: (r.direction === "sales") === (r.kind === "invoice") ? Number(r.due) : -Number(r.due),
      date: r.issue_date,
      ...(r.due_date ? { dueDate: r.due_date } : {}),
    } satisfies OpenInvoice,
    side: r.direction as "sales" | "purchases",
    creditNote: r.kind === "creditNote",
  }));
};

const contacts = async (ctx: AppContext, orgId: string): Promise<MatchContact[]> => {
  const { rows } = await sql<{ id: string; name: string; ibans: string[] | null }>`
    select contact_id as id, name,
      (select array_agg(v->>'iban') from jsonb_each(coalesce(state->'ibans', '{}'::jsonb)) as e(k, v)) as ibans
    from ${sql.table("contacts")} where org_id = ${orgId} and status = 'active'`.execute(ctx.database.db);
  return rows.map((r) => ({ id: r.id, name: r.name, ibans: (r.ibans ?? []).filter(Boolean) }));
};

/** The bank account's 512 lines no statement line is matched to, with the payment or deposit they post. */
export const unmatchedMovements = async (ctx: AppContext, orgId: string, account: string, until?: string) => {
  const { rows } = await sql<{
    mvt: string;
    line: number;
    date: string;
    number: string;
    piece_ref: string;
    label: string;
    amount: string | number;
    payment_id: string | null;
    payment_ref: string | null;
    contact_id: string | null;
    deposit_id: string | null;
    deposit_number: string | null;
  }>`
    select l.mvt, l.line, l.date, l.number, l.piece_ref, l.label, l.debit - l.credit as amount,
      p.id as payment_id, p.reference as payment_ref, p.contact_id, d.id as deposit_id, d.number as deposit_number
    from ${sql.table("ledger_lines")} l
    left join ${sql.table("payments")} p on p.org_id = l.org_id and p.entry_mvt = l.mvt and p.status = 'validated'
    left join ${sql.table("deposits")} d on d.org_id = l.org_id and d.entry_mvt = l.mvt
    where l.org_id = ${orgId} and l.account = ${account}
      ${until ? sql`and l.date <= ${until}` : sql``}
      and not exists (select 1 from ${sql.table("bank_statement_lines")} s
        where s.org_id = l.org_id and s.match_mvt = l.mvt and s.match_line = l.line)
      and l.mvt not in (select c.entry_mvt from ${sql.table("payments")} c where c.org_id = ${orgId} and c.status = 'cancelled'
        union all select c.reversal_mvt from ${sql.table("payments")} c
        where c.org_id = ${orgId} and c.status = 'cancelled' and c.reversal_mvt is not null)
    order by l.date, l.mvt, l.line`.execute(ctx.database.db);
  return rows.map((r) => ({ ...r, amount: Number(r.amount) }));
};

type Invoices = Awaited<ReturnType<typeof openInvoices>>;
type Movements = Awaited<ReturnType<typeof unmatchedMovements>>;
type InvoiceIndex = {
  readonly index: MatchIndex;
  readonly sides: ReadonlyMap<string, "sales" | "purchases">;
  readonly creditNotes: ReadonlySet<string>;
};

const CACHED_ORGANISATIONS = 32;
const caches = new WeakMap<object, Map<string, { key: string; value: Promise<InvoiceIndex> }>>();

/** The organisation's invoices and contacts as they are: their counts and the sums of their versions. */
const freshness = async (ctx: AppContext, orgId: string): Promise<string> => {
  const { rows } = await sql<{ v: string }>`select
    (select count(*) || ':' || coalesce(sum(version), 0) from ${sql.table("documents")} where org_id = ${orgId})
    || '|' || (select count(*) || ':' || coalesce(sum(version), 0) from ${sql.table("contacts")} where org_id = ${orgId}) as v`.execute(
    ctx.database.db,
  );
  return rows[0]?.v ?? "";
};

export const invoiceIndex = async (ctx: AppContext, orgId: string): Promise<InvoiceIndex> => {
  const key = await freshness(ctx, orgId);
  let cache = caches.get(ctx.database);
  if (!cache) {
    cache = new Map();
    caches.set(ctx.database, cache);
  }
  const known = cache.get(orgId);
  if (known && known.key === key) return known.value;
  const value = Promise.all([openInvoices(ctx, orgId), contacts(ctx, orgId)]).then(
    ([invoices, people]: [Invoices, MatchContact[]]) => ({
      index: buildMatchIndex(
        invoices.map((i) => i.invoice),
        people,
      ),
      sides: new Map(invoices.map((i) => [i.invoice.id, i.side])),
      creditNotes: new Set(invoices.filter((i) => i.creditNote).map((i) => i.invoice.id)),
    }),
  );
  value.catch(() => cache.delete(orgId));
  cache.delete(orgId);
  cache.set(orgId, { key, value });
  if (cache.size > CACHED_ORGANISATIONS) cache.delete(cache.keys().next().value as string);
  return value;
};

export const withMovements = (invoices: InvoiceIndex, movements: Movements): BankMatchData => {
  const targets = new Map<
    string,
    { mvt: string; line: number; label: string; number: string; amount: number }
  >();
  const existing: ExistingMovement[] = movements.map((m) => {
    const movement: ExistingMovement = m.payment_id
      ? {
          id: m.payment_id,
          kind: "payment",
          amount: m.amount,
          date: m.date,
          ...(m.payment_ref ? { reference: m.payment_ref } : {}),
          ...(m.contact_id ? { contactId: m.contact_id } : {}),
        }
      : m.deposit_id
        ? {
            id: m.deposit_id,
            kind: "deposit",
            amount: m.amount,
            date: m.date,
            reference: m.deposit_number ?? "",
          }
        : { id: `${m.mvt}:${m.line}`, kind: "entry", amount: m.amount, date: m.date, reference: m.piece_ref };
    targets.set(`${movement.kind}:${movement.id}`, {
      mvt: m.mvt,
      line: m.line,
      label: m.label,
      number: m.number,
      amount: m.amount,
    });
    return movement;
  });
  const existingByAmount = new Map<number, ExistingMovement[]>();
  for (const e of existing) {
    const list = existingByAmount.get(e.amount);
    if (list) list.push(e);
    else existingByAmount.set(e.amount, [e]);
  }
  return {
    index: { ...invoices.index, existing, existingByAmount },
    targets,
    sides: invoices.sides,
    creditNotes: invoices.creditNotes,
  };
};

/** Every open invoice, contact and unmatched movement of the bank's account. */
export const bankMatchData = async (
  ctx: AppContext,
  orgId: string,
  account: string,
): Promise<BankMatchData> => {
  const [invoices, movements] = await Promise.all([
    invoiceIndex(ctx, orgId),
    unmatchedMovements(ctx, orgId, account),
  ]);
  return withMovements(invoices, movements);
};
