import type { DomainEvent } from "../decider.ts";
import type { Profile } from "../identity/rights.ts";

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
  /** The organisation's own address for mail (orgmail); absent from events recorded before it existed. */
  readonly email?: string | null | undefined;
};

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
export type OrganisationEvent =
  | OrganisationCreated
  | OrganisationRenamed
  | OrganisationSettingsChanged
  | OrganisationLogoChanged
  | MemberAdded
  | MemberRemoved;

export type OrganisationState =
  | { readonly status: "none" }
  | ({
      readonly status: "active";
      readonly orgId: string;
      readonly name: string;
      /** Members by user id, with their profile. */
      readonly members: Readonly<Record<string, Profile>>;
      readonly logo?: OrganisationLogo | null;
    } & OrganisationSettings);

export const initialOrganisationState = (): OrganisationState => ({ status: "none" });

export const evolveOrganisation = (state: OrganisationState, event: OrganisationEvent): OrganisationState => {
  switch (event.type) {
    case "OrganisationCreated":
      return { status: "active", members: {}, ...event.data };
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
    default: {
      const never: never = event;
      return never;
    }
  }
};

export const organisationStreamId = (orgId: string): string => `org-${orgId}`;
