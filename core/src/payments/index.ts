export * from "./allocation.ts";
export * from "./banking.ts";
export * from "./deposit.ts";
export * from "./money-way.ts";
export * from "./payment.ts";
export * from "./remainder.ts";
export * from "./settlement.ts";
