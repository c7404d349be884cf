import { type Caller, type CommandCase, type CommandRequest, json, type Seed } from "./command-cases.ts";

let n = 0;

const quote = async (seed: Seed, c: Caller) =>
  (await seed.ok("POST", "/docs", c.token, { kind: "quote", direction: "sales", issueDate: seed.today }))
    .id as string;
const contact = async (seed: Seed, c: Caller) =>
  (
    await seed.ok("POST", "/contacts", c.token, {
      kind: "company",
      name: `Société fichiers ${c.name} ${++n}`,
      types: ["prospect"],
      acknowledgeDuplicates: true,
    })
  ).id as string;
const item = async (seed: Seed, c: Caller) =>
  (
    await seed.ok("POST", "/items", c.token, {
      use: "both",
      kind: "services",
      reference: `FICH-${c.name}-${++n}`,
      label: "Pièce jointe",
      vatRate: "20",
    })
  ).id as string;

/** A text file whose bytes differ per caller (so two callers' answers differ). */
const form = (c: Caller) => () => {
  const data = new FormData();
  data.append("file", new File([`Notes de ${c.name}\n`], `notes-${c.name}.txt`, { type: "text/plain" }));
  return data;
};

const owners = {
  Document: ["docs", quote],
  Contact: ["contacts", contact],
  Item: ["items", item],
} as const;

/** An owner with one file attached: its path prefix and the file's id. */
const attached = async (seed: Seed, c: Caller, prefix: string, id: string): Promise<string> => {
  const res = await seed.upload(`/${prefix}/${id}/files`, c.token, form(c)());
  return res.fileId as string;
};

const fileCases = (name: keyof typeof owners): Record<string, CommandCase> => {
  const [prefix, make] = owners[name];
  return {
    [`upload${name}File`]: {
      status: 201,
      build: async (seed, c): Promise<CommandRequest> => ({
        path: `/${prefix}/${await make(seed, c)}/files`,
        token: c.token,
        body: { form: form(c) },
      }),
    },
    [`delete${name}File`]: {
      status: 204,
      build: async (seed, c) => {
        const id = await make(seed, c);
        return { path: `/${prefix}/${id}/files/${await attached(seed, c, prefix, id)}`, token: c.token };
      },
    },
  };
};

/** Requests of the attachments' and share links' commands. */
export const fileCommands: Readonly<Record<string, CommandCase>> = {
  ...fileCases("Document"),
  ...fileCases("Contact"),
  ...fileCases("Item"),
  createDocumentShare: {
    status: 201,
    build: async (seed, c) => ({
      path: `/docs/${await quote(seed, c)}/shares`,
      token: c.token,
      body: json({ expiresAt: null }),
    }),
  },
  revokeDocumentShare: {
    status: 204,
    build: async (seed, c) => {
      const id = await quote(seed, c);
      const share = await seed.ok("POST", `/docs/${id}/shares`, c.token, {});
      return { path: `/docs/${id}/shares/${share.shareId}`, token: c.token };
    },
  },
};
