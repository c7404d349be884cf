import { bankingView, CASH_ACCOUNT, DomainError, Rights } from "@registre/core";
import type { AppContext } from "../../context.ts";
import { loadOrganisation } from "../../documents/context.ts";
import { accessRoute, right } from "../../http/access.ts";
import { fileHeaders } from "../../http/downloads.ts";
import { commandMetadata, resourceApp, sessionOrg } from "../../http/openapi.ts";
import { localeOf } from "../../http/problem.ts";
import { loadBanking } from "../../payments/banking.ts";
import { renderDepositSlip } from "../../payments/deposit-slip.ts";
import { findDeposit, recordDeposit, waitingPayments } from "../../payments/deposits.ts";
import { depositList, toDeposit, toPayment } from "../../payments/queries.ts";
import { answer, body, errors, UuidParam } from "../../schemas/common.ts";
import {
  Deposit,
  DepositInit,
  DepositInitQuery,
  DepositInput,
  DepositList,
  PdfQuery,
} from "../../schemas/payments.ts";

/** Cheque and cash deposits, mounted at /accounting/deposits (`/init` before `/{id}`). */
export const depositRoutes = (ctx: AppContext) => {
  const app = resourceApp();

  app.openapi(
    accessRoute(ctx, right("banks", Rights.read), {
      method: "get",
      path: "/",
      operationId: "listDeposits",
      tags: ["Accounting"],
      responses: { 200: answer(DepositList, "The deposits, newest first"), ...errors },
    }),
    async (c) => c.json(await depositList(ctx, sessionOrg(c)), 200),
  );

  app.openapi(
    accessRoute(ctx, right("banks", Rights.read), {
      method: "get",
      path: "/init",
      operationId: "initDeposit",
      tags: ["Accounting"],
      description:
        "The payments received waiting in 5112 (cheques) or 530 (cash), for a bank when asked; never money paid out.",
      request: { query: DepositInitQuery },
      responses: { 200: answer(DepositInit, "The payments to deposit"), ...errors },
    }),
    async (c) => {
      const rows = await waitingPayments(ctx, sessionOrg(c), c.req.valid("query"));
      return c.json(
        { items: rows.map(toPayment), count: rows.length, total: rows.reduce((s, r) => s + r.amount, 0) },
        200,
      );
    },
  );

  app.openapi(
    accessRoute(ctx, right("banks", Rights.create), {
      method: "post",
      path: "/",
      operationId: "createDeposit",
      tags: ["Accounting"],
      description:
        "A deposit of the payments chosen, with its number and its entry (bank / 5112 or 530), in one commit.",
      request: body(DepositInput),
      responses: { 201: answer(Deposit, "Recorded"), ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const id = await recordDeposit(ctx, orgId, c.req.valid("json"), commandMetadata(c, ctx));
      return c.json(toDeposit(await findDeposit(ctx, orgId, id)), 201);
    },
  );

  app.openapi(
    accessRoute(ctx, right("banks", Rights.read), {
      method: "get",
      path: "/{id}",
      operationId: "getDeposit",
      tags: ["Accounting"],
      description: "A deposit by its id or its entry's mvt.",
      request: { params: UuidParam },
      responses: { 200: answer(Deposit, "The deposit"), ...errors },
    }),
    async (c) => c.json(toDeposit(await findDeposit(ctx, sessionOrg(c), c.req.valid("param").id)), 200),
  );

  app.openapi(
    accessRoute(ctx, right("banks", Rights.read), {
      method: "get",
      path: "/{id}/pdf",
      operationId: "getDepositSlip",
      tags: ["Accounting"],
      description: "The deposit slip (bordereau de remise), rendered on each call.",
      request: { params: UuidParam, query: PdfQuery },
      responses: {
        200: {
          description: "The PDF",
          content: { "application/pdf": { schema: { type: "string", format: "binary" } } },
        },
        ...errors,
      },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const deposit = await findDeposit(ctx, orgId, c.req.valid("param").id);
      const [banking, org] = await Promise.all([loadBanking(ctx, orgId), loadOrganisation(ctx, orgId)]);
      if (org.state.status !== "active") throw new DomainError("organisation.notFound", {}, 404);
      const bank = deposit.bank_id ? bankingView(banking.state).banks[deposit.bank_id] : undefined;
      const language = c.req.valid("query").lang ?? localeOf(c);
      const pdf = await renderDepositSlip({
        language,
        organisation: org.state.name,
        bankName: bank?.name ?? (language === "fr" ? "Banque" : "Bank"),
        iban: bank?.iban ?? null,
        account: deposit.bank_account,
        number: deposit.number,
        date: deposit.date,
        cash: deposit.source === CASH_ACCOUNT,
        payments: deposit.payments,
        total: deposit.total,
      });
      return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
        ...fileHeaders(`${deposit.number}.pdf`, "application/pdf"),
      }) as never;
    },
  );
  return app;
};
