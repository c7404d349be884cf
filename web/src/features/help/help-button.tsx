import { ActionIcon, Button, Drawer, Stack, Text, Textarea, TextInput, Title, Tooltip } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useMatches } from "react-router";
import { ErrorAlert } from "../../components/error-alert.tsx";
import { type AnswerOf, api } from "../../lib/api-client.ts";
import { getQuery } from "../../lib/queries.ts";
import { useSession } from "../../lib/session-store.ts";
import { ReleaseBody } from "../releases/release-body.tsx";

type Article = AnswerOf<"/help", "get">["items"][number];
type ArticleText = Omit<Article, "id">;

/** The screen a help article is about: the route's path with its parameters as `:name`. */
export const screenOf = (pathname: string, params: Readonly<Record<string, string | undefined>>): string => {
  const byValue = new Map(
    Object.entries(params)
      .filter(([name, value]) => name !== "*" && value)
      .map(([name, value]) => [value as string, name]),
  );
  const path = pathname
    .split("/")
    .map((segment) => {
      const name = byValue.get(decodeURIComponent(segment));
      return name ? `:${name}` : segment;
    })
    .join("/")
    .replace(/\/+$/, "");
  return path || "/";
};

const helpQuery = (screen: string) => getQuery(["help", screen] as const, "/help", { query: { screen } });

/** The platform administrator writes the screen's article, or changes it. */
const ArticleForm = ({
  screen,
  article,
  onDone,
}: {
  screen: string;
  article?: Article;
  onDone: () => void;
}) => {
  const { t } = useTranslation("platform");
  const queryClient = useQueryClient();
  const [text, setText] = useState<ArticleText>(
    article ?? { screen, titleFr: "", titleEn: "", bodyFr: "", bodyEn: "" },
  );
  const save = useMutation({
    mutationFn: () =>
      article
        ? api.put("/help/{id}", { path: { id: article.id }, body: text })
        : api.post("/help", { body: text }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ["help"] });
      onDone();
    },
  });
  const field = (key: keyof ArticleText) => ({
    value: text[key],
    onChange: (event: { currentTarget: { value: string } }) => {
      // Read now: the event's target is gone by the time the updater runs.
      const value = event.currentTarget.value;
      setText((current) => ({ ...current, [key]: value }));
    },
  });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
      data-testid="help-form"
    >
      <Stack gap="sm">
        <TextInput label={t("help.titleFr")} {...field("titleFr")} data-testid="help-title-fr" />
        <Textarea
          label={t("help.bodyFr")}
          autosize
          minRows={3}
          {...field("bodyFr")}
          data-testid="help-body-fr"
        />
        <TextInput label={t("help.titleEn")} {...field("titleEn")} data-testid="help-title-en" />
        <Textarea
          label={t("help.bodyEn")}
          autosize
          minRows={3}
          {...field("bodyEn")}
          data-testid="help-body-en"
        />
        {save.isError ? <ErrorAlert error={save.error} testId="help-error" /> : null}
        <Button type="submit" loading={save.isPending} data-testid="help-save">
          {t("help.save")}
        </Button>
      </Stack>
    </form>
  );
};

/**
 * The header's help: on a screen that has an article, a « ? » that opens it in a drawer, in the reader's
 * language; the platform administrator sees it on every screen, to write the article or change it.
 */
export const HelpButton = () => {
  const { t, i18n } = useTranslation("platform");
  const session = useSession();
  const admin = session.status === "authenticated" && session.user.platformAdmin;
  const last = useMatches().at(-1);
  const screen = screenOf(last?.pathname ?? "/", last?.params ?? {});
  const query = useQuery({ ...helpQuery(screen), enabled: session.status === "authenticated" });
  const [opened, setOpened] = useState(false);
  const [editing, setEditing] = useState(false);
  const article = query.data?.items[0];
  if (!article && !admin) return null;
  const en = i18n.language.startsWith("en");
  return (
    <>
      <Tooltip label={t("help.open")}>
        <ActionIcon
          variant={article ? "light" : "subtle"}
          radius="xl"
          aria-label={t("help.open")}
          onClick={() => setOpened(true)}
          data-testid="help-button"
        >
          ?
        </ActionIcon>
      </Tooltip>
      <Drawer
        opened={opened}
        onClose={() => {
          setOpened(false);
          setEditing(false);
        }}
        position="right"
        title={t("help.title")}
        data-testid="help-drawer"
      >
        {editing || (!article && admin) ? (
          <ArticleForm
            key={article?.id ?? screen}
            screen={screen}
            {...(article && { article })}
            onDone={() => setEditing(false)}
          />
        ) : article ? (
          <Stack gap="sm" data-testid="help-article">
            <Title order={2} size="h3" data-testid="help-article-title">
              {en ? article.titleEn : article.titleFr}
            </Title>
            <ReleaseBody body={en ? article.bodyEn : article.bodyFr} />
            {admin ? (
              <Button variant="light" onClick={() => setEditing(true)} data-testid="help-edit">
                {t("help.edit")}
              </Button>
            ) : null}
          </Stack>
        ) : (
          <Text>{t("help.none")}</Text>
        )}
      </Drawer>
    </>
  );
};
