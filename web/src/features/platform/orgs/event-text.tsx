import { Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { type EventSentence, eventSentence } from "./event-sentence.ts";
import { useOrgLabels } from "./org-labels.ts";

/** Ids that are not users: events recorded by the platform itself (the demo, a year opened by the system). */
export const isSystemUser = (userId: string | null | undefined): boolean => !userId || userId === "system";

export type EventLike = { type: string; summary: Record<string, unknown>; userId?: string | null };

/**
 * Writes events as sentences in the user's language. `userNames` gives people's names; an id without
 * a name is shortened, never shown whole.
 */
export const useEventSentence = (userNames: ReadonlyMap<string, string> = new Map()) => {
  const { t } = useTranslation(["orgs", "app", "common"]);
  const labels = useOrgLabels();
  const userName = (id: string) =>
    isSystemUser(id)
      ? t("orgs:history.systemName")
      : (userNames.get(id) ?? t("orgs:history.unknownUser", { id: id.slice(0, 8) }));
  const sentenceOf = (event: EventLike): EventSentence =>
    eventSentence(event.type, event.summary, {
      money: (cents) => labels.format.amount(cents / 100),
      day: (day) => labels.format.date(day),
      user: userName,
      profile: (profile) => labels.value("profile", profile).toLocaleLowerCase(labels.format.locale),
      settings: (changes) =>
        Object.entries(changes)
          .map(
            ([key, value]) =>
              `${labels.field(key)}${t("common:punctuation.colon")}${labels.value(key, value)}`,
          )
          .join(" ; "),
      lines: (count) => t("orgs:history.lines", { count }),
      number: (n) => labels.format.number(n),
    });
  /** The sentence alone, or followed by who did it. */
  const sentence = (event: EventLike, withUser: boolean): string => {
    const { key, values } = sentenceOf(event);
    const said = t(`orgs:history.sentences.${key}`, { ...values, type: labels.eventType(event.type) });
    if (!withUser) return said;
    return isSystemUser(event.userId)
      ? t("orgs:history.bySystem", { sentence: said })
      : t("orgs:history.byUser", { sentence: said, user: userName(event.userId ?? "") });
  };
  return { sentence, detail: (event: EventLike) => sentenceOf(event).detail };
};

/** An event's sentence and, below it, its details (a label, a date, an amount). */
export const EventText = ({
  event,
  userNames,
  withUser,
}: {
  event: EventLike;
  userNames?: ReadonlyMap<string, string>;
  withUser: boolean;
}) => {
  const { sentence, detail } = useEventSentence(userNames);
  const parts = detail(event);
  return (
    <div>
      <Text size="sm" fw={500} data-testid="event-sentence">
        {sentence(event, withUser)}
      </Text>
      {parts.length > 0 ? (
        <Text size="xs" c="dimmed" mt={2} className="registre-numeric" data-testid="event-detail">
          {parts.join(" · ")}
        </Text>
      ) : null}
    </div>
  );
};
