import { en } from "./catalogues/en.ts";
import { fr } from "./catalogues/fr.ts";

/** Every language's catalogue at once, for tests (the app loads English on demand: i18n.ts). */
export const resources = { fr, en } as const;
