export * from "./attachments.ts";
export * from "./sniff.ts";
