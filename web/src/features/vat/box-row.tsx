import { Table } from "@mantine/core";
import type { ReactNode } from "react";
import type { VatBox } from "./api.ts";

/** A box's row in a VAT table: tagged with its code, set apart (`totalClassName`) when it is a total. */
export const BoxRow = ({
  box,
  testId,
  totalClassName,
  children,
}: {
  box: Pick<VatBox, "code" | "source">;
  testId: string;
  totalClassName: string;
  children: ReactNode;
}) => (
  <Table.Tr
    data-testid={testId}
    data-code={box.code}
    className={box.source === "total" ? totalClassName : undefined}
  >
    {children}
  </Table.Tr>
);
