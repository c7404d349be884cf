import { SaxesParser } from "saxes";

/**
 * A strict XML reader for statement files: saxes (the XML 1.0 conformant parser jsdom uses) checks
 * the document is well-formed and gives the line where it is not; the tree is built in the shape the
 * readers walk — an element without attributes or children is its text, any other an object of its
 * children by local name (`#text` its text, `@name` its attributes), repeated children as arrays, and
 * `arrays` always as arrays.
 */

// biome-ignore lint/suspicious/noExplicitAny: an XML tree is untyped by nature; readers check what they read.
export type XmlNode = any;

export class XmlSyntaxError extends Error {
  constructor(
    readonly line: number,
    readonly detail: string,
  ) {
    super(`line ${line}: ${detail}`);
  }
}

type Frame = {
  name: string;
  attributes: Record<string, string>;
  children: Map<string, XmlNode[]>;
  text: string;
};

const local = (name: string): string => name.slice(name.indexOf(":") + 1);

const finish = (frame: Frame, arrays: ReadonlySet<string>): XmlNode => {
  const text = frame.text.trim();
  const attributes = Object.entries(frame.attributes);
  if (frame.children.size === 0 && attributes.length === 0) return text;
  const node: Record<string, XmlNode> = {};
  for (const [name, value] of attributes) node[`@${local(name)}`] = value;
  for (const [name, list] of frame.children)
    node[name] = list.length > 1 || arrays.has(name) ? list : list[0];
  if (text !== "") node["#text"] = text;
  return node;
};

/** The document's root element as `{ [rootName]: tree }`; a document that is not well-formed throws `XmlSyntaxError`. */
export const readXml = (xml: string, arrays: ReadonlySet<string>): Record<string, XmlNode> => {
  const parser = new SaxesParser({ position: true });
  const root: Frame = { name: "#document", attributes: {}, children: new Map(), text: "" };
  const stack: Frame[] = [root];
  parser.on("opentag", (tag) => {
    stack.push({
      name: local(tag.name),
      attributes: tag.attributes as Record<string, string>,
      children: new Map(),
      text: "",
    });
  });
  parser.on("text", (text) => {
    const top = stack[stack.length - 1] as Frame;
    if (stack.length > 1) top.text += text;
  });
  parser.on("cdata", (text) => {
    (stack[stack.length - 1] as Frame).text += text;
  });
  parser.on("closetag", () => {
    const frame = stack.pop() as Frame;
    const parent = stack[stack.length - 1] as Frame;
    const list = parent.children.get(frame.name);
    const node = finish(frame, arrays);
    if (list) list.push(node);
    else parent.children.set(frame.name, [node]);
  });
  try {
    parser.write(xml).close();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new XmlSyntaxError(parser.line, message.replace(/^[^:]*:\d+:\d+: /, ""));
  }
  const result: Record<string, XmlNode> = {};
  for (const [name, list] of root.children) result[name] = list[0];
  return result;
};
