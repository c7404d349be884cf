import { Button, Group, Paper, Stack, Table, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyRow, TableFrame } from "../../components/data-table.tsx";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { LinkButton } from "../../components/link-button.tsx";
import { NoAccess } from "../../components/no-access.tsx";
import { type Item, useRemoveItemMeta, useSetItemMeta } from "./api.ts";
import { ItemFrame } from "./item-frame.tsx";
import { itemPath } from "./paths.ts";
import { useCanItems } from "./ui.tsx";

const MetaScreen = ({ edit }: { edit: boolean }) => {
  const { t } = useTranslation(["items", "common"]);
  const can = useCanItems();
  return (
    <ItemFrame
      title={(item) => t(edit ? "meta.editTitle" : "meta.title", { reference: item.reference })}
      actions={(item) =>
        !edit && can("items.meta", "update") ? (
          <LinkButton to={`${itemPath(item.id)}/meta/edit`} variant="default" data-testid="item-meta-edit">
            {t("common:actions.edit")}
          </LinkButton>
        ) : null
      }
    >
      {(item) =>
        can("items.meta", "read") ? (
          <MetaTable item={item} edit={edit && can("items.meta", "update")} />
        ) : (
          <NoAccess />
        )
      }
    </ItemFrame>
  );
};

const MetaTable = ({ item, edit }: { item: Item; edit: boolean }) => {
  const { t } = useTranslation(["items", "common"]);
  const setMeta = useSetItemMeta();
  const removeMeta = useRemoveItemMeta();
  const [key, setKey] = useState("");
  const [value, setValue] = useState("");
  const entries = Object.entries(item.metas).sort(([a], [b]) => a.localeCompare(b));
  return (
    <Stack gap="md" maw={820}>
      <TableFrame caption={t("tabs.meta")} testId="item-metas" minWidth={480}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={220}>{t("meta.key")}</Table.Th>
            <Table.Th>{t("meta.value")}</Table.Th>
            {edit ? <Table.Th w={110} /> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.length === 0 ? <EmptyRow colSpan={edit ? 3 : 2}>{t("meta.empty")}</EmptyRow> : null}
          {entries.map(([k, v]) => (
            <Table.Tr key={k} data-testid="meta-row">
              <Table.Td ff="monospace">{k}</Table.Td>
              <Table.Td>{v}</Table.Td>
              {edit ? (
                <Table.Td>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    loading={removeMeta.isPending}
                    onClick={() => removeMeta.mutate(`${item.id}:${k}`)}
                  >
                    {t("meta.remove")}
                  </Button>
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </TableFrame>
      {edit ? (
        <Paper p="md">
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              setMeta.mutate(
                { itemId: item.id, key: key.trim(), value },
                {
                  onSuccess: () => {
                    setKey("");
                    setValue("");
                  },
                },
              );
            }}
          >
            <Group align="flex-end" gap="sm">
              <TextInput
                label={t("meta.key")}
                description={t("meta.keyHint")}
                value={key}
                onChange={(e) => setKey(e.currentTarget.value)}
                w={260}
                data-testid="meta-key"
              />
              <TextInput
                label={t("meta.value")}
                value={value}
                onChange={(e) => setValue(e.currentTarget.value)}
                style={{ flex: 1 }}
                data-testid="meta-value"
              />
              <Button type="submit" loading={setMeta.isPending} disabled={!key.trim()} data-testid="meta-add">
                {t("meta.add")}
              </Button>
            </Group>
            {setMeta.isError ? <ErrorAlert error={setMeta.error} /> : null}
            {removeMeta.isError ? <ErrorAlert error={removeMeta.error} /> : null}
          </form>
        </Paper>
      ) : null}
    </Stack>
  );
};

export const ItemMetaPage = () => <MetaScreen edit={false} />;
export const ItemMetaEditPage = () => <MetaScreen edit />;
