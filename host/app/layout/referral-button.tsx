import "../../../widgets/referral/define.js";
import { TAGS } from "../../../widgets/constants.js";
import { pageKind } from "../../../src/domain/index.js";
import { useStore } from "../lib/store.js";
import { Widget } from "../lib/widget.js";

/**
 * The referral offer (<fit-referral>): the element draws the fixed bottom-left button ("GIVE $15, GET $15" for
 * members, "GET STARTED FOR FREE" for visitors) and its modal; the shell decides where it may appear (spec §6).
 * Loaded as its own chunk so pages without it do not pay for it.
 */
export default function ReferralButton({ path }: { path: string }) {
  const store = useStore();
  return <Widget tag={TAGS.referral} props={{ store }} attrs={{ "page-kind": pageKind(path), consent: true }} />;
}
