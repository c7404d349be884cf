export * from "./plans.ts";
export * from "./subscription.ts";
