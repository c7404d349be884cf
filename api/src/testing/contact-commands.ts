import { contactTabs } from "@registre/core";
import sharp from "sharp";
import { type CommandCase, json, type Seed } from "./command-cases.ts";

/** What the idempotency walk needs for the contacts' commands (`/contacts…`). */

let ibans = 0;
/** A valid French IBAN, a new one per call (an organisation refuses the same IBAN on two contacts). */
export const nextIban = (): string => {
  const account = String(1_000_000 + ++ibans).padStart(11, "0");
  // The RIB key: 97 - (89 × bank + 15 × branch + 3 × account) mod 97.
  const ribKey = 97n - ((89n * 30006n + 15n * 1n + 3n * BigInt(account)) % 97n);
  const bban = `3000600001${account}${String(ribKey).padStart(2, "0")}`;
  const digits = `${bban}FR00`.replace(/[A-Z]/g, (ch) => String(ch.charCodeAt(0) - 55));
  const check = 98n - (BigInt(digits) % 97n);
  return `FR${String(check).padStart(2, "0")}${bban}`;
};

type Caller = Parameters<CommandCase["build"]>[1];

const newContact = async (seed: Seed, c: Caller, body: Record<string, unknown> = {}) =>
  (await seed.ok("POST", "/contacts", c.token, {
    kind: "company",
    name: `Société ${c.name}`,
    types: ["prospect"],
    acknowledgeDuplicates: true,
    ...body,
  })) as { id: string };

/** The sub-resources: a body to add one, a body to change it, and how the added one is named. */
const subRecords: Readonly<
  Record<
    string,
    {
      add: (c: Caller, seed: Seed) => Promise<unknown>;
      change: (c: Caller) => unknown;
      single?: boolean;
      byKey?: boolean;
    }
  >
> = {
  addresses: {
    add: async (c) => ({ kind: "billing", line1: `1 rue ${c.name}`, postalCode: "75001", city: "Paris" }),
    change: (c) => ({ kind: "delivery", line1: `2 rue ${c.name}`, postalCode: "69001", city: "Lyon" }),
  },
  phones: {
    add: async () => ({ kind: "work", number: "01 42 68 53 00" }),
    change: () => ({ kind: "cellular", number: "06 12 34 56 78" }),
  },
  emails: {
    add: async (c) => ({ address: `${c.name.toLowerCase()}@exemple.fr` }),
    change: (c) => ({ address: `${c.name.toLowerCase()}.compta@exemple.fr` }),
  },
  ibans: {
    add: async () => ({ iban: nextIban() }),
    change: () => ({ iban: nextIban(), label: "Principal" }),
  },
  notes: {
    add: async (c) => ({ text: `Note de ${c.name}` }),
    change: (c) => ({ text: `Note revue de ${c.name}` }),
  },
  contacts: {
    add: async (c, seed) => ({
      contactId: (await newContact(seed, c, { kind: "person", lastName: `Employé ${c.name}` })).id,
    }),
    change: () => ({ job: "Gérant" }),
  },
  legals: {
    add: async (c) => ({ siren: "732829320", legalForm: `SAS ${c.name}` }),
    change: (c) => ({ siren: "552120222", legalForm: `SARL ${c.name}` }),
    single: true,
  },
  // Distinct per caller, so that one caller's answer cannot pass for another's.
  paymentTerms: {
    add: async (c) => ({ days: 20 + (c.name.charCodeAt(0) % 10) }),
    change: (c) => ({ days: 30 + (c.name.charCodeAt(0) % 10), endOfMonth: true }),
    single: true,
  },
  metas: {
    add: async (c) => ({ key: "secteur", value: c.name }),
    change: (c) => ({ value: `${c.name} bis` }),
    byKey: true,
  },
};

