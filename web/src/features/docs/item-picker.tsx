import { Combobox, Group, Text, Textarea, useCombobox } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { useFormat } from "../../i18n/format.ts";
import { api, type Schemas } from "../../lib/api-client.ts";
import { formatDecimal } from "../items/prices.ts";
import type { Direction } from "./model.ts";

export type PickedItem = Schemas["Item"];

/**
 * The designation of a line: typed freely, or an item picked from the ones matching as you type
 * (GET /items/search, the side's items). Arrows choose, Enter picks; Enter with nothing chosen goes on.
 */
export const ItemPicker = ({
  value,
  onChange,
  onPick,
  direction,
  onEnter,
  cell,
  label,
  error,
  autoFocus,
}: {
  value: string;
  onChange: (value: string) => void;
  onPick: (item: PickedItem) => void;
  direction: Direction;
  /** Enter pressed with no suggestion chosen: the editor moves on. */
  onEnter: () => void;
  cell: string;
  label: string;
  error?: string | undefined;
  autoFocus?: boolean;
}) => {
  const { t } = useTranslation("docs");
  const { locale } = useFormat();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [q] = useDebouncedValue(value.trim(), 150);
  const use = direction === "sales" ? "sale" : "purchase";
  const search = useQuery({
    queryKey: ["items", "search", use, q],
    queryFn: ({ signal }) => api.get("/items/search", { query: { q, use, limit: 8 }, signal }),
    enabled: combobox.dropdownOpened && q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const items = q ? (search.data?.items ?? []) : [];
  const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== "Enter" || event.nativeEvent.isComposing) return;
    if (combobox.dropdownOpened && combobox.getSelectedOptionIndex() !== -1) return;
    event.preventDefault();
    combobox.closeDropdown();
    onEnter();
  };
  return (
    <Combobox
      store={combobox}
      withinPortal
      onOptionSubmit={(id) => {
        const item = items.find((i) => i.id === id);
        if (item) onPick(item);
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target>
        {/* A long designation wraps and the field grows: it is read whole, as it will print. */}
        <Textarea
          size="xs"
          autosize
          minRows={1}
          maxRows={6}
          aria-label={label}
          placeholder={t("lines.itemPlaceholder")}
          value={value}
          error={error}
          autoFocus={autoFocus}
          autoComplete="off"
          data-cell={cell}
          data-testid="line-label"
          onChange={(event) => {
            onChange(event.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onFocus={() => value.trim() && combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          onKeyDown={keyDown}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!q}>
        <Combobox.Options data-testid="item-options">
          {items.length === 0 ? (
            <Combobox.Empty>{search.isFetching ? "…" : t("lines.noItem")}</Combobox.Empty>
          ) : (
            items.map((item) => {
              const price = direction === "sales" ? item.sellPrice : item.buyPrice;
              return (
                <Combobox.Option value={item.id} key={item.id} data-testid="item-option">
                  <Group justify="space-between" wrap="nowrap" gap="md">
                    <div>
                      <Text size="sm">{item.label}</Text>
                      <Text size="xs" c="dimmed" ff="monospace">
                        {item.reference}
                      </Text>
                    </div>
                    <Text size="sm" className="registre-numeric">
                      {price ? formatDecimal(price, locale) : "—"}
                    </Text>
                  </Group>
                </Combobox.Option>
              );
            })
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
};
