import "../../../../widgets/live-schedule/define.js";
import { useEffect } from "react";
import { TAGS } from "../../../../widgets/constants.js";
import { useStore } from "../../lib/store.js";
import { useSignal } from "../../lib/use-signal.js";
import { useParams } from "../../lib/route-context.js";
import { Widget } from "../../lib/widget.js";
import { Page, PageHeader } from "../../ui/page.js";

/** /locations/{slug}: a studio and its class schedule. */
export default function LocationDetailPage() {
  const store = useStore();
  const { slug } = useParams();
  const location = useSignal(store.content.location.data);
  useEffect(() => void store.content.location.load(slug), [slug, store]);
  const current = location?.slug === slug || location?.id === slug ? location : undefined;
  return (
    <Page>
      <PageHeader kicker="Studio" title={current?.name ?? "Studio"}>
        {typeof current?.address === "string" && current.address ? current.address : null}
      </PageHeader>
      <Widget tag={TAGS.liveSchedule} props={{ store }} attrs={{ location: slug, booking: "direct" }} />
    </Page>
  );
}
