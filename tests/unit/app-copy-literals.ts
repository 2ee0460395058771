import ts from "typescript";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

/**
 * Finds user-facing copy written literally in the hosted app's sources instead of going through `t()`: JSX text,
 * copy-bearing attributes (aria-label, title, placeholder, alt, label, lead…), and prose in string or template
 * literals (toasts, notices, labels in tables). Analytics event names, CSS, imports, comparisons and errors thrown
 * for developers are not copy.
 */
const NOT_COPY_ATTRS = new Set([
  "className",
  "href",
  "to",
  "id",
  "type",
  "name",
  "role",
  "rel",
  "target",
  "src",
  "variant",
  "path",
  "autoComplete",
  "inputMode",
  "pattern",
  "key",
  "method",
  "lang",
  "htmlFor",
  "accept",
  "width",
  "height",
  "loading",
  "decoding",
  "preload",
  "tag",
  "slot",
  "part",
  "tone",
  "section",
  "kind",
  "align",
  "icon",
  "mode",
  "enterKeyHint",
  "spellCheck",
  "viewBox",
  "d",
  "fill",
  "stroke",
  "xmlns",
  "aria-controls",
  "aria-labelledby",
  "aria-describedby",
  "aria-live",
  "aria-current",
  "aria-haspopup",
  "aria-hidden",
  "aria-sort",
  "aria-orientation",
  "aria-modal",
  "aria-invalid",
  "dateTime",
  "scope",
  "sizes",
  "srcSet",
  "crossOrigin",
  "fetchPriority",
  "strokeWidth",
  "strokeLinecap",
  "strokeLinejoin",
  "size",
  "autoCapitalize",
  "min",
  "max",
  "step",
  "form",
  "download",
  "list",
  "wrap",
  "dir",
  "translate",
  "headers",
  "as",
  "style",
  "value",
  // A control's initial value (a select's option value, a language code), and an SVG attribute: never read as words.
  "defaultValue",
  "focusable",
  "labelledBy",
  "textAnchor",
  "dominantBaseline",
  "stream-type",
  "playback-id",
  "metadata-video-title",
]);
/**
 * Names that are the product's, the same in every language, and values that only look like words: the API's own
 * spellings (a category slug, quiz focus values), and a download's file name.
 */
const PROPER = new Set([
  "fitkit",
  "×",
  "▶",
  "all workouts",
  "full body",
  "upper body",
  "lower body",
  "fitkit-class- {} .ics",
  "fitkit-numbers- {} .csv",
  " {} -codes.csv",
  // Payment providers, named as they name themselves.
  "Stripe",
  "Recharge",
]);
/** A message key (or a key's stem) named in code, as in `{ label: "account.nav.settings" }`. */
const KEY = /^[a-z][A-Za-z]*(\.[\w {}-]*)+$/;
/** Addresses, ids and tokens: not words anyone reads. */
const CODE = /^(https?:|mailto:)|@|^[a-z0-9]+(-[a-z0-9]+)+$|^noopener noreferrer$/;
const PROSE = /[A-Za-z]{2,}[\s,.:!?…'’-]+[A-Za-z]/;
const COPY_PROPS = /^(label|title|heading|lead|message|description|text|kicker|cta|notice|placeholder|summary)$/;

export interface Literal {
  file: string;
  line: number;
  text: string;
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return files(p);
    return /\.tsx?$/.test(p) && !/analytics\.ts$|\/theme\//.test(p) ? [p] : [];
  });
}

const calleeName = (call: ts.CallExpression | ts.NewExpression) => call.expression.getText();

/** A string whose position says it is not copy: a comparison, a key, a type, a call that is not shown to anyone. */
function exempt(node: ts.Node): boolean {
  for (let p: ts.Node = node.parent; !ts.isSourceFile(p); p = p.parent) {
    if (ts.isImportDeclaration(p) || ts.isExportDeclaration(p) || ts.isTaggedTemplateExpression(p)) return true;
    if (ts.isTypeNode(p) || ts.isCaseClause(p) || ts.isElementAccessExpression(p)) return true;
    if (ts.isBinaryExpression(p) && /^(===|!==|==|!=|in)$/.test(p.operatorToken.getText())) return true;
    if (
      (ts.isCallExpression(p) || ts.isNewExpression(p)) &&
      /(^|\.)(track|page|identify|warn|error|log|Error|t|plural|matchMedia|querySelector|querySelectorAll|getItem|setItem|removeItem|useRoute|fetch|css|keyframes|import)$/.test(
        calleeName(p),
      )
    )
      return true;
    if (ts.isPropertyAssignment(p) && p.name === node) return true;
    if (ts.isJsxAttribute(p)) return NOT_COPY_ATTRS.has(p.name.getText()) || p.name.getText().startsWith("data-");
    if (ts.isFunctionLike(p)) return false;
  }
  return false;
}

function literalText(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node))
    return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(" {} ");
  return undefined;
}

/** A capitalised word where it is shown: in JSX braces, or handed to a state setter (`setError("Oops")`). */
function shownWord(node: ts.Node, text: string): boolean {
  if (!/^[A-Z][a-z]/.test(text)) return false;
  for (let p: ts.Node = node.parent; !ts.isSourceFile(p); p = p.parent) {
    if (ts.isJsxExpression(p)) return true;
    if (ts.isCallExpression(p)) return /^set[A-Z]/.test(calleeName(p));
    if (ts.isFunctionLike(p) || ts.isStatement(p)) return false;
  }
  return false;
}

export function findLiterals(root: string): Literal[] {
  const found: Literal[] = [];
  for (const file of files(root)) {
    const sf = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
    const report = (node: ts.Node, text: string) =>
      found.push({ file, line: sf.getLineAndCharacterOfPosition(node.getStart()).line + 1, text });
    const visit = (node: ts.Node) => {
      if (ts.isJsxText(node)) {
        const text = node.text.replace(/\s+/g, " ").trim();
        if (/[A-Za-z]/.test(text) && !PROPER.has(text)) report(node, text);
      } else {
        const text = literalText(node);
        if (
          text !== undefined &&
          /[A-Za-z]/.test(text) &&
          !PROPER.has(text) &&
          !text.startsWith("/") &&
          !KEY.test(text) &&
          !CODE.test(text) &&
          !exempt(node)
        ) {
          const inAttr = ts.isJsxAttribute(node.parent) || ts.isJsxAttribute(node.parent.parent);
          const prop = ts.isPropertyAssignment(node.parent) ? node.parent.name.getText() : "";
          if (inAttr || PROSE.test(text) || (COPY_PROPS.test(prop) && /^[A-Z]/.test(text)) || shownWord(node, text))
            report(node, text);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return found;
}
