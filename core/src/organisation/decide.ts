import { type Decider, DomainError } from "../decider.ts";
import { compactIdentifier, isValidSiren } from "../identifiers.ts";
import { type Profile, profiles } from "../identity/rights.ts";
import { isCountryCode } from "../reference/countries.ts";
import { validateEmail } from "../validation/email.ts";
import { type VatPeriodicity, vatPeriodicities } from "../vat/periods.ts";
import { isValidVatNumber } from "../vat-number.ts";
import { decideInvitation, type InvitationCommand } from "./invitations.ts";
import {
  evolveOrganisation,
  initialOrganisationState,
  type OrganisationEvent,
  type OrganisationLogo,
  type OrganisationSettings,
  type OrganisationState,
  periodicityFitsRegime,
  type VatRegime,
  vatPeriodicityOf,
  vatRegimes,
} from "./organisation.ts";

export type CreateOrganisation = {
  readonly type: "CreateOrganisation";
  readonly data: {
    readonly orgId: string;
    readonly name: string;
    readonly siren: string;
    readonly vatNumber?: string | null | undefined;
    readonly address?: OrganisationSettings["address"] | undefined;
    readonly fiscalYearStartMonth?: number | undefined;
    readonly vatRegime?: VatRegime | undefined;
    readonly vatOnDebits?: boolean | undefined;
    readonly vatPeriodicity?: VatPeriodicity | undefined;
    readonly email?: string | null | undefined;
  };
};
export type RenameOrganisation = {
  readonly type: "RenameOrganisation";
  readonly data: { readonly name: string };
};
export type ChangeOrganisationSettings = {
  readonly type: "ChangeOrganisationSettings";
  readonly data: Partial<OrganisationSettings>;
};
export type ChangeOrganisationLogo = {
  readonly type: "ChangeOrganisationLogo";
  readonly data: { readonly logo: OrganisationLogo | null };
};
export type AddMember = {
  readonly type: "AddMember";
  readonly data: { readonly userId: string; readonly profile: Profile };
};
export type RemoveMember = { readonly type: "RemoveMember"; readonly data: { readonly userId: string } };
/** The platform administrator closes the organisation (its books kept). */
export type ArchiveOrganisation = {
  readonly type: "ArchiveOrganisation";
  readonly data: { readonly reason?: string | null | undefined };
};
export type OrganisationCommand =
  | CreateOrganisation
  | RenameOrganisation
  | ChangeOrganisationSettings
  | ChangeOrganisationLogo
  | AddMember
  | RemoveMember
  | ArchiveOrganisation
  | InvitationCommand;

const normaliseName = (name: string): string => {
  const trimmed = name.trim().replace(/\s+/g, " ");
  if (trimmed.length === 0) throw new DomainError("organisation.nameRequired");
  if (trimmed.length > 200) throw new DomainError("organisation.nameTooLong", { max: 200 });
  return trimmed;
};

const checkSettings = (s: Partial<OrganisationSettings>): Partial<OrganisationSettings> => {
  const out: { -readonly [K in keyof OrganisationSettings]?: OrganisationSettings[K] } = { ...s };
  if (s.siren !== undefined) {
    const siren = compactIdentifier(s.siren);
    if (!isValidSiren(siren)) throw new DomainError("organisation.invalidSiren", { siren: s.siren });
    out.siren = siren;
  }
  if (s.vatNumber !== undefined && s.vatNumber !== null) {
    const vat = compactIdentifier(s.vatNumber);
    if (!isValidVatNumber(vat)) throw new DomainError("validation.invalidVatNumber", { value: s.vatNumber });
    out.vatNumber = vat;
  }
  if (s.email !== undefined && s.email !== null) {
    const email = s.email.trim().toLowerCase();
    const invalid = validateEmail(email);
    if (invalid) throw new DomainError(invalid, { value: s.email });
    out.email = email;
  }
  if (
    s.auxiliaryCodeMode !== undefined &&
    s.auxiliaryCodeMode !== "name" &&
    s.auxiliaryCodeMode !== "counter"
  )
    throw new DomainError("validation.notAllowed", {
      field: "auxiliaryCodeMode",
      value: String(s.auxiliaryCodeMode),
    });
  if (s.address?.country !== undefined) {
    const country = s.address.country.trim().toUpperCase();
    if (!isCountryCode(country))
      throw new DomainError("validation.notAllowed", { field: "address.country", value: s.address.country });
    out.address = { ...s.address, country };
  }
  if (s.vatRegime !== undefined && !vatRegimes.includes(s.vatRegime))
    throw new DomainError("validation.notAllowed", { field: "vatRegime", value: String(s.vatRegime) });
  if (s.vatPeriodicity !== undefined && !vatPeriodicities.includes(s.vatPeriodicity))
    throw new DomainError("validation.notAllowed", {
      field: "vatPeriodicity",
      value: String(s.vatPeriodicity),
    });
  if (s.fiscalYearStartMonth !== undefined) {
    const m = s.fiscalYearStartMonth;
    if (!Number.isInteger(m) || m < 1 || m > 12)
      throw new DomainError("organisation.invalidFiscalYearStartMonth", { value: m });
  }
  return out;
};

