import { hasRight, type PaymentDirection, parisDate, Rights } from "@registre/core";
import type { Context } from "hono";
import type { AppContext } from "../../context.ts";
import { accessRoute, right, SESSION } from "../../http/access.ts";
import { commandMetadata, resourceApp, sessionOrg } from "../../http/openapi.ts";
import { ProblemError } from "../../http/problem.ts";
import type { AuthEnv } from "../../identity/auth.ts";
import { cancelPayment, recordPayment } from "../../payments/payments.ts";
import {
  contactAdvances,
  findPayment,
  listPayments,
  paymentHistory,
  toPayment,
} from "../../payments/queries.ts";
import { allocatePaymentRemainder } from "../../payments/remainder.ts";
import { answer, body, errors, UuidParam } from "../../schemas/common.ts";
import {
  AdvancesQuery,
  CancelPaymentInput,
  ContactAdvances,
  Payment,
  PaymentHistory,
  PaymentInput,
  PaymentList,
  PaymentListQuery,
  PaymentRemainderInput,
  PaymentWithDirectionInput,
} from "../../schemas/payments.ts";
import { paymentModeRoutes } from "./modes.ts";

const requirePaymentRight = (c: Context<AuthEnv>, direction: PaymentDirection, bit: number) => {
  const code = `${direction}.payments`;
  if (!hasRight(c.get("rights"), code, bit)) throw new ProblemError(403, "identity.forbidden", { code });
};

/** Payments, mounted at /payments: the modes first (their fixed path), then each side, then /{id}. */
export const paymentRoutes = (ctx: AppContext) => {
  const app = resourceApp();
  app.route("/modes", paymentModeRoutes(ctx));

  for (const direction of ["sales", "purchases"] as const) {
    app.openapi(
      accessRoute(ctx, right(`${direction}.payments`, Rights.read), {
        method: "get",
        path: `/${direction}`,
        operationId: direction === "sales" ? "listSalesPayments" : "listPurchasePayments",
        tags: ["Payments"],
        request: { query: PaymentListQuery },
        responses: { 200: answer(PaymentList, "The payments, newest first"), ...errors },
      }),
      async (c) => c.json(await listPayments(ctx, sessionOrg(c), direction, c.req.valid("query")), 200),
    );
    app.openapi(
      accessRoute(ctx, right(`${direction}.payments`, Rights.read), {
        method: "get",
        path: `/${direction}/advances`,
        operationId: direction === "sales" ? "listSalesAdvances" : "listPurchaseAdvances",
        tags: ["Payments"],
        description:
          "A contact's advances: its validated payments with an unallocated remainder (overpayments, money before the invoice), and their total, to allocate later.",
        request: { query: AdvancesQuery },
        responses: { 200: answer(ContactAdvances, "The advances, oldest first"), ...errors },
      }),
      async (c) =>
        c.json(await contactAdvances(ctx, sessionOrg(c), direction, c.req.valid("query").contactId), 200),
    );
    app.openapi(
      accessRoute(ctx, right(`${direction}.payments`, Rights.create), {
        method: "post",
        path: `/${direction}`,
        operationId: direction === "sales" ? "createSalesPayment" : "createPurchasePayment",
        tags: ["Payments"],
        description:
          "Records and validates a payment: its entry, its allocations and the lettering of the documents it settles, in one commit.",
        request: body(PaymentInput),
        responses: { 201: answer(Payment, "Recorded"), ...errors },
      }),
      async (c) => {
        const orgId = sessionOrg(c);
        const id = await recordPayment(ctx, orgId, direction, c.req.valid("json"), commandMetadata(c, ctx));
        return c.json(toPayment(await findPayment(ctx, orgId, id)), 201);
      },
    );
  }

  app.openapi(
    accessRoute(ctx, SESSION, {
      method: "post",
      path: "/",
      operationId: "createPayment",
      tags: ["Payments"],
      description: "A payment of either side, named in the body (`direction`).",
      request: body(PaymentWithDirectionInput),
      responses: { 201: answer(Payment, "Recorded"), ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const { direction, ...input } = c.req.valid("json");
      requirePaymentRight(c, direction, Rights.create);
      const id = await recordPayment(ctx, orgId, direction, input, commandMetadata(c, ctx));
      return c.json(toPayment(await findPayment(ctx, orgId, id)), 201);
    },
  );

  app.openapi(
    accessRoute(ctx, SESSION, {
      method: "get",
      path: "/{id}",
      operationId: "getPayment",
      tags: ["Payments"],
      request: { params: UuidParam },
      responses: { 200: answer(Payment, "The payment"), ...errors },
    }),
    async (c) => {
      const row = await findPayment(ctx, sessionOrg(c), c.req.valid("param").id);
      requirePaymentRight(c, row.direction as PaymentDirection, Rights.read);
      return c.json(toPayment(row), 200);
    },
  );

  app.openapi(
    accessRoute(ctx, SESSION, {
      method: "get",
      path: "/{id}/histories",
      operationId: "getPaymentHistory",
      tags: ["Payments"],
      request: { params: UuidParam },
      responses: { 200: answer(PaymentHistory, "The payment's events"), ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const row = await findPayment(ctx, orgId, c.req.valid("param").id);
      requirePaymentRight(c, row.direction as PaymentDirection, Rights.read);
      return c.json(await paymentHistory(ctx, orgId, row.id), 200);
    },
  );

  app.openapi(
    accessRoute(ctx, SESSION, {
      method: "post",
      path: "/{id}/allocations",
      operationId: "allocatePaymentRemainder",
      tags: ["Payments"],
      description:
        "Uses the payment's advance (what it left unallocated) on invoices or credit notes of its contact: a 411 / 411 transfer in OD, the documents' allocations and their lettering, in one commit; refused beyond the advance left (409 `payment.remainderExceeded`).",
      request: { params: UuidParam, ...body(PaymentRemainderInput) },
      responses: { 200: answer(Payment, "Allocated"), ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const row = await findPayment(ctx, orgId, c.req.valid("param").id);
      requirePaymentRight(c, row.direction as PaymentDirection, Rights.update);
      await allocatePaymentRemainder(ctx, orgId, row.id, c.req.valid("json"), commandMetadata(c, ctx));
      return c.json(toPayment(await findPayment(ctx, orgId, row.id)), 200);
    },
  );

  app.openapi(
    accessRoute(ctx, SESSION, {
      method: "put",
      path: "/{id}/cancel",
      operationId: "cancelPayment",
      tags: ["Payments"],
      description:
        "A reversal: the entry reversed on the date given, the allocations released, the lettering undone.",
      request: { params: UuidParam, ...body(CancelPaymentInput) },
      responses: { 200: answer(Payment, "Cancelled"), ...errors },
    }),
    async (c) => {
      const orgId = sessionOrg(c);
      const row = await findPayment(ctx, orgId, c.req.valid("param").id);
      requirePaymentRight(c, row.direction as PaymentDirection, Rights.update);
      const date = c.req.valid("json").date ?? parisDate(ctx.clock());
      await cancelPayment(ctx, orgId, row.id, date, commandMetadata(c, ctx));
      return c.json(toPayment(await findPayment(ctx, orgId, row.id)), 200);
    },
  );
  return app;
};
