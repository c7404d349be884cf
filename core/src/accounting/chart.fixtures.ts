import { deciderSpecification } from "../testing/decider-specification.ts";
import { type Account, type AccountDefinition, type ChartEvent, chartDecider } from "./chart.ts";
import { PCG_TEMPLATE_ID } from "./pcg/template.ts";

export const spec = deciderSpecification(chartDecider);

export type TemplateLine = {
  number: string;
  label: string;
  labelEn: string;
  lettrable: boolean;
  collective: boolean;
};
export const line = (number: string, label: string, labelEn: string, lettrable = false, collective = false) =>
  ({ number, label, labelEn, lettrable, collective }) satisfies TemplateLine;

export const template: readonly TemplateLine[] = [
  line("401000", "Fournisseurs", "Suppliers", true, true),
  line("411000", "Clients", "Customers", true, true),
  line("445710", "TVA collectée", "VAT collected"),
  line("467000", "Autres comptes débiteurs ou créditeurs", "Other debtors or creditors", true),
  line("512000", "Banques", "Banks"),
  line("706000", "Prestations de services", "Services"),
];

export const initialised = (accounts: readonly TemplateLine[] = template): ChartEvent => ({
  type: "ChartInitialised",
  data: { templateId: PCG_TEMPLATE_ID, accounts },
});

export const general = (number: string, label: string, extra: Partial<Account> = {}): ChartEvent => ({
  type: "AccountCreated",
  data: {
    number,
    kind: "general",
    label,
    labelEn: extra.labelEn ?? label,
    lettrable: extra.lettrable ?? false,
    collective: extra.collective ?? false,
    control: null,
  },
});

export const auxiliary = (number: string, label: string, control: string): ChartEvent => ({
  type: "AccountCreated",
  data: { number, kind: "auxiliary", label, labelEn: label, lettrable: true, collective: false, control },
});

export const create = (data: AccountDefinition) => ({ type: "CreateAccount", data }) as const;
export const createAux = (number: string, label: string, control: string) =>
  ({ type: "CreateAuxiliaryAccount", data: { number, label, control } }) as const;
export const closed = (number: string): ChartEvent => ({ type: "AccountClosed", data: { number } });
export const deleted = (number: string): ChartEvent => ({ type: "AccountDeleted", data: { number } });

export const stateOf = (events: readonly ChartEvent[]) =>
  events.reduce(chartDecider.evolve, chartDecider.initialState());
