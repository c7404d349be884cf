import { deciderSpecification } from "../testing/decider-specification.ts";
import type { ContactEvent, ContactLegalIdentity } from "./contact.ts";
import {
  type ContactAccountingContext,
  type ContactCommand,
  type CreateContact,
  contactDecider,
} from "./decide.ts";

export const spec = deciderSpecification(contactDecider);

export const id = "c-alpha";
export const byName: ContactAccountingContext = { codeMode: "name", takenCodes: [] };
export const byCounter: ContactAccountingContext = {
  codeMode: "counter",
  takenCodes: ["C00001", "C00007", "F00002"],
};

export const create = (
  data: Partial<CreateContact["data"]> = {},
  context: Partial<CreateContact["context"]> = {},
): ContactCommand => ({
  type: "CreateContact",
  data: { id, identity: { kind: "company", name: "Alpha SARL" }, types: ["prospect"], ...data },
  context: { duplicates: [], accounting: byName, ...context },
});

export const created = (
  data: Partial<Extract<ContactEvent, { type: "ContactCreated" }>["data"]> = {},
): ContactEvent => ({
  type: "ContactCreated",
  data: {
    id,
    identity: { kind: "company", name: "Alpha SARL" },
    types: ["prospect"],
    job: null,
    website: null,
    ...data,
  },
});

export const person: ContactEvent = {
  type: "ContactCreated",
  data: {
    id: "p-jean",
    identity: { kind: "person", firstName: "Jean", lastName: "Dupont" },
    types: ["customer"],
    job: null,
    website: null,
  },
};

export const assigned = (role: "customer" | "supplier", code: string): ContactEvent => ({
  type: "ContactAuxiliaryAccountAssigned",
  data: { role, control: role === "customer" ? "411000" : "401000", code },
});

export const legal: ContactLegalIdentity = {
  siren: "732829320",
  siret: "73282932000074",
  vatNumber: "FR44732829320",
  apeCode: "62.01Z",
  legalForm: "SARL",
  capital: "10000.00",
};

export const types = (...list: string[]): ContactCommand => ({
  type: "ChangeContactTypes",
  data: { types: list },
  context: { accounting: byName },
});
