import { cleanText } from "../accounting/text.ts";
import { type Decider, DomainError, type DomainEvent } from "../decider.ts";
import { compactIdentifier, isValidSiren } from "../identifiers.ts";
import { validateEmail } from "../validation/email.ts";
import { isValidVatNumber } from "../vat-number.ts";

/**
 * The platform's parameters (stream `params` of the platform pseudo-organisation): typed values the
 * platform administrator sets — the trial's length, the grace period, the platform's identity as a
 * seller — read by billing and the other platform features. The known ones always have a value (their
 * default until set); others may be added, changed and removed.
 */
export const paramsStreamId = "params";

export const paramTypes = ["integer", "money", "text", "boolean", "email", "siren", "vatNumber"] as const;
export type ParamType = (typeof paramTypes)[number];
export const paramKeyPattern = /^[a-z][A-Za-z0-9]{0,59}$/;
export const PARAM_TEXT_MAX = 1000;

/** A parameter: its key, its type, its value (always a string: `30`, `49.90`, `true`, a text). */
export type Param = {
  readonly key: string;
  readonly type: ParamType;
  readonly value: string;
  readonly description: string;
};

/** The parameters the product knows and reads, with their types and defaults. */
export const knownParams: readonly Param[] = [
  { key: "trialDays", type: "integer", value: "30", description: "Days of free trial of a new organisation" },
  {
    key: "graceDays",
    type: "integer",
    value: "14",
    description: "Days a failed payment is retried before read-only",
  },
  { key: "sellerName", type: "text", value: "", description: "The platform's company name, as a seller" },
  { key: "sellerSiren", type: "text", value: "", description: "The platform's SIREN (empty until set)" },
  {
    key: "sellerVatNumber",
    type: "text",
    value: "",
    description: "The platform's VAT number (empty until set)",
  },
  { key: "sellerAddress", type: "text", value: "", description: "The platform's postal address, one line" },
  { key: "sellerEmail", type: "text", value: "", description: "The address invoices are sent from" },
  { key: "sellerLegalForm", type: "text", value: "", description: "The platform's legal form (SAS, SARL…)" },
  {
    key: "sellerCapital",
    type: "text",
    value: "",
    description: "The platform's share capital in euros, printed on its invoices (empty until set)",
  },
  { key: "sellerSiret", type: "text", value: "", description: "The platform's SIRET (empty until set)" },
  {
    key: "sellerRcs",
    type: "text",
    value: "",
    description: "The platform's registration as printed (« RCS Paris 552 120 222 »)",
  },
];
/** Per known key, the check its value gets (a known text may be empty until set). */
const knownChecks: Readonly<Record<string, ParamType>> = {
  sellerSiren: "siren",
  sellerVatNumber: "vatNumber",
  sellerEmail: "email",
  sellerCapital: "money",
};

export type ParamEvent =
  | DomainEvent<"ParamSet", Param>
  | DomainEvent<"ParamRemoved", { readonly key: string }>;
export type ParamsState = { readonly params: Readonly<Record<string, Param>> };
export type ParamCommand =
  | {
      readonly type: "AddParam";
      readonly key: string;
      readonly paramType: ParamType;
      readonly value: string;
      readonly description?: string | undefined;
    }
  | {
      readonly type: "ChangeParam";
      readonly key: string;
      readonly value?: string | undefined;
      readonly description?: string | undefined;
    }
  | { readonly type: "RemoveParam"; readonly key: string };

const MAX_INTEGER = 1_000_000_000;

