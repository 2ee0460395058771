import "../../../../widgets/live-schedule/define.js";
import { TAGS } from "../../../../widgets/constants.js";
import { useStore } from "../../lib/store.js";
import { Widget } from "../../lib/widget.js";
import { space } from "../../theme/tokens.js";
import { ButtonLink } from "../../ui/button.js";
import { Page, PageHeader } from "../../ui/page.js";

/** /live: the live virtual studio's week of classes on <fit-live-schedule>, booking in place. */
export default function LivePage() {
  const store = useStore();
  return (
    <Page>
      <PageHeader kicker="Live" title="Live Virtual Studio">Take a live class with our trainers from anywhere.</PageHeader>
      <div style={{ display: "flex", gap: space[3], flexWrap: "wrap", marginBottom: space[5] }}>
        <ButtonLink href="/live/booked-classes" variant="secondary">Booked classes</ButtonLink>
        <ButtonLink href="/locations" variant="ghost">Studio locations</ButtonLink>
      </div>
      <Widget tag={TAGS.liveSchedule} props={{ store }} attrs={{ location: "live", booking: "direct" }} />
    </Page>
  );
}
