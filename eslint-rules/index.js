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

export default {
  meta: { name: "fitkit" },
  rules: { "jsx-pragma": jsxPragma, "css-nested-ampersand": cssNestedAmpersand },
};
