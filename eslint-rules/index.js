// fitkit's own footguns as lint rules (issue 17). Each rule names the bug it prevents; see docs/development.md.

/**
 * A widget `.tsx` compiles against React's JSX runtime (tsconfig's default) unless it opts into Preact, and then
 * type-checks against the wrong element types and ships a React import into a Preact bundle.
 */
const jsxPragma = {
  meta: {
    type: "problem",
    docs: { description: "require the `/** @jsxImportSource preact */` pragma in widget .tsx files" },
    messages: {
      missing: "A widget .tsx file starts with `/** @jsxImportSource preact */` (tsconfig's JSX is React's).",
    },
    schema: [],
  },
  create(context) {
    return {
      Program(node) {
        const comments = context.sourceCode.getAllComments();
        if (!comments.some((c) => /@jsxImportSource\s+preact\b/.test(c.value))) {
          context.report({ node, loc: { line: 1, column: 0 }, messageId: "missing" });
        }
      },
    };
  },
};

const KEYFRAME_SELECTOR = /^(from|to|\d+(\.\d+)?%)(\s*,\s*(from|to|\d+(\.\d+)?%))*$/;

/**
 * In a css`` block (widgets/ui/sheet.ts) a nested selector without `&` is a descendant of the generated class only by
 * accident of how `flatten` joins it; `&` says what is meant (`& h3`, `&:hover`, `& > li`). At-rules and keyframe
 * steps are not selectors.
 */
const cssNestedAmpersand = {
  meta: {
    type: "problem",
    docs: { description: "require `&` at the start of every nested selector in css`` templates" },
    messages: { missing: "Nested CSS selector `{{selector}}` should start with `&` (or be an at-rule)." },
    schema: [],
  },
  create(context) {
    return {
      TaggedTemplateExpression(node) {
        const tag = node.tag.type === "MemberExpression" ? node.tag.property : node.tag;
        if (tag.type !== "Identifier" || tag.name !== "css") return;
        let inKeyframes = 0;
        let depth = 0;
        // The selector text so far; an interpolation shows as `${}`, and a selector that starts with one is trusted.
        let pending = "";
        node.quasi.quasis.forEach((quasi, index) => {
          if (index > 0) pending += "${}";
          const text = (quasi.value.cooked ?? quasi.value.raw).replace(/\/\*[\s\S]*?\*\//g, "");
          for (const ch of text) {
            if (ch === "{") {
              const selector = pending.trim();
              const ok =
                selector === "" ||
                selector.startsWith("&") ||
                selector.startsWith("@") ||
                selector.startsWith("${}") ||
                (inKeyframes > 0 && depth === inKeyframes && KEYFRAME_SELECTOR.test(selector));
              if (!ok) context.report({ node: quasi, messageId: "missing", data: { selector } });
              depth++;
              if (selector.startsWith("@keyframes")) inKeyframes = depth;
              pending = "";
            } else if (ch === "}") {
              if (inKeyframes === depth) inKeyframes = 0;
              depth = Math.max(0, depth - 1);
              pending = "";
            } else if (ch === ";") {
              pending = "";
            } else {
              pending += ch;
            }
          }
        });
      },
    };
  },
};

/** Attributes a visitor reads or hears: their words come from the copy catalogue like the text between tags. */
const USER_VISIBLE_ATTRIBUTES = new Set([
  "aria-label",
  "aria-description",
  "aria-valuetext",
  "title",
  "placeholder",
  "alt",
]);
const WORDS = /\p{L}/u;

/**
 * Issue 22: a widget's words are translated, so a word written in a component (JSX text, a string in JSX, a
 * user-visible attribute) would stay English on a French page. Words go through `say()` and the widget's copy.ts;
 * punctuation and symbols ("‹", "·", "–") are not words and pass.
 */
const noLiteralCopy = {
  meta: {
    type: "problem",
    docs: { description: "forbid literal words in widget JSX (text, string children, user-visible attributes)" },
    messages: { literal: '“{{text}}” is copy: add it to the widget\'s copy.ts and write say("…") here.' },
    schema: [],
  },
  create(context) {
    const report = (node, text) => {
      if (WORDS.test(text)) context.report({ node, messageId: "literal", data: { text: text.trim().slice(0, 40) } });
    };
    const stringOf = (node) =>
      node?.type === "Literal" && typeof node.value === "string"
        ? node.value
        : node?.type === "TemplateLiteral"
          ? node.quasis.map((q) => q.value.cooked ?? "").join("")
          : undefined;
    /** A string shown as is: the expression itself, or either branch of a condition / logical expression. */
    const shown = (node) => {
      if (!node) return;
      if (node.type === "ConditionalExpression") return [shown(node.consequent), shown(node.alternate)];
      if (node.type === "LogicalExpression") return shown(node.right);
      const text = stringOf(node);
      if (text !== undefined) report(node, text);
    };
    return {
      JSXText(node) {
        report(node, node.value);
      },
      JSXExpressionContainer(node) {
        if (node.parent.type !== "JSXAttribute") shown(node.expression);
      },
      JSXAttribute(node) {
        const name = node.name.type === "JSXIdentifier" ? node.name.name : "";
        if (!USER_VISIBLE_ATTRIBUTES.has(name) || !node.value) return;
        if (node.value.type === "Literal") report(node.value, String(node.value.value));
        else if (node.value.type === "JSXExpressionContainer") shown(node.value.expression);
      },
    };
  },
};

export default {
  meta: { name: "fitkit" },
  rules: { "jsx-pragma": jsxPragma, "css-nested-ampersand": cssNestedAmpersand, "no-literal-copy": noLiteralCopy },
};
