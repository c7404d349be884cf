import "./lines.css";
import { Table, type TableTdProps } from "@mantine/core";
import type { CSSProperties, ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** A priced line's figures, in the order both tables show them (the editor's and the document's page). */
const figures = ["quantity", "unit", "unitPrice", "discount", "vatRate", "net"] as const;
type Figure = (typeof figures)[number];
/** The figures read from the right (their header too). */
const rightAligned: ReadonlySet<Figure> = new Set(["quantity", "unitPrice", "discount", "net"]);

/** Where a cell stands in a line's card on a phone (lines.css names the areas after the columns). */
type Area = Figure | "label" | "text" | "handle" | "tools";

/**
 * The header of a document's lines: the item, then its figures at the widths given; the editor adds a
 * narrow column before (the move arrows) and after (the line's tools), the page its remaining columns.
 */
export const LinesHead = ({
  widths,
  edit = false,
  after,
}: {
  widths: Record<Figure, number>;
  edit?: boolean;
  after?: ReactNode;
}) => {
  const { t } = useTranslation("docs");
  return (
    <Table.Thead>
      <Table.Tr>
        {edit ? <Table.Th w={36} /> : null}
        <Table.Th>{t("lines.item")}</Table.Th>
        {figures.map((figure) => (
          <Table.Th key={figure} w={widths[figure]} ta={rightAligned.has(figure) ? "right" : undefined}>
            {t(`lines.${figure}`)}
          </Table.Th>
        ))}
        {after}
        {edit ? <Table.Th w={56} /> : null}
      </Table.Tr>
    </Table.Thead>
  );
};

/**
 * One cell of a line: named by its column (`data-col`), which places it in the line's card on a phone;
 * a figure's cell carries its column's name (`data-label`), shown above it there.
 */
export const LineCell = ({
  col,
  label,
  style,
  ...props
}: Omit<TableTdProps, "style"> & {
  col: Area | "remaining";
  /** The name shown above the cell on a phone; a figure's column name by default. */
  label?: string;
  style?: CSSProperties;
  children?: ReactNode;
  "data-testid"?: string;
  "data-empty"?: boolean;
}) => {
  const { t } = useTranslation("docs");
  const figure = (figures as readonly string[]).includes(col);
  return (
    <Table.Td
      data-col={col}
      data-label={label ?? (figure ? t(`lines.${col as Figure}`) : undefined)}
      style={col === "remaining" ? style : ({ ...style, "--docs-line-area": col } as CSSProperties)}
      {...props}
    />
  );
};
