/**
 * The filter language the product's clients send (a subset of the common hosted-search syntax):
 *
 *   expr       := or
 *   or         := and ("OR" and)*
 *   and        := unary ("AND" unary)*
 *   unary      := "NOT" unary | "(" expr ")" | comparison
 *   comparison := field ":" value ["TO" value] | field op number        op: < <= > >= = !=
 *   value      := word | "quoted \"text\""
 *
 * NOT binds tighter than AND, AND tighter than OR. Operators are upper case, as in the syntax it copies.
 * Errors carry the 1-based character position of the offending token.
 */

type CompareOp = "<" | "<=" | ">" | ">=" | "=" | "!=";

export type FilterNode =
  | { kind: "and"; children: FilterNode[] }
  | { kind: "or"; children: FilterNode[] }
  | { kind: "not"; child: FilterNode }
  | { kind: "match"; field: string; value: string; position: number }
  | { kind: "range"; field: string; from: number; to: number; position: number }
  | { kind: "compare"; field: string; op: CompareOp; value: number; position: number };

export class FilterSyntaxError extends Error {
  constructor(
    readonly position: number,
    detail: string,
  ) {
    super(`filters: ${detail} at position ${position}`);
  }
}

type TokenKind = "word" | "string" | "(" | ")" | ":" | "op" | "AND" | "OR" | "NOT" | "TO" | "end";
interface Token {
  kind: TokenKind;
  text: string;
  /** 1-based. */
  position: number;
}

const KEYWORDS = new Set(["AND", "OR", "NOT", "TO"]);
const WORD_STOP = /[\s():"<>=!]/;
/** Deeper nesting than any client sends; bounds recursion on hostile input. */
const MAX_DEPTH = 64;

function describe(token: Token): string {
  return token.kind === "end" ? "end of filters" : `"${token.text}"`;
}

function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const ch = input[i]!;
    const position = i + 1;
    if (/\s/.test(ch)) {
      i++;
    } else if (ch === "(" || ch === ")" || ch === ":") {
      tokens.push({ kind: ch, text: ch, position });
      i++;
    } else if (ch === "<" || ch === ">" || ch === "=" || ch === "!") {
      const two = input.slice(i, i + 2);
      if (two === "<=" || two === ">=" || two === "!=") {
        tokens.push({ kind: "op", text: two, position });
        i += 2;
      } else if (ch === "!") {
        throw new FilterSyntaxError(position, `unexpected "!" (did you mean "!=" or NOT?)`);
      } else {
        tokens.push({ kind: "op", text: ch, position });
        i++;
      }
    } else if (ch === '"') {
      let text = "";
      let j = i + 1;
      for (; j < input.length && input[j] !== '"'; j++) {
        if (input[j] === "\\" && j + 1 < input.length) j++;
        text += input[j];
      }
      if (j >= input.length) throw new FilterSyntaxError(position, "unterminated quoted value");
      tokens.push({ kind: "string", text, position });
      i = j + 1;
    } else {
      let j = i;
      while (j < input.length && !WORD_STOP.test(input[j]!)) j++;
      const text = input.slice(i, j);
      tokens.push({ kind: KEYWORDS.has(text) ? (text as TokenKind) : "word", text, position });
      i = j;
    }
  }
  tokens.push({ kind: "end", text: "", position: input.length + 1 });
  return tokens;
}

const NUMBER = /^-?\d+(\.\d+)?$/;

class Parser {
  #i = 0;
  constructor(readonly tokens: Token[]) {}

  get #peek(): Token {
    return this.tokens[this.#i]!;
  }
  #next(): Token {
    return this.tokens[this.#i++]!;
  }

