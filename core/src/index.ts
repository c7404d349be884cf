export * from "./canonical.ts";
export * from "./decider.ts";
export * from "./identifiers.ts";
export * from "./organisation/decide.ts";
export * from "./organisation/organisation.ts";
export * from "./testing/decider-specification.ts";
export * from "./vat-number.ts";