const recordCases = (path: string, spec: (typeof subRecords)[string]): Record<string, CommandCase> => {
  const added = async (seed: Seed, c: Caller) => {
    const contact = await newContact(seed, c);
    const record = await seed.ok("POST", `/contacts/${contact.id}/${path}`, c.token, await spec.add(c, seed));
    const id = spec.single ? "main" : spec.byKey ? record.key : record.id;
    return { contact, id, record };
  };
  /** The flat id: the contact's for a single record, `<contactId>:<key>` for a meta, else the record's. */
  const flatId = (contactId: string, id: string) =>
    spec.single ? contactId : spec.byKey ? `${contactId}:${id}` : id;
  return {
    [`addContact_${path}`]: {
      status: 201,
      build: async (seed, c) => ({
        path: `/contacts/${(await newContact(seed, c)).id}/${path}`,
        token: c.token,
        body: json(await spec.add(c, seed)),
      }),
    },
    [`changeContact_${path}`]: {
      status: 200,
      build: async (seed, c) => {
        const { contact, id, record } = await added(seed, c);
        const change = spec.change(c) as Record<string, unknown>;
        return {
          path: `/contacts/${contact.id}/${path}/${id}`,
          token: c.token,
          body: json(path === "contacts" ? { contactId: record.contactId, ...change } : change),
        };
      },
    },
    [`removeContact_${path}`]: {
      status: 204,
      build: async (seed, c) => {
        const { contact, id } = await added(seed, c);
        return { path: `/contacts/${contact.id}/${path}/${id}`, token: c.token };
      },
    },
    // The flat shape (`routes/contacts/flat.ts`): the contact named by parentId, the record by its flat id.
    [`addContactFlat_${path}`]: {
      status: 201,
      build: async (seed, c) => ({
        path: `/contacts/${path}`,
        token: c.token,
        body: json({ parentId: (await newContact(seed, c)).id, ...((await spec.add(c, seed)) as object) }),
      }),
    },
    [`changeContactFlat_${path}`]: {
      status: 200,
      build: async (seed, c) => {
        const { contact, id, record } = await added(seed, c);
        const change = spec.change(c) as Record<string, unknown>;
        return {
          path: `/contacts/${path}/${flatId(contact.id, id)}`,
          token: c.token,
          body: json(path === "contacts" ? { contactId: record.contactId, ...change } : change),
        };
      },
    },
    [`removeContactFlat_${path}`]: {
      status: 204,
      build: async (seed, c) => {
        const { contact, id } = await added(seed, c);
        return { path: `/contacts/${path}/${flatId(contact.id, id)}`, token: c.token };
      },
    },
  };
};

let imports = 0;
const octets = (text: string) => ({ octets: new TextEncoder().encode(text) as Uint8Array<ArrayBuffer> });

/** A tab per caller (their first letter), so that callers' answers differ. */
const tabOf = (c: Caller) => contactTabs[c.name.charCodeAt(0) % contactTabs.length];

