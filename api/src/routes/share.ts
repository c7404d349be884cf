import { documentSettlement, isPayable, type LiveDocument, type PaymentState } from "@registre/core";
import type { Context } from "hono";
import type { AppContext } from "../context.ts";
import { facturxXml, isFacturx } from "../documents/facturx.ts";
import { type PrintAddress, printedMentions, renderDocumentPdf } from "../documents/pdf/index.ts";
import { documentPrint } from "../documents/print.ts";
import { loadDocumentSettings } from "../documents/settings.ts";
import { logoUrls } from "../files/logos.ts";
import { resolveShare } from "../files/shares.ts";
import { accessRoute, PUBLIC } from "../http/access.ts";
import { addressSubject } from "../http/client-address.ts";
import { fileHeaders } from "../http/downloads.ts";
import { resourceApp } from "../http/openapi.ts";
import { localeOf, ProblemError } from "../http/problem.ts";
import { problemResponses } from "../http/schemas.ts";
import { requestAddress, tooManyAttempts } from "../identity/sign-in.ts";
import { loadPayment } from "../payments/payments.ts";
import { answer } from "../schemas/common.ts";
import { SharedDocument, ShareTokenQuery } from "../schemas/files.ts";

const tags = ["Share"];

const addressOf = (a: PrintAddress) => ({
  lines: [...a.lines],
  postcode: a.postcode,
  city: a.city,
  country: a.country ?? null,
});

/**
 * Where a validated invoice or credit note stands today, as its page says it (the read model's paid and
 * due: `documentDue`, `paymentStatus`), its allocations told apart into money and credit notes netted
 * (`documentSettlement`, from the payments that allocated it). Null for any other document.
 */
const settlementOf = async (ctx: AppContext, orgId: string, doc: LiveDocument) => {
  if (!isPayable(doc)) return null;
  const ids = [...new Set((doc.payments ?? []).map((p) => p.payment))];
  const loaded = await Promise.all(
    ids.map(async (id): Promise<[string, PaymentState]> => [id, (await loadPayment(ctx, orgId, id)).state]),
  );
  const s = documentSettlement(doc, Object.fromEntries(loaded));
  return { paidCents: s.paid, creditedCents: s.credited, dueCents: s.due, status: s.status };
};

/**
 * The public side of share links (`/share/docs?token=…`): the document as its customer sees it, and its
 * PDF (a validated sales invoice's or credit note's Factur-X). No session; limited per client address with the sign-in limits' counters (`shareAddress`), so a
 * token cannot be guessed by volume (it is 256 random bits anyway). Unknown, revoked and expired tokens
 * answer alike: 404 `share.invalidToken`, "Please contact the sender for more information".
 */
