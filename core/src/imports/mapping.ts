import type { Decider, DomainEvent } from "../decider.ts";
import type { ImportMapping } from "./csv-file.ts";

/**
 * The column mappings an organisation's imports used, remembered per kind of import (stream
 * `import-mappings-<org>`): the next file with the same headers is mapped the same way.
 */
export const importMappingsStreamId = (orgId: string): string => `import-mappings-${orgId}`;

export const importTargets = ["contacts", "items"] as const;
export type ImportTarget = (typeof importTargets)[number];

export type ImportMappingsState = Readonly<Partial<Record<ImportTarget, ImportMapping>>>;
export type ImportMappingCommand = {
  readonly type: "SaveImportMapping";
  readonly data: { readonly target: ImportTarget; readonly mapping: ImportMapping };
};
export type ImportMappingEvent = DomainEvent<
  "ImportMappingSaved",
  { readonly target: ImportTarget; readonly mapping: ImportMapping }
>;

const same = (a: ImportMapping | undefined, b: ImportMapping): boolean =>
  a !== undefined &&
  Object.keys(a).length === Object.keys(b).length &&
  Object.entries(b).every(([field, header]) => a[field] === header);

export const importMappingsDecider: Decider<ImportMappingCommand, ImportMappingEvent, ImportMappingsState> = {
  decide: (command, state) =>
    same(state[command.data.target], command.data.mapping)
      ? []
      : [
          {
            type: "ImportMappingSaved",
            data: { target: command.data.target, mapping: command.data.mapping },
          },
        ],
  evolve: (state, event) => ({ ...state, [event.data.target]: event.data.mapping }),
  initialState: () => ({}),
};
