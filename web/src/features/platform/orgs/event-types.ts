import frOrgs from "../../../i18n/locales/fr/orgs.json";

/** The event types that have a translated label (`orgs:history.events.*`). */
export type KnownEventType = keyof typeof frOrgs.history.events;

export const knownEventTypes = Object.keys(frOrgs.history.events) as KnownEventType[];

export const isKnownEventType = (type: string): type is KnownEventType =>
  Object.hasOwn(frOrgs.history.events, type);

/** The i18n key of an event type's label, or null when the type has none. */
export const eventTypeKey = (type: string): `orgs:history.events.${KnownEventType}` | null =>
  isKnownEventType(type) ? `orgs:history.events.${type}` : null;

/**
 * The label of an event type: its translation when it is known, otherwise the raw type as the server
 * stored it (an event added server-side still shows, untranslated).
 */
export const eventTypeLabel = (
  type: string,
  translate: (key: `orgs:history.events.${KnownEventType}`) => string,
): string => {
  const key = eventTypeKey(type);
  return key ? translate(key) : type;
};
