import { Anchor, Center, Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LogoMark } from "../../components/icons.tsx";

/** The centred card of the login, registration, organisation and password screens. */
export const AuthCard = ({
  title,
  subtitle,
  children,
  footer,
  width = 440,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  width?: number;
}) => {
  const { t } = useTranslation("common");
  return (
    <Center py={{ base: 32, md: 56 }}>
      <Stack w="100%" maw={width} gap="lg">
        <title>{`${title} · ${t("app.name")}`}</title>
        <Stack gap={6} align="center" ta="center">
          <LogoMark size={40} />
          <Title order={1} mt="xs">
            {title}
          </Title>
          {subtitle ? (
            <Text c="dimmed" size="sm" maw={380}>
              {subtitle}
            </Text>
          ) : null}
        </Stack>
        <Paper p={{ base: "lg", sm: 28 }} shadow="xs">
          {children}
        </Paper>
        {footer ? (
          <Text size="sm" c="dimmed" ta="center">
            {footer}
          </Text>
        ) : null}
      </Stack>
    </Center>
  );
};

export const TextLink = ({ to, children, testId }: { to: string; children: ReactNode; testId?: string }) => (
  <Anchor component={Link} to={to} fw={600} data-testid={testId}>
    {children}
  </Anchor>
);
