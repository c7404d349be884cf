export * from "./plans.ts";
export * from "./platform-invoices.ts";
export * from "./subscription.ts";
