import frOrgs from "../../../i18n/locales/fr/orgs.json";

/** The event types that have a sentence (`orgs:history.sentences.*`). */
export type SentenceKey = keyof typeof frOrgs.history.sentences;

/** How the values of a sentence are written: money from cents, days, people, settings. */
export type SentenceFormat = {
  money: (cents: number) => string;
  day: (isoDay: string) => string;
  /** A user's name from an id; the id's short form when the name is not known. */
  user: (userId: string) => string;
  profile: (profile: string) => string;
  /** `label → value` for each changed setting of the organisation, joined. */
  settings: (changes: Record<string, unknown>) => string;
  /** "3 lignes". */
  lines: (n: number) => string;
  number: (n: number) => string;
};

/** What to say about an event: a sentence (its key and values) and, when useful, a detail line's parts. */
export type EventSentence = {
  key: SentenceKey;
  values: Record<string, string>;
  /** Parts of the secondary line (a label, a date, an amount), already written. */
  detail: string[];
};

type Summary = Record<string, unknown>;

const text = (summary: Summary, key: string): string => {
  const value = summary[key];
  return typeof value === "string" ? value : typeof value === "number" ? String(value) : "";
};
const num = (summary: Summary, key: string): number | null => {
  const value = summary[key];
  return typeof value === "number" && Number.isFinite(value) ? value : null;
};
const isRecord = (value: unknown): value is Summary =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** An entry's amount: the sum of its debits (lines may be summarised as a count, then no amount). */
const entryAmount = (summary: Summary): number | null => {
  const lines = summary.lines;
  if (!Array.isArray(lines)) return null;
  let total = 0;
  for (const line of lines) {
    if (isRecord(line) && typeof line.debit === "number") total += line.debit;
  }
  return total;
};

const countOf = (value: unknown): number | null =>
  Array.isArray(value) ? value.length : typeof value === "number" ? value : null;

const isSentenceKey = (key: string): key is SentenceKey => Object.hasOwn(frOrgs.history.sentences, key);

/**
 * The sentence of an event of the log, in the user's words: "Écriture OD000001 validée", "Compte
 * 401000 créé", amounts in euros, people by name; never a raw key of the stored event.
 */
export const eventSentence = (type: string, summary: Summary, f: SentenceFormat): EventSentence => {
  const s = summary;
  const detail: string[] = [];
  const amount = (cents: number | null) => {
    if (cents !== null) detail.push(f.money(cents));
  };
  const quoted = (value: string) => {
    if (value) detail.push(value);
  };
  const entry = () => {
    quoted(text(s, "label"));
    if (text(s, "date")) detail.push(f.day(text(s, "date")));
    if (text(s, "pieceRef")) detail.push(text(s, "pieceRef"));
    amount(entryAmount(s));
  };
  const values: Record<string, string> = {};
  switch (type) {
    case "OrganisationCreated":
      values.name = text(s, "name");
      values.siren = text(s, "siren").replace(/^(\d{3})(\d{3})(\d{3})$/, "$1\u00a0$2\u00a0$3");
      break;
    case "OrganisationRenamed":
      values.name = text(s, "name");
      values.previousName = text(s, "previousName");
      break;
    case "OrganisationSettingsChanged":
      values.changes = f.settings(isRecord(s.changes) ? s.changes : {});
      break;
    case "OrganisationLogoChanged":
      return { key: s.logo ? "OrganisationLogoChanged" : "OrganisationLogoRemoved", values, detail };
    case "MemberAdded":
    case "MemberRemoved":
    case "AuthAssignmentCreated":
    case "AuthAssignmentChanged":
    case "AuthAssignmentDeleted":
      values.user = text(s, "userId") ? f.user(text(s, "userId")) : "";
      values.profile = text(s, "profile") ? f.profile(text(s, "profile")) : "";
      break;
    case "MemberInvited":
      values.email = text(s, "email");
      values.profile = f.profile(text(s, "profile"));
      break;
    case "InvitationAccepted":
      values.user = f.user(text(s, "userId"));
      break;
    case "UserRegistered":
    case "UserRenamed":
      values.name = text(s, "name");
      values.email = text(s, "email");
      break;
    case "AuthItemCreated":
    case "AuthItemChanged":
      values.name = text(s, "name");
      break;
    case "ChartInitialised":
      values.count = f.number(countOf(s.accounts) ?? 0);
      break;
    case "AccountCreated":
    case "AccountUpdated":
    case "AccountClosed":
    case "AccountReopened":
    case "AccountDeleted":
      values.number = text(s, "number");
      quoted(text(s, "label"));
      break;
    case "JournalsInitialised":
      values.codes = Array.isArray(s.journals)
        ? s.journals.map((journal) => (isRecord(journal) ? text(journal, "code") : "")).join(", ")
        : "";
      break;
    case "JournalCreated":
    case "JournalUpdated":
    case "JournalDeleted":
      values.code = text(s, "code");
      quoted(text(s, "label"));
      break;
    case "FiscalYearOpened":
    case "FiscalYearRedefined":
      values.start = f.day(text(s, "start"));
      values.end = f.day(text(s, "end"));
      break;
    case "PeriodLocked":
      values.until = f.day(text(s, "until"));
      break;
    case "FiscalYearClosed":
      values.closedOn = text(s, "closedOn") ? f.day(text(s, "closedOn")) : "";
      break;
    case "EntryDrafted":
    case "EntryDraftChanged":
      values.journal = text(s, "journal");
      entry();
      break;
    case "EntryValidated":
      values.number = text(s, "number");
      entry();
      break;
    case "LinesLettered":
    case "LinesUnlettered":
      values.code = text(s, "code");
      values.account = [text(s, "account"), text(s, "auxiliary")].filter(Boolean).join(" · ");
      if (countOf(s.lines) !== null) detail.push(f.lines(countOf(s.lines) ?? 0));
      amount(num(s, "amount"));
      break;
    case "ClosingStepAdded":
      values.label = text(s, "label");
      break;
    default:
      break;
  }
  return { key: isSentenceKey(type) ? type : "unknown", values, detail };
};