  parse(): FilterNode | null {
    if (this.#peek.kind === "end") return null;
    const node = this.#or(0);
    const rest = this.#peek;
    if (rest.kind !== "end") {
      throw new FilterSyntaxError(
        rest.position,
        rest.kind === ")"
          ? `unexpected ")" without a matching "("`
          : `expected AND, OR or end of filters, found ${describe(rest)}`,
      );
    }
    return node;
  }

  #or(depth: number): FilterNode {
    const children = [this.#and(depth)];
    while (this.#peek.kind === "OR") {
      this.#next();
      children.push(this.#and(depth));
    }
    return children.length === 1 ? children[0]! : { kind: "or", children };
  }

  #and(depth: number): FilterNode {
    const children = [this.#unary(depth)];
    while (this.#peek.kind === "AND") {
      this.#next();
      children.push(this.#unary(depth));
    }
    return children.length === 1 ? children[0]! : { kind: "and", children };
  }

  #unary(depth: number): FilterNode {
    const token = this.#peek;
    if (depth > MAX_DEPTH) throw new FilterSyntaxError(token.position, `nesting deeper than ${MAX_DEPTH} levels`);
    if (token.kind === "NOT") {
      this.#next();
      return { kind: "not", child: this.#unary(depth + 1) };
    }
    if (token.kind === "(") {
      this.#next();
      const inner = this.#or(depth + 1);
      const close = this.#next();
      if (close.kind !== ")")
        throw new FilterSyntaxError(
          close.position,
          `expected ")" to close the "(" at position ${token.position}, found ${describe(close)}`,
        );
      return inner;
    }
    return this.#comparison();
  }

  #comparison(): FilterNode {
    const field = this.#next();
    if (field.kind !== "word")
      throw new FilterSyntaxError(field.position, `expected a field name, found ${describe(field)}`);
    const sep = this.#next();
    if (sep.kind === ":") {
      const value = this.#value(field);
      if (this.#peek.kind !== "TO")
        return { kind: "match", field: field.text, value: value.text, position: field.position };
      this.#next();
      const upper = this.#value(field);
      return {
        kind: "range",
        field: field.text,
        from: this.#number(value),
        to: this.#number(upper),
        position: field.position,
      };
    }
    if (sep.kind === "op") {
      const value = this.#next();
      if (value.kind !== "word" || !NUMBER.test(value.text)) {
        throw new FilterSyntaxError(value.position, `expected a number after "${sep.text}", found ${describe(value)}`);
      }
      return {
        kind: "compare",
        field: field.text,
        op: sep.text as CompareOp,
        value: Number(value.text),
        position: field.position,
      };
    }
    throw new FilterSyntaxError(
      sep.position,
      `expected ":" or a comparison after "${field.text}", found ${describe(sep)}`,
    );
  }

  /** A value after ":" or "TO"; operator words are plain values here (`type:NOT` is legal, if odd). */
  #value(field: Token): Token {
    const token = this.#next();
    if (token.kind === "word" || token.kind === "string" || KEYWORDS.has(token.kind)) return token;
    throw new FilterSyntaxError(token.position, `expected a value for "${field.text}", found ${describe(token)}`);
  }

  #number(token: Token): number {
    if (!NUMBER.test(token.text))
      throw new FilterSyntaxError(token.position, `expected a number in the range, found ${describe(token)}`);
    return Number(token.text);
  }
}

/** Parses a filter expression; an empty or blank one is `null` (no filter). Throws FilterSyntaxError. */
export function parseFilters(input: string): FilterNode | null {
  return new Parser(tokenize(input)).parse();
}

/** Every field a node mentions. */
export function fieldsOf(node: FilterNode, into = new Set<string>()): Set<string> {
  switch (node.kind) {
    case "and":
    case "or":
      for (const c of node.children) fieldsOf(c, into);
      break;
    case "not":
      fieldsOf(node.child, into);
      break;
    default:
      into.add(node.field);
  }
  return into;
}

/** The top-level conjuncts of an expression (the expression itself when it is not an AND). */
export function conjuncts(node: FilterNode | null): FilterNode[] {
  if (!node) return [];
  return node.kind === "and" ? node.children : [node];
}