/** The regime and the periodicity must go together (CA12 yearly for the réel simplifié, CA3 otherwise). */
const checkPeriodicity = (regime: VatRegime, periodicity: VatPeriodicity): void => {
  if (!periodicityFitsRegime(regime, periodicity))
    throw new DomainError("organisation.vatPeriodicityRegime", {
      field: "vatPeriodicity",
      regime,
      periodicity,
    });
};

/** A French VAT number carries the SIREN in its last nine digits: they must agree. */
const checkVatMatchesSiren = (siren: string, vatNumber: string | null): void => {
  if (vatNumber?.startsWith("FR") && vatNumber.slice(4) !== siren)
    throw new DomainError("organisation.vatNumberSirenMismatch", { siren, vatNumber });
};

const create = (command: CreateOrganisation, state: OrganisationState): OrganisationEvent[] => {
  if (state.status !== "none") throw new DomainError("organisation.alreadyExists", {}, 409);
  const d = command.data;
  const settings = checkSettings({
    siren: d.siren,
    vatNumber: d.vatNumber ?? null,
    fiscalYearStartMonth: d.fiscalYearStartMonth ?? 1,
    email: d.email ?? null,
    ...(d.address && { address: d.address }),
    ...(d.vatRegime !== undefined && { vatRegime: d.vatRegime }),
    ...(d.vatPeriodicity !== undefined && { vatPeriodicity: d.vatPeriodicity }),
  });
  const vatRegime = d.vatRegime ?? "reel_normal";
  const vatPeriodicity = vatPeriodicityOf({ vatRegime, vatPeriodicity: d.vatPeriodicity });
  checkPeriodicity(vatRegime, vatPeriodicity);
  const siren = settings.siren as string;
  const vatNumber = settings.vatNumber ?? null;
  checkVatMatchesSiren(siren, vatNumber);
  return [
    {
      type: "OrganisationCreated",
      data: {
        orgId: d.orgId,
        name: normaliseName(d.name),
        siren,
        vatNumber,
        address: settings.address ?? null,
        fiscalYearStartMonth: d.fiscalYearStartMonth ?? 1,
        vatRegime,
        vatOnDebits: d.vatOnDebits ?? false,
        vatPeriodicity,
        email: settings.email ?? null,
      },
    },
  ];
};

const rename = (command: RenameOrganisation, state: OrganisationState): OrganisationEvent[] => {
  if (state.status !== "active") throw new DomainError("organisation.notFound", {}, 404);
  const name = normaliseName(command.data.name);
  if (name === state.name) return [];
  return [{ type: "OrganisationRenamed", data: { name, previousName: state.name } }];
};

