import { type Caller, type CommandCase, json, type Seed } from "./command-cases.ts";

let n = 0;
const note = (c: Caller, published = false) => ({
  version: `${c.name}.${++n}`,
  date: "2026-12-01",
  titleFr: `Version ${c.name}`,
  titleEn: `Release ${c.name}`,
  bodyFr: "Nouveautés.\n\n- une",
  bodyEn: "What's new.\n\n- one",
  published,
});
const written = async (seed: Seed, c: Caller, published = false) =>
  seed.ok("POST", "/registre/releases", c.admin, note(c, published)) as Promise<{
    id: string;
    publishedAt: string;
  }>;

/** Requests of the release notes' commands: the platform administrator's, and a member's visit. */
export const releaseCommands: Readonly<Record<string, CommandCase>> = {
  createRelease: {
    status: 201,
    build: async (_, c) => ({ path: "/registre/releases", token: c.admin, body: json(note(c)) }),
  },
  updateRelease: {
    status: 200,
    build: async (seed, c) => ({
      path: `/registre/releases/${(await written(seed, c)).id}`,
      token: c.admin,
      body: json({ titleFr: `Changée ${c.name}`, published: true }),
    }),
  },
  deleteRelease: {
    status: 204,
    build: async (seed, c) => ({ path: `/registre/releases/${(await written(seed, c)).id}`, token: c.admin }),
  },
  seeReleases: {
    status: 204,
    build: async (seed, c) => ({
      path: "/releases/seen",
      token: c.token,
      body: json({ upTo: (await written(seed, c, true)).publishedAt }),
    }),
  },
};
