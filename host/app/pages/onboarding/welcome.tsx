import { useEffect } from "react";
import { useStore } from "../../lib/store.js";
import { useSignal } from "../../lib/use-signal.js";
import { useSession } from "../../lib/session.js";
import { space } from "../../theme/tokens.js";
import { ButtonLink } from "../../ui/button.js";
import { Page, PageHeader, stack } from "../../ui/page.js";

/** /welcome: the first stop after the quiz. */
export default function WelcomePage() {
  const store = useStore();
  const session = useSession();
  const results = useSignal(store.session.onboardingResults.data);
  useEffect(() => void store.session.onboardingResults.load(), [store]);
  return (
    <Page narrow>
      <PageHeader kicker="Welcome" title={`Welcome, ${session.claims?.given_name ?? "friend"}!`}>
        Your plan is ready. Start with a series made for where you are, or jump into a class.
      </PageHeader>
      <div className={stack(space[3])}>
        {results?.results_url ? <ButtonLink href={results.results_url.startsWith("/") ? results.results_url : "/series"}>See my results</ButtonLink> : null}
        <ButtonLink href="/series" variant="secondary">Start a series</ButtonLink>
        <ButtonLink href="/home" variant="ghost">Go to Home</ButtonLink>
      </div>
    </Page>
  );
}
