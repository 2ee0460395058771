import { Fragment, type ReactNode } from "react";

/**
 * A translated sentence with elements inside it (links, names in bold): `{name}` placeholders that `t()` left as
 * written become the given nodes, so each language orders the words around them its own way.
 * @example rich(t("auth.agree"), { terms: <a href="/terms">{t("auth.termsOfService")}</a>, waiver: … })
 */
export function rich(template: string, nodes: Record<string, ReactNode>): ReactNode {
  return template
    .split(/(\{\w+\})/)
    .map((part, i) => (
      <Fragment key={i}>
        {/^\{\w+\}$/.test(part) && part.slice(1, -1) in nodes ? nodes[part.slice(1, -1)] : part}
      </Fragment>
    ));
}
