import { describe, it } from "vitest";
import { deciderSpecification } from "../testing/decider-specification.ts";
import { refusedWith } from "../testing/refusals.ts";
import { organisationDecider } from "./decide.ts";
import type { InviteMember } from "./invitations.ts";
import type { OrganisationCreated, OrganisationEvent } from "./organisation.ts";

const spec = deciderSpecification(organisationDecider);

const orgId = "7d9f0c1e-4b2a-4c8e-9f3d-2a6b8c0e1f42";
const owner = "0b6c1c1e-0000-4000-8000-000000000001";
const hugo = "0b6c1c1e-0000-4000-8000-000000000002";
const first = "5f1e7a3c-0000-4000-8000-0000000000a1";
const second = "5f1e7a3c-0000-4000-8000-0000000000a2";
const at = "2026-11-24T12:00:00.000Z";
const expiresAt = "2026-12-08T12:00:00.000Z"; // 14 days later

const created: OrganisationCreated = {
  type: "OrganisationCreated",
  data: {
    orgId,
    name: "Cabinet Lefèvre",
    siren: "732829320",
    vatNumber: null,
    address: null,
    fiscalYearStartMonth: 1,
    vatRegime: "reel_normal",
    vatOnDebits: false,
    email: null,
  },
};
const ownerAdded: OrganisationEvent = { type: "MemberAdded", data: { userId: owner, profile: "owner" } };
const invited = (invitationId = first, email = "hugo@cabinet.fr"): OrganisationEvent => ({
  type: "MemberInvited",
  data: { invitationId, email, profile: "accountant", expiresAt },
});
const invite = (data: Partial<InviteMember["data"]> = {}): InviteMember => ({
  type: "InviteMember",
  data: { invitationId: first, email: "hugo@cabinet.fr", profile: "accountant", at, ...data },
});
const accept = (data: { at?: string; email?: string; userId?: string; invitationId?: string } = {}) =>
  ({
    type: "AcceptInvitation",
    data: { invitationId: first, userId: hugo, email: "hugo@cabinet.fr", at, ...data },
  }) as const;

describe("no organisation", () => {
  it("invites nobody", () => {
    spec
      .given([])
      .when(invite())
      .thenThrows(refusedWith("organisation.notFound", {}, 404));
  });
});

describe("an organisation without invitations", () => {
  const given = spec.given([created, ownerAdded]);

  it("invites an address, normalised, valid for 14 days; nobody becomes a member yet", () => {
    given.when(invite({ email: "  Hugo@Cabinet.FR " })).then([invited()]);
  });

  it("invites the same way whether the address is registered or not", () => {
    given.when(invite({ userIdOfEmail: hugo })).then([invited()]);
    given.when(invite({ userIdOfEmail: null })).then([invited()]);
  });

  it("refuses an invalid address, an unknown profile, and a member's address", () => {
    given
      .when(invite({ email: "hugo@" }))
      .thenThrows(refusedWith("validation.invalidEmail", { value: "hugo@" }, 422));
    given
      .when(invite({ profile: "janitor" as never }))
      .thenThrows(refusedWith("organisation.unknownProfile", { profile: "janitor" }));
    given
      .when(invite({ email: "sophie@cabinet.fr", userIdOfEmail: owner }))
      .thenThrows(refusedWith("organisation.alreadyMember", {}, 409));
  });

  it("has nothing to accept, decline or revoke", () => {
    given.when(accept()).thenThrows(refusedWith("invitation.notFound", {}, 404));
    given
      .when({ type: "DeclineInvitation", data: { invitationId: first, email: "hugo@cabinet.fr" } })
      .thenThrows(refusedWith("invitation.notFound", {}, 404));
    given
      .when({ type: "RevokeInvitation", data: { invitationId: first } })
      .thenThrows(refusedWith("invitation.notFound", {}, 404));
  });
});

