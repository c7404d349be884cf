import { accountingCommands } from "./accounting-commands.ts";
import { billingCommands } from "./billing-commands.ts";
import type { CommandCase } from "./command-cases.ts";
import { contactCommands } from "./contact-commands.ts";
import { documentCommands } from "./document-commands.ts";
import { einvoicingCommands } from "./einvoicing-commands.ts";
import { fileCommands } from "./file-commands.ts";
import { identityCommands } from "./identity-commands.ts";
import { itemCommands } from "./item-commands.ts";
import { mailCommands } from "./mail-commands.ts";
import { paymentCommands } from "./payment-commands.ts";
import { platformCommands } from "./platform-commands.ts";
import { platformInvoiceCommands } from "./platform-invoice-commands.ts";
import { reconcileCommands } from "./reconcile-commands.ts";
import { releaseCommands } from "./release-commands.ts";
import { statementCommands } from "./statement-commands.ts";

export type { Caller, CommandCase, CommandRequest, Seed } from "./command-cases.ts";

/**
 * A valid request per command operation of the OpenAPI document, seeded through the API, for the
 * idempotency walk (`idempotency-walk.test.ts`), which fails on an operation missing here.
 */
export const commandCases: Readonly<Record<string, CommandCase>> = {
  ...identityCommands,
  ...accountingCommands,
  ...itemCommands,
  ...releaseCommands,
  ...contactCommands,
  ...documentCommands,
  ...mailCommands,
  ...fileCommands,
  ...paymentCommands,
  ...reconcileCommands,
  ...statementCommands,
  ...einvoicingCommands,
  ...platformCommands,
  ...billingCommands,
  ...platformInvoiceCommands,
};