const changeSettings = (
  command: ChangeOrganisationSettings,
  state: OrganisationState,
): OrganisationEvent[] => {
  if (state.status !== "active") throw new DomainError("organisation.notFound", {}, 404);
  const checked: { -readonly [K in keyof OrganisationSettings]?: OrganisationSettings[K] } = {
    ...checkSettings(command.data),
  };
  // A new regime without a periodicity keeps the current one when it fits, else takes the regime's default.
  if (
    checked.vatRegime !== undefined &&
    checked.vatRegime !== state.vatRegime &&
    checked.vatPeriodicity === undefined
  ) {
    const current = vatPeriodicityOf(state);
    checked.vatPeriodicity = periodicityFitsRegime(checked.vatRegime, current)
      ? current
      : vatPeriodicityOf({ vatRegime: checked.vatRegime });
  }
  checkPeriodicity(checked.vatRegime ?? state.vatRegime, checked.vatPeriodicity ?? vatPeriodicityOf(state));
  const changes = Object.fromEntries(
    Object.entries(checked).filter(
      ([key, value]) =>
        value !== undefined &&
        JSON.stringify(value) !== JSON.stringify(state[key as keyof OrganisationSettings]),
    ),
  ) as Partial<OrganisationSettings>;
  if (Object.keys(changes).length === 0) return [];
  // `vatNumber: null` removes the number: "absent" and "null" are different changes.
  const vatNumber = "vatNumber" in changes ? (changes.vatNumber ?? null) : state.vatNumber;
  checkVatMatchesSiren(changes.siren ?? state.siren, vatNumber);
  return [{ type: "OrganisationSettingsChanged", data: { changes } }];
};

const addMember = (command: AddMember, state: OrganisationState): OrganisationEvent[] => {
  if (state.status !== "active") throw new DomainError("organisation.notFound", {}, 404);
  const { userId, profile } = command.data;
  if (!profiles.includes(profile)) throw new DomainError("organisation.unknownProfile", { profile });
  if (state.members[userId] === profile) return [];
  if (state.members[userId]) throw new DomainError("organisation.alreadyMember", {}, 409);
  return [{ type: "MemberAdded", data: { userId, profile } }];
};

const removeMember = (command: RemoveMember, state: OrganisationState): OrganisationEvent[] => {
  if (state.status !== "active") throw new DomainError("organisation.notFound", {}, 404);
  const { userId } = command.data;
  if (!state.members[userId]) return [];
  const owners = Object.values(state.members).filter((p) => p === "owner").length;
  if (state.members[userId] === "owner" && owners === 1)
    throw new DomainError("organisation.lastOwner", {}, 409);
  return [{ type: "MemberRemoved", data: { userId } }];
};

/**
 * Closing an organisation: every member removed and every pending invitation revoked first (they lose
 * access), then the archive itself; its books are not touched. Once archived nothing else is decided.
 */
const archive = (command: ArchiveOrganisation, state: OrganisationState): OrganisationEvent[] => {
  if (state.status !== "active") throw new DomainError("organisation.notFound", {}, 404);
  const reason = command.data.reason?.trim() || null;
  if (reason && reason.length > 500)
    throw new DomainError("validation.tooLong", { field: "reason", max: 500 });
  return [
    ...Object.keys(state.members).map(
      (userId): OrganisationEvent => ({ type: "MemberRemoved", data: { userId } }),
    ),
    ...Object.keys(state.invitations).map(
      (invitationId): OrganisationEvent => ({ type: "InvitationRevoked", data: { invitationId } }),
    ),
    { type: "OrganisationArchived", data: { reason } },
  ];
};

export const decideOrganisation = (
  command: OrganisationCommand,
  state: OrganisationState,
): OrganisationEvent[] => {
  if (state.status === "active" && state.archived)
    throw new DomainError("organisation.archived", { name: state.name }, 409);
  switch (command.type) {
    case "ArchiveOrganisation":
      return archive(command, state);
    case "ChangeOrganisationLogo": {
      if (state.status !== "active") throw new DomainError("organisation.notFound", {}, 404);
      const current = state.logo ?? null;
      if (current?.fileId === command.data.logo?.fileId) return [];
      return [{ type: "OrganisationLogoChanged", data: { logo: command.data.logo } }];
    }
    case "AddMember":
      return addMember(command, state);
    case "RemoveMember":
      return removeMember(command, state);
    case "InviteMember":
    case "AcceptInvitation":
    case "DeclineInvitation":
    case "RevokeInvitation":
      return decideInvitation(command, state);
    case "CreateOrganisation":
      return create(command, state);
    case "RenameOrganisation":
      return rename(command, state);
    case "ChangeOrganisationSettings":
      return changeSettings(command, state);
    default: {
      const never: never = command;
      return never;
    }
  }
};

export const organisationDecider: Decider<OrganisationCommand, OrganisationEvent, OrganisationState> = {
  decide: decideOrganisation,
  evolve: evolveOrganisation,
  initialState: initialOrganisationState,
};
