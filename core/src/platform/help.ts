import { cleanText, requiredText } from "../accounting/text.ts";
import { type Decider, DomainError, type DomainEvent } from "../decider.ts";
import { releaseBody } from "../reference/releases.ts";

/**
 * The help articles (stream `help` of the platform pseudo-organisation): the platform administrator
 * writes one per screen, in French and English; the app shows it beside the screen it is about.
 */
export const helpStreamId = "help";
export const HELP_TITLE_MAX = 200;
/** A screen as the web app routes it: `/org/contacts`, `/org/docs/:type/:id` (parameters as `:name`). */
export const helpScreenPattern = /^\/[A-Za-z0-9:/_-]{0,199}$/;

export type HelpArticleText = {
  readonly screen: string;
  readonly titleFr: string;
  readonly titleEn: string;
  /** Plain paragraphs, lines starting with « - » a list: never HTML. */
  readonly bodyFr: string;
  readonly bodyEn: string;
};
export type HelpArticle = HelpArticleText & { readonly id: string };

export type HelpEvent =
  | DomainEvent<"HelpArticleWritten", HelpArticle>
  | DomainEvent<"HelpArticleChanged", HelpArticle>;
export type HelpState = { readonly articles: Readonly<Record<string, HelpArticle>> };
export type HelpCommand =
  | { readonly type: "WriteHelpArticle"; readonly id: string; readonly article: HelpArticleText }
  | { readonly type: "ChangeHelpArticle"; readonly id: string; readonly change: Partial<HelpArticleText> };

const textOf = (input: HelpArticleText): HelpArticleText => {
  const screen = cleanText(input.screen).replace(/\/+$/, "") || "/";
  if (!helpScreenPattern.test(screen))
    throw new DomainError("help.invalidScreen", { field: "screen", value: input.screen });
  return {
    screen,
    titleFr: requiredText(input.titleFr, "titleFr", HELP_TITLE_MAX),
    titleEn: requiredText(input.titleEn, "titleEn", HELP_TITLE_MAX),
    bodyFr: releaseBody(input.bodyFr, "bodyFr"),
    bodyEn: releaseBody(input.bodyEn, "bodyEn"),
  };
};

/** One article per screen. */
const checkScreenFree = (state: HelpState, id: string, screen: string) => {
  if (Object.values(state.articles).some((a) => a.id !== id && a.screen === screen))
    throw new DomainError("help.duplicateScreen", { field: "screen", value: screen }, 409);
};

const same = (a: HelpArticleText, b: HelpArticleText) =>
  a.screen === b.screen &&
  a.titleFr === b.titleFr &&
  a.titleEn === b.titleEn &&
  a.bodyFr === b.bodyFr &&
  a.bodyEn === b.bodyEn;

const decide = (command: HelpCommand, state: HelpState): HelpEvent[] => {
  switch (command.type) {
    case "WriteHelpArticle": {
      if (state.articles[command.id]) return [];
      const text = textOf(command.article);
      checkScreenFree(state, command.id, text.screen);
      return [{ type: "HelpArticleWritten", data: { id: command.id, ...text } }];
    }
    case "ChangeHelpArticle": {
      const current = state.articles[command.id];
      if (!current) throw new DomainError("help.notFound", { id: command.id }, 404);
      const { id: _id, ...before } = current;
      const text = textOf({ ...before, ...command.change });
      checkScreenFree(state, command.id, text.screen);
      return same(before, text) ? [] : [{ type: "HelpArticleChanged", data: { id: command.id, ...text } }];
    }
    default:
      return command satisfies never;
  }
};

export const helpDecider: Decider<HelpCommand, HelpEvent, HelpState> = {
  decide,
  evolve: (state, event) => ({ articles: { ...state.articles, [event.data.id]: event.data } }),
  initialState: () => ({ articles: {} }),
};
