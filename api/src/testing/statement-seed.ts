import { randomUUID } from "node:crypto";
import {
  type BankStatementLine,
  bankStatementDecider,
  bankStatementStreamId,
  lineIdentities,
} from "@registre/core";
import { handleCommand } from "../commands.ts";
import type { AppContext } from "../context.ts";

/**
 * A statement written straight on its stream, for the reconciliation tests (the import API reads files;
 * these tests are about what follows). Answers its id once the read models show it.
 */
export const seedStatement = async (
  ctx: AppContext,
  orgId: string,
  bank: { id: string; account: string; journal: string },
  lines: readonly BankStatementLine[],
  balances: { opening?: number; closing?: number; from: string; to: string },
): Promise<string> => {
  const id = randomUUID();
  const identities = lineIdentities(lines);
  await handleCommand(ctx, {
    orgId,
    streamId: bankStatementStreamId(id),
    decider: bankStatementDecider,
    commands: [
      {
        type: "ImportBankStatement",
        data: {
          id,
          bankId: bank.id,
          account: bank.account,
          journal: bank.journal,
          source: "typed",
          file: null,
          reference: null,
          label: `Relevé ${balances.from} – ${balances.to}`,
          from: balances.from,
          to: balances.to,
          opening: balances.opening === undefined ? null : { amount: balances.opening, date: balances.from },
          closing: balances.closing === undefined ? null : { amount: balances.closing, date: balances.to },
          notices: [],
          alreadyImported: 0,
          lines: lines.map((line, i) => ({ identity: identities[i] ?? `seed:${i}`, line })),
        },
      },
    ],
    metadata: { commandId: randomUUID(), at: new Date().toISOString() },
    readModels: ["bank_statements"],
  });
  return id;
};
