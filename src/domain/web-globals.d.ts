// The WHATWG globals the domain rules and the API's types (a Blob: a file sent or answered) use. Browsers and Node
// both have them, but the domain project has neither the DOM library nor Node's types (its rules run on both sides:
// see src/domain/tsconfig.json), so it declares these, as lib.dom.d.ts does, and nothing else: a rule that needs
// `window`, `document` or `process` belongs in another layer.

interface URL {
  hash: string;
  host: string;
  hostname: string;
  href: string;
  toString(): string;
  readonly origin: string;
  password: string;
  pathname: string;
  port: string;
  protocol: string;
  search: string;
  readonly searchParams: URLSearchParams;
  username: string;
  toJSON(): string;
}

declare const URL: {
  prototype: URL;
  new (url: string | URL, base?: string | URL): URL;
  canParse(url: string | URL, base?: string | URL): boolean;
  parse(url: string | URL, base?: string | URL): URL | null;
};

interface URLSearchParams {
  readonly size: number;
  append(name: string, value: string): void;
  delete(name: string, value?: string): void;
  get(name: string): string | null;
  getAll(name: string): string[];
  has(name: string, value?: string): boolean;
  set(name: string, value: string): void;
  sort(): void;
  toString(): string;
  forEach(callbackfn: (value: string, key: string, parent: URLSearchParams) => void): void;
  [Symbol.iterator](): IteratorObject<[string, string], BuiltinIteratorReturn, unknown>;
  entries(): IteratorObject<[string, string], BuiltinIteratorReturn, unknown>;
  keys(): IteratorObject<string, BuiltinIteratorReturn, unknown>;
  values(): IteratorObject<string, BuiltinIteratorReturn, unknown>;
}

declare const URLSearchParams: {
  prototype: URLSearchParams;
  new (init?: string[][] | Record<string, string> | string | URLSearchParams): URLSearchParams;
};

/** A file's bytes: only named here (src/api/contract.ts types file bodies and answers), never built. */
interface Blob {
  readonly size: number;
  readonly type: string;
}
