export { checkFec, type FecCheckOptions } from "./check.ts";
export { type FecGroupResult, groupFecEntries } from "./group.ts";
export { decodeFec, type FecParseResult, parseFec } from "./parse.ts";
export * from "./plan/index.ts";
export * from "./types.ts";
export {
  cleanFecText,
  FEC_LINE_END,
  type FecDescriptionInput,
  fecDescription,
  fecFileName,
  fecHeader,
  fecLine,
  formatFecDate,
  writeFec,
} from "./write.ts";