export const contactCommands: Readonly<Record<string, CommandCase>> = {
  createContactPreferences: {
    status: 201,
    build: async (_, c) => ({
      path: "/contacts/pref",
      token: c.token,
      body: json({ scope: "me", tab: tabOf(c), status: "all" }),
    }),
  },
  updateContactPreferences: {
    status: 200,
    build: async (_, c) => ({
      path: "/contacts/pref/org",
      token: c.token,
      body: json({ tab: tabOf(c), sort: "-createdAt" }),
    }),
  },
  importContacts: {
    status: 200,
    build: async (_, c) => ({
      path: "/contacts/import",
      token: c.token,
      body: octets(`Raison sociale;Types\r\nImport ${c.name} ${++imports};client\r\n`),
    }),
  },
  createContact: {
    status: 201,
    build: async (_, c) => ({
      path: "/contacts",
      token: c.token,
      body: json({
        kind: "company",
        name: `Client ${c.name}`,
        types: ["customer", "supplier"],
        addresses: [{ line1: "3 quai Saint-Vincent", postalCode: "69001", city: "Lyon" }],
        acknowledgeDuplicates: true,
      }),
    }),
  },
  updateContact: {
    status: 200,
    build: async (seed, c) => ({
      path: `/contacts/${(await newContact(seed, c)).id}`,
      token: c.token,
      body: json({ name: `Société ${c.name} SAS`, types: ["customer"], criteria: ["VIP"] }),
    }),
  },
  deleteContact: {
    status: 204,
    build: async (seed, c) => ({
      path: `/contacts/${(await newContact(seed, c, { types: ["supplier"] })).id}`,
      token: c.token,
    }),
  },
  mergeContact: {
    status: 200,
    build: async (seed, c) => {
      const kept = await newContact(seed, c, { name: `Fusion ${c.name}` });
      const merged = await newContact(seed, c, { name: `Fusion ${c.name} bis` });
      return { path: `/contacts/${kept.id}/merge`, token: c.token, body: json({ from: merged.id }) };
    },
  },
  uploadContactAvatar: {
    status: 200,
    build: async (seed, c) => {
      const contact = await newContact(seed, c);
      const bytes = new Uint8Array(
        await sharp({ create: { width: 48, height: 48, channels: 3, background: "#5a3d1c" } })
          .png()
          .toBuffer(),
      );
      return {
        path: `/contacts/${contact.id}/avatars`,
        token: c.token,
        body: {
          form: () => {
            const form = new FormData();
            form.append("file", new File([bytes], "avatar.png", { type: "image/png" }));
            return form;
          },
        },
      };
    },
  },
  removeContactAvatar: {
    status: 204,
    build: async (seed, c) => ({
      path: `/contacts/${(await newContact(seed, c)).id}/avatars`,
      token: c.token,
    }),
  },
  archiveContact: {
    status: 200,
    build: async (seed, c) => ({
      path: `/contacts/${(await newContact(seed, c)).id}/archive`,
      token: c.token,
    }),
  },
  unarchiveContact: {
    status: 200,
    build: async (seed, c) => {
      const contact = await newContact(seed, c);
      await seed.ok("POST", `/contacts/${contact.id}/archive`, c.token);
      return { path: `/contacts/${contact.id}/unarchive`, token: c.token };
    },
  },
  updateContactSettings: {
    status: 200,
    build: async (_, c) => ({
      path: "/contacts/settings",
      token: c.token,
      body: json({ auxiliaryCodeMode: c.name.charCodeAt(0) % 2 ? "counter" : "name" }),
    }),
  },
  setContactPanel: {
    status: 200,
    build: async (seed, c) => ({
      path: `/contacts/${(await newContact(seed, c)).id}/panel/${c.name.charCodeAt(0) % 2 ? "meta" : "note"}`,
      token: c.token,
      body: json({ folded: true }),
    }),
  },
  addContactHistoryEntry: {
    status: 201,
    build: async (seed, c) => ({
      path: "/contacts/histories",
      token: c.token,
      body: json({
        contactId: (await newContact(seed, c)).id,
        date: "2026-05-04",
        kind: "call",
        text: c.name,
      }),
    }),
  },
  changeContactHistoryEntry: {
    status: 200,
    build: async (seed, c) => {
      const contact = await newContact(seed, c);
      const entry = await seed.ok("POST", "/contacts/histories", c.token, {
        contactId: contact.id,
        date: "2026-05-04",
        kind: "call",
        text: "Appel",
      });
      return {
        path: `/contacts/histories/${entry.id}`,
        token: c.token,
        body: json({ text: `Rappel ${c.name}` }),
      };
    },
  },
  removeContactHistoryEntry: {
    status: 204,
    build: async (seed, c) => {
      const contact = await newContact(seed, c);
      const entry = await seed.ok("POST", "/contacts/histories", c.token, {
        contactId: contact.id,
        date: "2026-05-04",
        kind: "visit",
        text: "Visite",
      });
      return { path: `/contacts/histories/${entry.id}`, token: c.token };
    },
  },
  ...Object.assign({}, ...Object.entries(subRecords).map(([path, spec]) => recordCases(path, spec))),
};
