import account from "../locales/en/account.json";
import accounting from "../locales/en/accounting.json";
import app from "../locales/en/app.json";
import billing from "../locales/en/billing.json";
import common from "../locales/en/common.json";
import contacts from "../locales/en/contacts.json";
import docs from "../locales/en/docs.json";
import einvoicing from "../locales/en/einvoicing.json";
import ereporting from "../locales/en/ereporting.json";
import files from "../locales/en/files.json";
import imports from "../locales/en/imports.json";
import income from "../locales/en/income.json";
import items from "../locales/en/items.json";
import mail from "../locales/en/mail.json";
import orgs from "../locales/en/orgs.json";
import payments from "../locales/en/payments.json";
import platform from "../locales/en/platform.json";
import publicTexts from "../locales/en/public.json";
import reconcile from "../locales/en/reconcile.json";
import session from "../locales/en/session.json";
import validation from "../locales/en/validation.json";
import type { fr } from "./fr.ts";

/** The English catalogue: a chunk of its own, loaded when English is chosen (i18n.ts). */
// `satisfies` makes a key missing from the English resources a compile error.
export const en = {
  common,
  orgs,
  platform,
  session,
  public: publicTexts,
  app,
  account,
  billing,
  accounting,
  contacts,
  docs,
  einvoicing,
  ereporting,
  files,
  validation,
  items,
  imports,
  income,
  mail,
  payments,
  reconcile,
} satisfies typeof fr;