describe("a pending invitation", () => {
  const given = spec.given([created, ownerAdded, invited()]);

  it("is accepted by its addressee: the acceptance, then the member with the invited profile", () => {
    given.when(accept()).then([
      { type: "InvitationAccepted", data: { invitationId: first, userId: hugo } },
      { type: "MemberAdded", data: { userId: hugo, profile: "accountant" } },
    ]);
    given.when(accept({ email: "HUGO@cabinet.fr" })).then([
      { type: "InvitationAccepted", data: { invitationId: first, userId: hugo } },
      { type: "MemberAdded", data: { userId: hugo, profile: "accountant" } },
    ]);
  });

  it("is not found by anyone else, who cannot accept or decline it", () => {
    given
      .when(accept({ email: "mallory@example.fr", userId: "0b6c1c1e-0000-4000-8000-00000000000f" }))
      .thenThrows(refusedWith("invitation.notFound", {}, 404));
    given
      .when({ type: "DeclineInvitation", data: { invitationId: first, email: "mallory@example.fr" } })
      .thenThrows(refusedWith("invitation.notFound", {}, 404));
  });

  it("can no longer be accepted once expired, to the millisecond", () => {
    given.when(accept({ at: expiresAt })).thenThrows(refusedWith("invitation.expired", {}, 409));
    given.when(accept({ at: "2026-12-08T11:59:59.999Z" })).then([
      { type: "InvitationAccepted", data: { invitationId: first, userId: hugo } },
      { type: "MemberAdded", data: { userId: hugo, profile: "accountant" } },
    ]);
  });

  it("refuses an acceptance by someone who is already a member", () => {
    spec
      .given([created, ownerAdded, invited(first, "sophie@cabinet.fr")])
      .when(accept({ userId: owner, email: "sophie@cabinet.fr" }))
      .thenThrows(refusedWith("organisation.alreadyMember", {}, 409));
  });

  it("is declined by its addressee (declining has no deadline)", () => {
    given
      .when({ type: "DeclineInvitation", data: { invitationId: first, email: "hugo@cabinet.fr" } })
      .then([{ type: "InvitationDeclined", data: { invitationId: first } }]);
  });

  it("is revoked by the organisation", () => {
    given
      .when({ type: "RevokeInvitation", data: { invitationId: first } })
      .then([{ type: "InvitationRevoked", data: { invitationId: first } }]);
  });

  it("is replaced by a new invitation of the same address, and only that one", () => {
    spec
      .given([
        created,
        ownerAdded,
        invited(),
        invited("5f1e7a3c-0000-4000-8000-0000000000b0", "paul@cabinet.fr"),
      ])
      .when(invite({ invitationId: second, email: "Hugo@cabinet.fr", profile: "owner" }))
      .then([
        { type: "InvitationRevoked", data: { invitationId: first } },
        {
          type: "MemberInvited",
          data: { invitationId: second, email: "hugo@cabinet.fr", profile: "owner", expiresAt },
        },
      ]);
  });
});

describe("an answered invitation", () => {
  const answered: OrganisationEvent[][] = [
    [
      { type: "InvitationAccepted", data: { invitationId: first, userId: hugo } },
      { type: "MemberAdded", data: { userId: hugo, profile: "accountant" } },
    ],
    [{ type: "InvitationDeclined", data: { invitationId: first } }],
    [{ type: "InvitationRevoked", data: { invitationId: first } }],
  ];

  it("can be neither accepted, declined nor revoked again", () => {
    for (const answer of answered) {
      const given = spec.given([created, ownerAdded, invited(), ...answer]);
      given.when(accept()).thenThrows(refusedWith("invitation.notFound", {}, 404));
      given
        .when({ type: "DeclineInvitation", data: { invitationId: first, email: "hugo@cabinet.fr" } })
        .thenThrows(refusedWith("invitation.notFound"));
      given
        .when({ type: "RevokeInvitation", data: { invitationId: first } })
        .thenThrows(refusedWith("invitation.notFound"));
    }
  });

  it("once accepted, makes the address a member: inviting it again is refused", () => {
    spec
      .given([created, ownerAdded, invited(), ...(answered[0] ?? [])])
      .when(invite({ invitationId: second, userIdOfEmail: hugo }))
      .thenThrows(refusedWith("organisation.alreadyMember", {}, 409));
  });

  it("once declined or revoked, lets the organisation invite the address again", () => {
    for (const answer of answered.slice(1))
      spec
        .given([created, ownerAdded, invited(), ...answer])
        .when(invite({ invitationId: second }))
        .then([{ ...invited(second) }]);
  });
});
