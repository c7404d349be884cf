/** The French catalogue: the default language, shipped with the first load. */
import account from "../locales/fr/account.json";
import accounting from "../locales/fr/accounting.json";
import app from "../locales/fr/app.json";
import billing from "../locales/fr/billing.json";
import common from "../locales/fr/common.json";
import contacts from "../locales/fr/contacts.json";
import docs from "../locales/fr/docs.json";
import einvoicing from "../locales/fr/einvoicing.json";
import ereporting from "../locales/fr/ereporting.json";
import files from "../locales/fr/files.json";
import imports from "../locales/fr/imports.json";
import income from "../locales/fr/income.json";
import items from "../locales/fr/items.json";
import mail from "../locales/fr/mail.json";
import orgs from "../locales/fr/orgs.json";
import payments from "../locales/fr/payments.json";
import platform from "../locales/fr/platform.json";
import publicTexts from "../locales/fr/public.json";
import reconcile from "../locales/fr/reconcile.json";
import session from "../locales/fr/session.json";
import validation from "../locales/fr/validation.json";

export const fr = {
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
};
