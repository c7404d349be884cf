import { List, Stack, Text } from "@mantine/core";

export type BodyBlock = { kind: "paragraph"; lines: string[] } | { kind: "list"; items: string[] };

const bullet = /^\s*[-*•]\s+/;

/**
 * A note's body as blocks: paragraphs separated by a blank line (a single line break kept inside one),
 * and runs of lines starting with « - », « * » or « • » as a list. Text only: never read as HTML.
 */
export const bodyBlocks = (body: string): BodyBlock[] => {
  const blocks: BodyBlock[] = [];
  for (const chunk of body.replace(/\r\n?/g, "\n").split(/\n\s*\n/)) {
    let current: BodyBlock | null = null;
    for (const line of chunk.split("\n")) {
      if (!line.trim()) continue;
      if (bullet.test(line)) {
        const item = line.replace(bullet, "").trim();
        if (current?.kind === "list") current.items.push(item);
        else {
          current = { kind: "list", items: [item] };
          blocks.push(current);
        }
      } else if (current?.kind === "paragraph") current.lines.push(line.trim());
      else {
        current = { kind: "paragraph", lines: [line.trim()] };
        blocks.push(current);
      }
    }
  }
  return blocks;
};

/** A note's body, rendered as React text nodes: whatever it holds (`<script>`…) shows as written. */
export const ReleaseBody = ({ body }: { body: string }) => (
  <Stack gap="xs" data-testid="release-body">
    {bodyBlocks(body).map((block, i) =>
      block.kind === "list" ? (
        // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no identity but their place
        <List key={i} size="sm" spacing={2}>
          {block.items.map((item, j) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: as above
            <List.Item key={j}>{item}</List.Item>
          ))}
        </List>
      ) : (
        // biome-ignore lint/suspicious/noArrayIndexKey: as above
        <Text key={i} size="sm">
          {block.lines.map((line, j) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: as above
            <span key={j}>
              {j > 0 ? <br /> : null}
              {line}
            </span>
          ))}
        </Text>
      ),
    )}
  </Stack>
);
