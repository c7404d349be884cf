import { Anchor, Code, Group, Stack, Table, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { PageFrame } from "../../components/page-frame.tsx";
import { QueryView } from "../../components/query-view.tsx";
import { apiBase } from "../../lib/http.ts";
import { callsOf, exampleOf, fieldsOf, type OpenApiDoc } from "./api-doc.ts";

const openApiQuery = {
  queryKey: ["openapi"] as const,
  queryFn: async (): Promise<OpenApiDoc> => (await fetch(`${apiBase}/openapi.json`)).json(),
  staleTime: Number.POSITIVE_INFINITY,
};

/** Who may make the call, in words: public, signed in, platform administrator, or a right. */
const useAccessText = () => {
  const { t } = useTranslation("platform");
  return (access: string | undefined): string => {
    if (!access) return t("apiDoc.access.unknown");
    const [kind, code, bit] = access.split(":");
    if (kind === "right") {
      // The rights' bits (core Rights): create 2, read 4, update 8, delete 16.
      const level = bit === "2" || bit === "8" || bit === "16" ? bit : "4";
      return t("apiDoc.access.right", { code, level: t(`apiDoc.levels.${level}`) });
    }
    return t(
      `apiDoc.access.${kind === "platform" || kind === "public" || kind === "session" ? kind : "unknown"}`,
    );
  };
};

/**
 * `/help/:entity/:action`: one API call documented from the OpenAPI document — its method and path,
 * who may make it, its parameters and body fields, its answers and errors, an example body — with the
 * entity's other calls one click away. Labels in the reader's language; descriptions the API's own.
 */
export const ApiDocPage = () => {
  const { t } = useTranslation(["platform", "common"]);
  const { entity = "", action = "" } = useParams();
  const accessText = useAccessText();
  const doc = useQuery(openApiQuery);
  return (
    <PageFrame
      title={t("platform:apiDoc.title", { entity, action })}
      description={t("platform:apiDoc.description")}
    >
      <title>{`${action} · ${t("platform:apiDoc.crumb")} · ${t("common:app.name")}`}</title>
      <QueryView query={doc} testId="api-doc">
        {(openapi) => {
          const calls = callsOf(openapi).filter((c) => c.entity === entity);
          const call = calls.find((c) => c.action === action);
          if (!call)
            return (
              <Text data-testid="api-doc-unknown">{t("platform:apiDoc.unknown", { entity, action })}</Text>
            );
          const op = call.operation;
          const bodySchema = Object.values(op.requestBody?.content ?? {})[0]?.schema;
          const fields = fieldsOf(openapi, bodySchema);
          const params = op.parameters ?? [];
          const responses = Object.entries(op.responses ?? {});
          return (
            <Stack gap="lg" data-testid="api-doc-call">
              <Group gap="sm">
                <Code fz="md" data-testid="api-doc-method">
                  {call.method}
                </Code>
                <Code fz="md" data-testid="api-doc-path">{`/api${call.path}`}</Code>
              </Group>
              {op.summary || op.description ? <Text>{op.summary ?? op.description}</Text> : null}
              <Text data-testid="api-doc-access">
                <strong>{t("platform:apiDoc.who")}</strong> {accessText(op["x-registre-access"])}
              </Text>
              {params.length > 0 ? (
                <Stack gap="xs">
                  <Title order={2} size="h4">
                    {t("platform:apiDoc.parameters")}
                  </Title>
                  <Table data-testid="api-doc-params">
                    <Table.Tbody>
                      {params.map((p) => (
                        <Table.Tr key={`${p.in}-${p.name}`}>
                          <Table.Td>
                            <Code>{p.name}</Code>
                          </Table.Td>
                          <Table.Td>{t(`platform:apiDoc.in.${p.in === "path" ? "path" : "query"}`)}</Table.Td>
                          <Table.Td>
                            {p.required ? t("platform:apiDoc.required") : t("platform:apiDoc.optional")}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Stack>
              ) : null}
              {fields.length > 0 ? (
                <Stack gap="xs">
                  <Title order={2} size="h4">
                    {t("platform:apiDoc.fields")}
                  </Title>
                  <Table data-testid="api-doc-fields">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t("platform:apiDoc.field")}</Table.Th>
                        <Table.Th>{t("platform:apiDoc.type")}</Table.Th>
                        <Table.Th>{t("platform:apiDoc.requiredHeader")}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {fields.map((f) => (
                        <Table.Tr key={f.name} data-testid="api-doc-field">
                          <Table.Td>
                            <Code>{f.name}</Code>
                          </Table.Td>
                          <Table.Td>{f.type}</Table.Td>
                          <Table.Td>
                            {f.required ? t("platform:apiDoc.required") : t("platform:apiDoc.optional")}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                  <Text fw={600}>{t("platform:apiDoc.example")}</Text>
                  <Code block data-testid="api-doc-example">
                    {JSON.stringify(exampleOf(openapi, bodySchema), null, 2)}
                  </Code>
                </Stack>
              ) : null}
              <Stack gap="xs">
                <Title order={2} size="h4">
                  {t("platform:apiDoc.answers")}
                </Title>
                <Table data-testid="api-doc-answers">
                  <Table.Tbody>
                    {responses.map(([status, r]) => (
                      <Table.Tr key={status}>
                        <Table.Td>
                          <Code>{status}</Code>
                        </Table.Td>
                        <Table.Td>
                          {Number(status) >= 400
                            ? t(`platform:apiDoc.errors.${status}`, { defaultValue: r.description ?? "" })
                            : (r.description ?? "")}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Stack>
              <Stack gap={4}>
                <Text fw={600}>{t("platform:apiDoc.others", { entity })}</Text>
                {calls
                  .filter((c) => c !== call)
                  .map((c) => (
                    <Anchor
                      key={`${c.method} ${c.path}`}
                      component={Link}
                      to={`/help/${entity}/${c.action}`}
                      size="sm"
                    >
                      {`${c.method} /api${c.path}`}
                    </Anchor>
                  ))}
              </Stack>
            </Stack>
          );
        }}
      </QueryView>
    </PageFrame>
  );
};
