import { OrderedContentPage } from "./ordered-content.js";

/** /admin/collections: the collections members browse, in order. */
export default function ConsoleCollectionsPage() {
  return <OrderedContentPage kind="collections" />;
}
