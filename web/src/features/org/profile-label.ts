import { useTranslation } from "react-i18next";
import { type MemberProfile, memberProfiles } from "./rights-api.ts";

export const isMemberProfile = (value: unknown): value is MemberProfile =>
  typeof value === "string" && (memberProfiles as readonly string[]).includes(value);

/** The translated name of a member's profile; an unknown one is shown as the server gives it. */
export const useProfileLabel = (): ((role: string | undefined) => string) => {
  const { t } = useTranslation("app");
  return (role) => {
    if (!role) return "—";
    return isMemberProfile(role) ? t(`users.profiles.${role}`) : role;
  };
};
