// The two web-standard globals the core relies on, as far as it uses them. Every runtime Registre
// runs on provides them (Node and the browsers): declared here so the core compiles without the DOM's
// or Node's types, which would let I/O in unnoticed (core/tsconfig.json).

declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean });
  decode(input?: Uint8Array): string;
}

declare class URL {
  constructor(url: string, base?: string);
  readonly hostname: string;
}
