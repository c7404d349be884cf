import { Button, Menu } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { type ContactPanel, myContactPreferencesQuery, useSetContactPanel } from "./api.ts";
import { type ContactPart, contactPartPath } from "./paths.ts";

/** My folded panels (none until the preferences are read). */
export const useFoldedPanels = (): readonly ContactPanel[] =>
  useQuery(myContactPreferencesQuery()).data?.foldedPanels ?? [];

/**
 * The « more » menu at the end of a contact's tabs: the panels I folded away (to open one), and the
 * layout — each panel shown as a tab or folded into this menu (`PUT /contacts/{id}/panel/{panel}`, mine,
 * the same for every contact).
 */
export const PanelMenu = ({ id, panels }: { id: string; panels: readonly ContactPart[] }) => {
  const { t } = useTranslation("contacts");
  const navigate = useNavigate();
  const folded = useFoldedPanels();
  const setPanel = useSetContactPanel(id);
  return (
    <Menu position="bottom-end" closeOnItemClick={false} withinPortal>
      <Menu.Target>
        <Button variant="subtle" size="compact-sm" ml="auto" data-testid="contact-panels">
          {folded.length > 0 ? t("panels.more", { count: folded.length }) : t("panels.layout")}
        </Button>
      </Menu.Target>
      <Menu.Dropdown data-testid="contact-panels-menu">
        {folded.length > 0 ? (
          <>
            <Menu.Label>{t("panels.folded")}</Menu.Label>
            {folded.map((p) => (
              <Menu.Item
                key={p}
                onClick={() => void navigate(contactPartPath(id, p))}
                data-testid={`panel-open-${p}`}
              >
                {t(`tabs.${p}`)}
              </Menu.Item>
            ))}
            <Menu.Divider />
          </>
        ) : null}
        <Menu.Label>{t("panels.shown")}</Menu.Label>
        {panels.map((p) => {
          const isFolded = folded.includes(p as ContactPanel);
          return (
            <Menu.Item
              key={p}
              leftSection={<span aria-hidden>{isFolded ? "○" : "✓"}</span>}
              disabled={setPanel.isPending}
              onClick={() => setPanel.mutate({ panel: p as ContactPanel, folded: !isFolded })}
              aria-checked={!isFolded}
              role="menuitemcheckbox"
              data-testid={`panel-toggle-${p}`}
            >
              {t(`tabs.${p}`)}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
};
