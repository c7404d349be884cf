import { DomainError } from "@registre/core";
import { type AccountRow, type JournalRow, readModels } from "@registre/projections";
import type { AppContext } from "../context.ts";

/** The chart's accounts and the journals as the API answers them, read from the setup's read model. */

export const toAccount = (r: AccountRow) => ({
  number: r.number,
  kind: r.kind,
  label: r.label,
  labelEn: r.label_en,
  class: r.class,
  lettrable: r.lettrable,
  collective: r.collective,
  control: r.control,
  closed: r.closed,
});

/** One account by its number (any case); 404 `account.notFound`. */
export const findChartAccount = async (ctx: AppContext, orgId: string, number: string) => {
  const row = await readModels(ctx.database)
    .selectFrom("accounts")
    .selectAll()
    .where("org_id", "=", orgId)
    .where("number", "=", number.toUpperCase())
    .executeTakeFirst();
  if (!row) throw new DomainError("account.notFound", { number }, 404);
  return toAccount(row);
};

export const toJournal = (r: JournalRow) => ({
  code: r.code,
  label: r.label,
  labelEn: r.label_en,
  kind: r.kind,
  vat: r.vat,
  account: r.account,
});

/** The journals by code. */
export const listJournals = async (ctx: AppContext, orgId: string) =>
  (
    await readModels(ctx.database)
      .selectFrom("journals")
      .selectAll()
      .where("org_id", "=", orgId)
      .orderBy("code")
      .execute()
  ).map(toJournal);

/** One journal by its code (any case); 404 `journal.notFound`. */
export const findChartJournal = async (ctx: AppContext, orgId: string, code: string) => {
  const row = await readModels(ctx.database)
    .selectFrom("journals")
    .selectAll()
    .where("org_id", "=", orgId)
    .where("code", "=", code.toUpperCase())
    .executeTakeFirst();
  if (!row) throw new DomainError("journal.notFound", { code }, 404);
  return toJournal(row);
};
