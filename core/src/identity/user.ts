import type { DomainEvent } from "../decider.ts";
import { type Decider, DomainError } from "../decider.ts";

/** Users are platform-wide: their streams live in the platform pseudo-organisation. */
export const PLATFORM_ORG = "00000000-0000-0000-0000-000000000000";
export const userStreamId = (userId: string): string => `user-${userId}`;

export type UserRegistered = DomainEvent<
  "UserRegistered",
  { readonly userId: string; readonly email: string; readonly name: string }
>;
export type UserRenamed = DomainEvent<"UserRenamed", { readonly name: string }>;
export type UserEvent = UserRegistered | UserRenamed;

export type UserState =
  | { readonly status: "none" }
  | { readonly status: "active"; readonly userId: string; readonly email: string; readonly name: string };

export type RegisterUser = {
  readonly type: "RegisterUser";
  readonly data: { readonly userId: string; readonly email: string; readonly name: string };
};
export type RenameUser = { readonly type: "RenameUser"; readonly data: { readonly name: string } };
export type UserCommand = RegisterUser | RenameUser;

export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

const normaliseName = (name: string): string => {
  const trimmed = name.trim().replace(/\s+/g, " ");
  if (trimmed.length === 0) throw new DomainError("user.nameRequired");
  if (trimmed.length > 200) throw new DomainError("user.nameTooLong", { max: 200 });
  return trimmed;
};

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  initialState: () => ({ status: "none" }),
  evolve: (state, event) => {
    switch (event.type) {
      case "UserRegistered":
        return { status: "active", ...event.data };
      case "UserRenamed":
        return state.status === "active" ? { ...state, name: event.data.name } : state;
      default: {
        const never: never = event;
        return never;
      }
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case "RegisterUser":
        if (state.status !== "none") throw new DomainError("identity.emailUsed", {}, 409);
        return [
          {
            type: "UserRegistered",
            data: {
              userId: command.data.userId,
              email: normaliseEmail(command.data.email),
              name: normaliseName(command.data.name),
            },
          },
        ];
      case "RenameUser": {
        if (state.status !== "active") throw new DomainError("user.notFound", {}, 404);
        const name = normaliseName(command.data.name);
        return name === state.name ? [] : [{ type: "UserRenamed", data: { name } }];
      }
      default: {
        const never: never = command;
        return never;
      }
    }
  },
};
