import { describe, expect, it } from "vitest";
import { FilterSyntaxError, conjuncts, fieldsOf, parseFilters } from "../../host/server/search/filter-parser.js";
import { resolveFields } from "../../host/server/search/fields.js";

const m = (field: string, value: string, position: number) => ({ kind: "match", field, value, position });

function errorOf(input: string): FilterSyntaxError {
  try {
    resolveFields(parseFilters(input)!);
  } catch (error) {
    expect(error).toBeInstanceOf(FilterSyntaxError);
    return error as FilterSyntaxError;
  }
  throw new Error(`"${input}" parsed without error`);
}

describe("filter parser", () => {
  it("reads an empty or blank expression as no filter", () => {
    expect(parseFilters("")).toBeNull();
    expect(parseFilters("   ")).toBeNull();
  });

  it("parses the library's default expression with NOT binding tighter than AND", () => {
    expect(parseFilters("NOT type:walk AND NOT type:rest")).toEqual({
      kind: "and",
      children: [
        { kind: "not", child: m("type", "walk", 5) },
        { kind: "not", child: m("type", "rest", 23) },
      ],
    });
  });

  it("binds AND tighter than OR, and parentheses override both", () => {
    expect(parseFilters("a:1 OR b:2 AND c:3")).toEqual({
      kind: "or",
      children: [m("a", "1", 1), { kind: "and", children: [m("b", "2", 8), m("c", "3", 16)] }],
    });
    expect(parseFilters("(a:1 OR b:2) AND c:3")).toEqual({
      kind: "and",
      children: [{ kind: "or", children: [m("a", "1", 2), m("b", "2", 9)] }, m("c", "3", 18)],
    });
  });

  it("reads quoted values with spaces, escaped quotes and operator words", () => {
    expect(parseFilters('trainer:"Ava Brooks"')).toEqual(m("trainer", "Ava Brooks", 1));
    expect(parseFilters('name:"say \\"hi\\""')).toEqual(m("name", 'say "hi"', 1));
    expect(parseFilters('pacing:"Slow & Steady"')).toEqual(m("pacing", "Slow & Steady", 1));
    expect(parseFilters("type:NOT")).toEqual(m("type", "NOT", 1));
  });

  it("reads numeric comparisons and TO ranges", () => {
    expect(parseFilters("video.duration > 3630")).toEqual({
      kind: "compare",
      field: "video.duration",
      op: ">",
      value: 3630,
      position: 1,
    });
    expect(parseFilters("video.duration>=300")).toEqual({
      kind: "compare",
      field: "video.duration",
      op: ">=",
      value: 300,
      position: 1,
    });
    expect(parseFilters("duration != 20")).toMatchObject({ kind: "compare", op: "!=", value: 20 });
    expect(parseFilters("video.duration:300 TO 930")).toEqual({
      kind: "range",
      field: "video.duration",
      from: 300,
      to: 930,
      position: 1,
    });
  });

  it("names the position of each mistake", () => {
    expect(errorOf("type:walk AND").message).toBe(
      "filters: expected a field name, found end of filters at position 14",
    );
    expect(errorOf("(type:walk").message).toBe(
      'filters: expected ")" to close the "(" at position 1, found end of filters at position 11',
    );
    expect(errorOf("type:walk)").position).toBe(10);
    expect(errorOf("type:walk type:rest").message).toBe(
      'filters: expected AND, OR or end of filters, found "type" at position 11',
    );
    expect(errorOf("type walk").message).toBe(
      'filters: expected ":" or a comparison after "type", found "walk" at position 6',
    );
    expect(errorOf('trainer:"Ava').message).toBe("filters: unterminated quoted value at position 9");
    expect(errorOf("video.duration > many").position).toBe(18);
    expect(errorOf("video.duration:1 TO x").position).toBe(21);
    expect(errorOf("AND type:walk").position).toBe(1);
    expect(errorOf("type:walk OR OR type:rest").position).toBe(14);
  });

  it("refuses unknown fields and comparisons that do not suit the field", () => {
    expect(errorOf("type:walk AND colour:red").message).toBe('filters: unknown field "colour" at position 15');
    expect(errorOf("trainer >= 2").message).toMatch(/not numeric.*position 1$/);
    expect(errorOf("trainer:a TO b").message).toBe(`filters: expected a number in the range, found "a" at position 9`);
    expect(errorOf("video.duration:long").message).toMatch(/takes a number/);
  });

  it("maps aliases to canonical field names", () => {
    expect(resolveFields(parseFilters("trainers:x AND focusMember:y AND collection:z")!)).toEqual({
      kind: "and",
      children: [m("trainer", "x", 1), m("focus", "y", 16), m("collections", "z", 34)],
    });
  });

  it("bounds nesting so hostile input cannot exhaust the stack", () => {
    expect(errorOf(`${"(".repeat(500)}type:walk${")".repeat(500)}`).message).toMatch(/nesting/);
    expect(errorOf(`${"NOT ".repeat(500)}type:walk`).message).toMatch(/nesting/);
  });

  it("lists top-level conjuncts and the fields they mention", () => {
    const ast = parseFilters("NOT type:walk AND (trainer:a OR trainer:b) AND video.duration > 5")!;
    const parts = conjuncts(ast);
    expect(parts).toHaveLength(3);
    expect(parts.map((p) => [...fieldsOf(p)])).toEqual([["type"], ["trainer"], ["video.duration"]]);
    expect(conjuncts(parseFilters("a:1 OR b:2"))).toHaveLength(1);
    expect(conjuncts(null)).toEqual([]);
  });
});
