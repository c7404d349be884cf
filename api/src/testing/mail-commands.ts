import { type Caller, type CommandCase, json, type Seed } from "./command-cases.ts";

/** A draft quote of the caller's for a contact with an address (a quote is sent as a draft). */
const quoteToSend = async (seed: Seed, c: Caller) => {
  const contact = await seed.ok("POST", "/contacts", c.token, {
    kind: "company",
    name: `Client Mail ${c.name} ${Math.random().toString(36).slice(2, 8)}`,
    types: ["customer"],
    emails: [{ address: `client.${c.name.toLowerCase()}@exemple.fr` }],
    acknowledgeDuplicates: true,
  });
  return (
    await seed.ok("POST", "/docs", c.token, {
      kind: "quote",
      direction: "sales",
      issueDate: seed.today,
      contactId: contact.id,
      label: `Devis ${c.name}`,
    })
  ).id as string;
};

const template = (c: Caller) => ({
  name: `Modèle ${c.name}`,
  use: "quote",
  language: "fr",
  subject: `Devis {{number}} — ${c.name}`,
  body: `Bonjour,\n\nVoici le devis {{number}}.\n\n${c.name}`,
});

/** What the idempotency walk needs for the e-mail templates, document e-mails, reminders and help forms. */
export const mailCommands: Readonly<Record<string, CommandCase>> = {
  createEmailTemplate: {
    status: 201,
    build: async (_, c) => ({ path: "/emails/templates", token: c.token, body: json(template(c)) }),
  },
  updateEmailTemplate: {
    status: 200,
    build: async (_, c) => ({
      path: "/emails/templates/default-quote-fr",
      token: c.token,
      body: json({ ...template(c), name: "Envoi de devis" }),
    }),
  },
  deleteEmailTemplate: {
    status: 204,
    build: async (seed, c) => {
      const created = await seed.ok("POST", "/emails/templates", c.token, template(c));
      return { path: `/emails/templates/${created.id}`, token: c.token };
    },
  },
  previewEmailTemplate: {
    status: 200,
    build: async (_, c) => ({ path: "/emails/templates/preview", token: c.token, body: json(template(c)) }),
  },
  sendDocumentMail: {
    status: 200,
    build: async (seed, c) => ({
      path: `/docs/${await quoteToSend(seed, c)}/mail`,
      token: c.token,
      body: json({
        to: [`client.${c.name.toLowerCase()}@exemple.fr`],
        subject: `Votre devis — ${c.name}`,
        body: "Bonjour, voici notre devis.",
        language: "fr",
      }),
    }),
  },
  sendReminders: {
    status: 200,
    build: async (seed, c) => ({
      path: "/reminders/send",
      token: c.token,
      body: json({ ids: [await quoteToSend(seed, c)] }),
    }),
  },
  updateReminderSettings: {
    status: 200,
    build: async (_, c) => ({
      path: "/reminders/settings",
      token: c.token,
      body: json({ automatic: c.name === "Alice" }),
    }),
  },
  sendHelpMessage: {
    status: 200,
    sameForEveryCaller: true,
    build: async (_, c) => ({
      path: "/mail/help/send",
      token: c.token,
      body: json({ subject: `Question ${c.name}`, message: "Bonjour." }),
    }),
  },
  sendPublicHelpMessage: {
    status: 200,
    build: async (_, c) => ({
      path: "/mail/help/public/send",
      body: json({
        name: c.name,
        email: `${c.name.toLowerCase()}@exemple.fr`,
        subject: "Tarifs",
        message: "Bonjour.",
      }),
    }),
  },
};
