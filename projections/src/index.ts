import { accountingSetupProjector, ledgerProjector } from "./accounting.ts";
import { authorizationProjector } from "./authorization.ts";
import { contactsProjector } from "./contacts.ts";
import { membershipsProjector, usersProjector } from "./identity.ts";
import { invitationsProjector } from "./invitations.ts";
import { organisationsProjector } from "./organisations.ts";
import { streamHistoryProjector } from "./stream-history.ts";

export * from "./accounting.ts";
export * from "./authorization.ts";
export * from "./contacts.ts";
export * from "./identity.ts";
export * from "./invitations.ts";
export * from "./organisations.ts";
export * from "./projector.ts";
export * from "./runner.ts";
export * from "./stream-history.ts";

/** Every projector Registre runs. */
export const allProjectors = [
  organisationsProjector,
  streamHistoryProjector,
  usersProjector,
  membershipsProjector,
  invitationsProjector,
  authorizationProjector,
  accountingSetupProjector,
  ledgerProjector,
  contactsProjector,
] as const;
