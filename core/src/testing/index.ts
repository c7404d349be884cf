export * from "./decider-specification.ts";
export * from "./refusals.ts";
