export * from "./ca12.ts";
export * from "./code.ts";
export * from "./compute.ts";
export * from "./corrections.ts";
export * from "./form.ts";
export * from "./periods.ts";
export * from "./regime.ts";
export * from "./vat-return.ts";
