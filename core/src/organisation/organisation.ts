import type { DomainEvent } from "../decider.ts";
import type { Profile } from "../identity/rights.ts";
import type { VatPeriodicity } from "../vat/periods.ts";

export type VatRegime = "reel_normal" | "reel_simplifie" | "mini_reel" | "franchise";
export const vatRegimes: readonly VatRegime[] = ["reel_normal", "reel_simplifie", "mini_reel", "franchise"];

export type PostalAddress = {
  readonly line1: string;
  readonly line2?: string | undefined;
  readonly postalCode: string;
  readonly city: string;
  readonly country: string; // ISO 3166-1 alpha-2
};

export type OrganisationSettings = {
  readonly siren: string;
  readonly vatNumber: string | null;
  readonly address: PostalAddress | null;
  /** 1-12: the month the fiscal year starts in (1 = January). */
  readonly fiscalYearStartMonth: number;
  readonly vatRegime: VatRegime;
  /** Option pour les débits: VAT on services due on invoicing rather than on payment. */
  readonly vatOnDebits: boolean;
  /**
   * How often the VAT return is filed: monthly or quarterly (CA3, réel normal), yearly (CA12, réel
   * simplifié). Absent from events recorded before it existed: the regime's default then.
   */
  readonly vatPeriodicity?: VatPeriodicity | undefined;
  /** The organisation's own address for mail (orgmail); absent from events recorded before it existed. */
  readonly email?: string | null | undefined;
  /**
   * How a contact's auxiliary account code is made (issue 10): from its name (the default, also for
   * events recorded before the setting existed) or from a counter.
   */
  readonly auxiliaryCodeMode?: "name" | "counter" | undefined;
};

/** The periodicity a regime files by when none was chosen: the CA12 once a year, the CA3 every month. */
export const defaultVatPeriodicity = (regime: VatRegime): VatPeriodicity =>
  regime === "reel_simplifie" ? "yearly" : "monthly";

/** The organisation's VAT periodicity: the one chosen, or its regime's default. */
export const vatPeriodicityOf = (settings: Pick<OrganisationSettings, "vatRegime" | "vatPeriodicity">) =>
  settings.vatPeriodicity ?? defaultVatPeriodicity(settings.vatRegime);

/**
 * Whether a periodicity fits a regime: the réel simplifié files the yearly CA12; the réel normal and the
 * mini-réel the CA3, monthly or quarterly; the franchise files none.
 */
export const periodicityFitsRegime = (regime: VatRegime, periodicity: VatPeriodicity): boolean =>
  regime === "franchise" || (regime === "reel_simplifie") === (periodicity === "yearly");

export type OrganisationCreated = DomainEvent<
  "OrganisationCreated",
  { readonly orgId: string; readonly name: string } & OrganisationSettings
>;
export type OrganisationRenamed = DomainEvent<
  "OrganisationRenamed",
  { readonly name: string; readonly previousName: string }
>;
export type OrganisationSettingsChanged = DomainEvent<
  "OrganisationSettingsChanged",
  { readonly changes: Partial<OrganisationSettings> }
>;
/** A logo stored by the shell: content-addressed id and pixel size of the normalised image. */
export type OrganisationLogo = { readonly fileId: string; readonly width: number; readonly height: number };
export type OrganisationLogoChanged = DomainEvent<
  "OrganisationLogoChanged",
  { readonly logo: OrganisationLogo | null }
>;
export type MemberAdded = DomainEvent<"MemberAdded", { readonly userId: string; readonly profile: Profile }>;
export type MemberRemoved = DomainEvent<"MemberRemoved", { readonly userId: string }>;
/** An address was invited to join with a profile; only its acceptance makes a member. */
export type MemberInvited = DomainEvent<
  "MemberInvited",
  {
    readonly invitationId: string;
    readonly email: string;
    readonly profile: Profile;
    /** ISO-8601 instant after which it can no longer be accepted. */
    readonly expiresAt: string;
  }
>;
/** The invited user accepted: a MemberAdded follows in the same append. */
export type InvitationAccepted = DomainEvent<
  "InvitationAccepted",
  { readonly invitationId: string; readonly userId: string }
>;
export type InvitationDeclined = DomainEvent<"InvitationDeclined", { readonly invitationId: string }>;
/** Withdrawn by the organisation, or replaced by a new invitation of the same address. */
export type InvitationRevoked = DomainEvent<"InvitationRevoked", { readonly invitationId: string }>;
/**
 * The platform administrator closed the organisation: its members were removed just before (so they lose
 * access), its books stay as they are, readable and exportable by the platform administrator.
 */
export type OrganisationArchived = DomainEvent<"OrganisationArchived", { readonly reason: string | null }>;
export type InvitationEvent = MemberInvited | InvitationAccepted | InvitationDeclined | InvitationRevoked;
export type OrganisationEvent =
  | OrganisationCreated
  | OrganisationRenamed
  | OrganisationSettingsChanged
  | OrganisationLogoChanged
  | MemberAdded
  | MemberRemoved
  | OrganisationArchived
  | InvitationEvent;

/** An invitation still waiting for its answer (it may have expired meanwhile). */
export type PendingInvitation = {
  readonly email: string;
  readonly profile: Profile;
  readonly expiresAt: string;
};

export type OrganisationState =
  | { readonly status: "none" }
  | ({
      readonly status: "active";
      readonly orgId: string;
      readonly name: string;
      /** Members by user id, with their profile. */
      readonly members: Readonly<Record<string, Profile>>;
      /** Pending invitations by id; answered or revoked ones are dropped. */
      readonly invitations: Readonly<Record<string, PendingInvitation>>;
      readonly logo?: OrganisationLogo | null;
      /** Closed by the platform administrator: no member, nothing changes any more. */
      readonly archived?: boolean;
    } & OrganisationSettings);

export const initialOrganisationState = (): OrganisationState => ({ status: "none" });

export const evolveOrganisation = (state: OrganisationState, event: OrganisationEvent): OrganisationState => {
  switch (event.type) {
    case "OrganisationCreated":
      return { status: "active", members: {}, invitations: {}, ...event.data };
    case "OrganisationRenamed":
      return state.status === "active" ? { ...state, name: event.data.name } : state;
    case "OrganisationSettingsChanged":
      return state.status === "active" ? { ...state, ...event.data.changes } : state;
    case "OrganisationLogoChanged":
      return state.status === "active" ? { ...state, logo: event.data.logo } : state;
    case "MemberAdded":
      return state.status === "active"
        ? { ...state, members: { ...state.members, [event.data.userId]: event.data.profile } }
        : state;
    case "MemberRemoved": {
      if (state.status !== "active") return state;
      const { [event.data.userId]: _, ...members } = state.members;
      return { ...state, members };
    }
    case "OrganisationArchived":
      return state.status === "active" ? { ...state, archived: true } : state;
    case "MemberInvited": {
      if (state.status !== "active") return state;
      const { invitationId, email, profile, expiresAt } = event.data;
      return {
        ...state,
        invitations: { ...state.invitations, [invitationId]: { email, profile, expiresAt } },
      };
    }
    case "InvitationAccepted":
    case "InvitationDeclined":
    case "InvitationRevoked": {
      if (state.status !== "active") return state;
      const { [event.data.invitationId]: _, ...invitations } = state.invitations;
      return { ...state, invitations };
    }
    default: {
      const never: never = event;
      return never;
    }
  }
};

export const organisationStreamId = (orgId: string): string => `org-${orgId}`;
