import { Anchor, Table, Text, UnstyledButton } from "@mantine/core";
import { Fragment, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { TableFrame } from "../../components/data-table.tsx";
import { vatPeriodPath } from "../accounting/paths.ts";
import { AmountTh, useMoney } from "../accounting/ui.tsx";
import type { VatBox, VatReturn } from "./api.ts";
import { BoxLinesModal } from "./box-lines.tsx";
import { BoxRow } from "./box-row.tsx";
import { useBoxLabel, useEuros, usePeriodName, useSectionTitle } from "./format.ts";
import { ca12FormId, formBoxesOf, ofPeriodIn } from "./model.ts";

/** The boxes grouped by section, in the form's order (a section's boxes follow one another). */
export const sectionsOf = (boxes: readonly VatBox[]): { section: string; boxes: VatBox[] }[] => {
  const out: { section: string; boxes: VatBox[] }[] = [];
  for (const box of boxes) {
    const last = out.at(-1);
    if (last && last.section === box.section) last.boxes.push(box);
    else out.push({ section: box.section, boxes: [box] });
  }
  return out;
};

const Figure = ({ euros, exact }: { euros: number | null; exact: number | null }) => {
  const { t } = useTranslation("accounting");
  const format = useEuros();
  const money = useMoney();
  if (euros === null) return null;
  return (
    <span
      className={euros === 0 ? "acc-muted" : undefined}
      title={exact !== null ? t("vat.exact", { amount: money.currency(exact) }) : undefined}
    >
      {format(euros, true)}
    </span>
  );
};

/**
 * The return laid out like the form: its sections in order, each box with its code, label, base and
 * tax in whole euros, rendered from the API's list (a new form's boxes and sections show as they come).
 * A box that sums VAT lines opens them.
 */
export const ReturnForm = ({ vat }: { vat: VatReturn }) => {
  const { t, i18n } = useTranslation("accounting");
  const label = useBoxLabel();
  const sectionTitle = useSectionTitle();
  const periodName = usePeriodName();
  const euros = useEuros();
  const [open, setOpen] = useState<VatBox | null>(null);
  const carried = vat.creditCarried;
  const roles = formBoxesOf(vat.form.id);
  const year = vat.period.slice(0, 4);
  return (
    <>
      <TableFrame minWidth={340} testId="vat-form" caption={t("vat.formCaption")} stickyHeader={false}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={52}>{t("vat.box")}</Table.Th>
            <Table.Th>{t("vat.boxLabel")}</Table.Th>
            <AmountTh w={76}>{t("vat.base")}</AmountTh>
            <AmountTh w={68}>{t("vat.tax")}</AmountTh>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sectionsOf(vat.boxes).map(({ section, boxes }) => (
            <Fragment key={section}>
              <Table.Tr className="acc-section-row" data-testid="vat-section" data-section={section}>
                <Table.Td colSpan={4}>{sectionTitle(section)}</Table.Td>
              </Table.Tr>
              {boxes.map((box) => (
                <BoxRow key={box.code} box={box} testId="vat-box" totalClassName="vat-total-row">
                  <Table.Td>
                    <span className="vat-code">{box.code}</span>
                  </Table.Td>
                  <Table.Td>
                    {box.source === "lines" ? (
                      <UnstyledButton
                        className="vat-box-open"
                        onClick={() => setOpen(box)}
                        aria-label={t("vat.openBox", { box: box.code, label: label(box) })}
                        data-testid="vat-box-open"
                      >
                        {label(box)}
                      </UnstyledButton>
                    ) : (
                      <span>{label(box)}</span>
                    )}
                    {box.code === roles.carried && carried.euros > 0 && carried.from ? (
                      <Text size="xs" c="dimmed">
                        <Anchor component={Link} to={vatPeriodPath(carried.from)} size="xs">
                          {t("vat.carriedFrom", {
                            period: periodName(carried.from, true),
                            ofPeriod: ofPeriodIn(i18n.language, periodName(carried.from, true)),
                          })}
                        </Anchor>
                      </Text>
                    ) : null}
                    {vat.form.id === ca12FormId && box.code === "30" ? (
                      <Text size="xs" c="dimmed" data-testid="vat-instalment-links">
                        {([1, 2] as const).map((n, i) => (
                          <Fragment key={n}>
                            {i > 0 ? " · " : null}
                            <Anchor component={Link} to={vatPeriodPath(`${year}-AC${n}`)} size="xs">
                              {periodName(`${year}-AC${n}`)}
                            </Anchor>
                          </Fragment>
                        ))}
                      </Text>
                    ) : null}
                    {vat.adjusted?.box === box.code ? (
                      <Text size="xs" c="dimmed" data-testid="vat-adjusted">
                        {t("vat.adjusted", {
                          by: `${vat.adjusted.by > 0 ? "+" : ""}${euros(vat.adjusted.by)}`,
                        })}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td className="acc-num">
                    <Figure euros={box.base} exact={box.exactBase} />
                  </Table.Td>
                  <Table.Td className="acc-num">
                    <Figure euros={box.tax} exact={box.exactTax} />
                  </Table.Td>
                </BoxRow>
              ))}
            </Fragment>
          ))}
        </Table.Tbody>
      </TableFrame>
      <BoxLinesModal period={vat.period} box={open} onClose={() => setOpen(null)} />
    </>
  );
};
