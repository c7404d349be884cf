/**
 * Upcasting: an event stored with an older `schemaVersion` is turned into the current shape on read
 * by pure `vN -> vN+1` functions, never rewritten in the log.
 */
export type Upcaster = (data: unknown) => unknown;

/** For each event type, the upcaster that lifts version N to N+1, keyed by N. */
export type UpcasterRegistry = Readonly<Record<string, Readonly<Record<number, Upcaster>>>>;

export const upcast = (
  registry: UpcasterRegistry,
  type: string,
  schemaVersion: number,
  data: unknown,
): { schemaVersion: number; data: unknown } => {
  const steps = registry[type];
  let version = schemaVersion;
  let value = data;
  while (steps?.[version]) {
    value = steps[version]?.(value);
    version += 1;
  }
  return { schemaVersion: version, data: value };
};

/** The version new events of a type are written with: one past the last upcaster. */
export const currentSchemaVersion = (registry: UpcasterRegistry, type: string): number => {
  const steps = registry[type];
  if (!steps) return 1;
  const versions = Object.keys(steps).map(Number);
  return versions.length === 0 ? 1 : Math.max(...versions) + 1;
};