/** A value as the parameter keeps it, checked against its type; refusals name the field `value`. */
export const paramValue = (type: ParamType, raw: string, allowEmpty = false): string => {
  const value = cleanText(raw);
  if (value === "" && allowEmpty) return "";
  const invalid = () => new DomainError("params.invalidValue", { field: "value", value: raw, type });
  switch (type) {
    case "integer":
      if (!/^-?\d{1,10}$/.test(value) || Math.abs(Number(value)) > MAX_INTEGER) throw invalid();
      return String(Number(value));
    case "money": {
      const m = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(value);
      if (!m) throw invalid();
      return `${Number(m[1])}.${(m[2] ?? "").padEnd(2, "0")}`;
    }
    case "boolean":
      if (value !== "true" && value !== "false") throw invalid();
      return value;
    case "email": {
      const email = value.toLowerCase();
      if (validateEmail(email)) throw invalid();
      return email;
    }
    case "siren": {
      const siren = compactIdentifier(value);
      if (!isValidSiren(siren)) throw invalid();
      return siren;
    }
    case "vatNumber": {
      const vat = compactIdentifier(value);
      if (!isValidVatNumber(vat)) throw invalid();
      return vat;
    }
    case "text":
      if (value.length > PARAM_TEXT_MAX)
        throw new DomainError("validation.tooLong", { field: "value", max: PARAM_TEXT_MAX });
      return value;
    default:
      return type satisfies never;
  }
};

const describe = (text: string | undefined, fallback: string): string => {
  const clean = cleanText(text ?? fallback);
  if (clean.length > 500) throw new DomainError("validation.tooLong", { field: "description", max: 500 });
  return clean;
};

/** Every parameter: the known ones (set or default), then the added ones, by key. */
export const allParams = (state: ParamsState): Param[] => [
  ...knownParams.map((p) => state.params[p.key] ?? p),
  ...Object.values(state.params)
    .filter((p) => !knownParams.some((k) => k.key === p.key))
    .sort((a, b) => a.key.localeCompare(b.key)),
];

export const findParam = (state: ParamsState, key: string): Param => {
  const found = allParams(state).find((p) => p.key === key);
  if (!found) throw new DomainError("params.notFound", { key }, 404);
  return found;
};

const decide = (command: ParamCommand, state: ParamsState): ParamEvent[] => {
  switch (command.type) {
    case "AddParam": {
      if (!paramKeyPattern.test(command.key))
        throw new DomainError("params.invalidKey", { field: "key", value: command.key });
      if (state.params[command.key] || knownParams.some((p) => p.key === command.key))
        throw new DomainError("params.duplicateKey", { field: "key", value: command.key }, 409);
      if (!paramTypes.includes(command.paramType))
        throw new DomainError("validation.notAllowed", { field: "type", value: String(command.paramType) });
      const value = paramValue(command.paramType, command.value);
      return [
        {
          type: "ParamSet",
          data: {
            key: command.key,
            type: command.paramType,
            value,
            description: describe(command.description, ""),
          },
        },
      ];
    }
    case "ChangeParam": {
      const current = findParam(state, command.key);
      const known = knownChecks[command.key];
      const value =
        command.value === undefined
          ? current.value
          : known
            ? paramValue(known, command.value, true)
            : paramValue(
                current.type,
                command.value,
                knownParams.some((p) => p.key === command.key),
              );
      const description = describe(command.description, current.description);
      if (value === current.value && description === current.description && state.params[command.key])
        return [];
      return [{ type: "ParamSet", data: { ...current, value, description } }];
    }
    case "RemoveParam": {
      if (knownParams.some((p) => p.key === command.key))
        throw new DomainError("params.required", { key: command.key }, 409);
      if (!state.params[command.key]) throw new DomainError("params.notFound", { key: command.key }, 404);
      return [{ type: "ParamRemoved", data: { key: command.key } }];
    }
    default:
      return command satisfies never;
  }
};

export const evolveParams = (state: ParamsState, event: ParamEvent): ParamsState => {
  switch (event.type) {
    case "ParamSet":
      return { params: { ...state.params, [event.data.key]: event.data } };
    case "ParamRemoved": {
      const { [event.data.key]: _removed, ...params } = state.params;
      return { params };
    }
    default:
      return event satisfies never;
  }
};

export const paramsDecider: Decider<ParamCommand, ParamEvent, ParamsState> = {
  decide,
  evolve: evolveParams,
  initialState: () => ({ params: {} }),
};
