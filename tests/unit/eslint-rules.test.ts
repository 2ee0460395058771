// @vitest-environment node
import { RuleTester } from "eslint";
import { describe, it } from "vitest";
import fitkit from "../../eslint-rules/index.js";

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: "module" } });

describe("fitkit/jsx-pragma", () => {
  tester.run("jsx-pragma", fitkit.rules["jsx-pragma"], {
    valid: ["/** @jsxImportSource preact */\nexport const a = 1;"],
    invalid: [{ code: "export const a = 1;", errors: [{ messageId: "missing" }] }],
  });
});

describe("fitkit/css-nested-ampersand", () => {
  tester.run("css-nested-ampersand", fitkit.rules["css-nested-ampersand"], {
    valid: [
      "css`display: grid; & h3 { margin: 0; } &:hover { color: red; }`",
      "css`@media (min-width: 40em) { & a { color: red; } }`",
      "css`@keyframes spin { from { opacity: 0; } 50%, to { opacity: 1; } }`",
      "css`${sel} { color: red; } /* h3 { } */`",
      "ctx.css`& > li { margin: 0; }`",
      "html`h3 { margin: 0; }`",
    ],
    invalid: [
      { code: "css`display: grid; h3 { margin: 0; }`", errors: [{ messageId: "missing", data: { selector: "h3" } }] },
      { code: "css`@media (min-width: 40em) { :hover { color: red; } }`", errors: [{ messageId: "missing" }] },
      { code: "css`from { opacity: 0; }`", errors: [{ messageId: "missing" }] },
    ],
  });
});

describe("fitkit/no-literal-copy", () => {
  const jsx = new RuleTester({
    languageOptions: { ecmaVersion: 2022, sourceType: "module", parserOptions: { ecmaFeatures: { jsx: true } } },
  });
  jsx.run("no-literal-copy", fitkit.rules["no-literal-copy"], {
    valid: [
      'const a = <p>{say("live.full")}</p>;',
      'const a = <button aria-label={say("live.nextWeek")}>›</button>;',
      "const a = <p>{time} – {end} · {n}</p>;",
      'const a = <img alt="" src={src} />;',
      'const a = <input type="radio" name="join-period" class="x" />;',
      'const a = <p>{ok ? say("a") : ""}</p>;',
    ],
    invalid: [
      { code: "const a = <h3>Other workouts you might like</h3>;", errors: [{ messageId: "literal" }] },
      { code: 'const a = <input placeholder="MM/YY" />;', errors: [{ messageId: "literal" }] },
      { code: 'const a = <button aria-label={"Close"} />;', errors: [{ messageId: "literal" }] },
      { code: 'const a = <p>{busy ? "Saving" : say("save")}</p>;', errors: [{ messageId: "literal" }] },
      { code: "const a = <p>{`then ${plan}`}</p>;", errors: [{ messageId: "literal" }] },
    ],
  });
});
