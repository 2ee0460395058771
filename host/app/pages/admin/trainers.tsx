import { OrderedContentPage } from "./ordered-content.js";

/** /admin/trainers: the library's trainer filter, in order, and each trainer's page fields. */
export default function ConsoleTrainersPage() {
  return <OrderedContentPage kind="trainers" />;
}
