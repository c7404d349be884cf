export * from "./cii-read.ts";
export * from "./cii-write.ts";
export * from "./from-document.ts";
export * from "./model.ts";
export * from "./read.ts";
export * from "./rules.ts";
export * from "./supplier-match.ts";
export * from "./to-draft.ts";
export { parseXml } from "./xml.ts";