export const shareRoutes = (ctx: AppContext) => {
  const app = resourceApp();

  const open = async (c: Context, token: string | undefined, language: "fr" | "en") => {
    if (!token) throw new ProblemError(400, "share.missingToken", { field: "token" });
    const limit = await ctx.identity.limits.hit(
      ctx.identity.rules.shareAddress,
      addressSubject(requestAddress(ctx, c)),
      ctx.clock(),
    );
    if (!limit.allowed) throw tooManyAttempts(c, limit.retryAfterMs);
    const { doc, org } = await resolveShare(ctx, token);
    const settings = await loadDocumentSettings(ctx, org.orgId);
    return { doc, org, settings, print: await documentPrint(ctx, doc, org, settings.state, language) };
  };

  app.openapi(
    accessRoute(ctx, PUBLIC, {
      method: "get",
      path: "/docs",
      operationId: "getSharedDocument",
      tags,
      request: { query: ShareTokenQuery },
      responses: {
        200: answer(SharedDocument, "The document as its customer sees it"),
        ...problemResponses(400, 404, 422, 429),
      },
    }),
    async (c) => {
      const query = c.req.valid("query");
      const { doc, org, print } = await open(c, query.token, query.lang ?? localeOf(c));
      const p = print;
      const settlement = await settlementOf(ctx, org.orgId, doc);
      c.header("cache-control", "no-store");
      c.header("referrer-policy", "no-referrer");
      return c.json(
        {
          kind: p.kind,
          language: p.language,
          number: p.number,
          dates: p.dates,
          customerReference: p.customerReference ?? null,
          label: p.label ?? null,
          creditedInvoice: p.creditedInvoice ?? null,
          order: p.order ?? null,
          seller: {
            name: p.seller.name,
            address: addressOf(p.seller.address),
            siren: p.seller.siren,
            vatNumber: p.seller.vatNumber ?? null,
            email: p.seller.email ?? null,
            logo: logoUrls(org.orgId, org.logo ?? null),
            bank: p.seller.bank ? { iban: p.seller.bank.iban, bic: p.seller.bank.bic ?? null } : null,
          },
          customer: {
            name: p.customer.name,
            code: p.customer.code ?? null,
            siren: p.customer.siren ?? null,
            vatNumber: p.customer.vatNumber ?? null,
            billingAddress: addressOf(p.customer.billingAddress),
            deliveryAddress: p.customer.deliveryAddress ? addressOf(p.customer.deliveryAddress) : null,
          },
          lines: p.lines.map((l) =>
            l.type === "item"
              ? {
                  type: l.type,
                  reference: l.reference ?? null,
                  description: l.description,
                  quantity: l.quantity,
                  unit: l.unit ?? null,
                  unitPrice: l.unitPrice,
                  discountPercent: l.discountPercent ?? null,
                  vatRate: l.vatRate,
                  vatExemption: l.vatExemption ?? null,
                  netCents: l.netCents,
                }
              : l,
          ),
          totals: {
            vat: p.totals.vat.map((v) => ({ rate: v.rate, baseCents: v.baseCents, vatCents: v.vatCents })),
            excludingTaxCents: p.totals.excludingTaxCents,
            vatCents: p.totals.vatCents,
            includingTaxCents: p.totals.includingTaxCents,
            deposits: (p.totals.deposits ?? []).map((d) => ({
              number: d.number,
              date: d.date,
              includingTaxCents: d.includingTaxCents,
            })),
            dueCents: p.totals.dueCents,
          },
          settlement,
          mentions: {
            exemptions: [...(p.mentions.exemptions ?? [])],
            paymentTerms: p.mentions.paymentTerms ?? null,
            notes: [...(p.mentions.notes ?? [])],
            legalMentions: [...(p.mentions.legalMentions ?? [])],
            paragraphs: printedMentions(p),
          },
        },
        200,
      );
    },
  );

  app.openapi(
    accessRoute(ctx, PUBLIC, {
      method: "get",
      path: "/docs/pdf",
      operationId: "getSharedDocumentPdf",
      tags,
      request: { query: ShareTokenQuery },
      responses: {
        200: {
          description: "The PDF",
          content: { "application/pdf": { schema: { type: "string", format: "binary" } } },
        },
        ...problemResponses(400, 404, 422, 429),
      },
    }),
    async (c) => {
      const query = c.req.valid("query");
      const { doc, org, settings, print } = await open(c, query.token, query.lang ?? localeOf(c));
      // A validated sales invoice or credit note: its Factur-X, the e-invoice the customer can import.
      const pdf = await renderDocumentPdf(
        print,
        isFacturx(doc)
          ? (({ xml, conformance }) => ({ xml, conformance }))(facturxXml(doc, org, settings.state))
          : undefined,
      );
      const name = `${(doc.number ?? "brouillon").replace(/[^\w.-]+/g, "_")}.pdf`;
      return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
        ...fileHeaders(name, "application/pdf"),
        "cache-control": "no-store",
        "referrer-policy": "no-referrer",
      }) as never;
    },
  );
  return app;
};
