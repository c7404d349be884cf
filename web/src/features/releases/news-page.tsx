import { Badge, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../components/page-header.tsx";
import { QueryView } from "../../components/query-view.tsx";
import { useFormat } from "../../i18n/format.ts";
import { type ReleaseNews, releaseNewsQuery, useSeeReleases } from "./api.ts";
import { ReleaseBody } from "./release-body.tsx";

type NewsItem = ReleaseNews["items"][number];

/** The newest publication among the notes shown: what the visit records as seen. */
const newestPublication = (items: readonly NewsItem[]): string | null =>
  items.reduce<string | null>(
    (newest, n) => (n.publishedAt && (!newest || n.publishedAt > newest) ? n.publishedAt : newest),
    null,
  );

const NoteCard = ({ note, isNew }: { note: NewsItem; isNew: boolean }) => {
  const { t } = useTranslation("platform");
  const format = useFormat();
  const en = format.locale === "en";
  return (
    <Paper
      withBorder
      p="lg"
      radius="md"
      component="article"
      data-testid="release-note"
      data-new={isNew || undefined}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2}>
            <Group gap="xs">
              <Badge variant="outline" radius="sm" tt="none" data-testid="release-note-version">
                {t("releases.versionLabel", { version: note.version })}
              </Badge>
              {isNew ? (
                <Badge color="indigo" variant="filled" data-testid="release-note-new">
                  {t("releases.new")}
                </Badge>
              ) : null}
            </Group>
            <Title order={2} size="h4" data-testid="release-note-title">
              {en ? note.titleEn : note.titleFr}
            </Title>
          </Stack>
          <Text size="sm" c="dimmed" style={{ whiteSpace: "nowrap" }}>
            {format.date(note.date)}
          </Text>
        </Group>
        <ReleaseBody body={en ? note.bodyEn : note.bodyFr} />
      </Stack>
    </Paper>
  );
};

/**
 * `/org/dashboard/releases`: the product's published notes, newest first, in the member's language; those
 * new since the last visit marked (as they were when the screen opened), and the visit recorded.
 */
export const ReleaseNewsPage = () => {
  const { t } = useTranslation("platform");
  const query = useQuery(releaseNewsQuery);
  const see = useSeeReleases();
  // The notes new when the screen opened: they stay marked after the visit is recorded.
  const [fresh, setFresh] = useState<ReadonlySet<string> | null>(null);
  const data = query.data;
  useEffect(() => {
    if (!data || fresh) return;
    setFresh(new Set(data.items.filter((n) => n.new).map((n) => n.id)));
    const upTo = newestPublication(data.items);
    if (data.unread > 0 && upTo) see.mutate(upTo);
  }, [data, fresh, see]);
  return (
    <Stack gap="md">
      <PageHeader title={t("releases.newsTitle")} description={t("releases.newsDescription")} />
      <QueryView query={query} testId="release-news-error">
        {(news) =>
          news.items.length === 0 ? (
            <Paper withBorder p="xl" radius="md" data-testid="release-news-empty">
              <Text c="dimmed">{t("releases.newsEmpty")}</Text>
            </Paper>
          ) : (
            <Stack gap="md" data-testid="release-news">
              {(fresh?.size ?? news.unread) > 0 ? (
                <Text size="sm" data-testid="release-news-count">
                  {t("releases.newsCount", { count: fresh?.size ?? news.unread })}
                </Text>
              ) : null}
              {news.items.map((note) => (
                <NoteCard key={note.id} note={note} isNew={fresh ? fresh.has(note.id) : note.new} />
              ))}
            </Stack>
          )
        }
      </QueryView>
    </Stack>
  );
};
