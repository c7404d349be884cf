export * from "./formats/index.ts";
export * from "./import.ts";
export * from "./import-plan.ts";
export * from "./matching.ts";
export * from "./model.ts";
export * from "./rules.ts";
export * from "./rules-decider.ts";
