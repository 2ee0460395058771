import { useEffect, useState } from "react";
import { ApiError, confirmPayment, getWaitingCharge } from "../../../../src/api/index.js";
import { formatPrice } from "../../../../src/domain/index.js";
import { currentLocale, t } from "../../../../src/i18n/index.js";
import { useStore } from "../../lib/store.js";
import { color, space } from "../../theme/tokens.js";
import { Button, ButtonLink } from "../../ui/button.js";
import { SuccessNote } from "../../ui/notice.js";
import { OopsInline } from "../../ui/oops.js";
import { card, lead, Spinner, stack } from "../../ui/page.js";
import { AccountLayout } from "./account-layout.js";

type WaitingCharge = Awaited<ReturnType<typeof getWaitingCharge>>;

type View =
  | { kind: "loading" }
  | { kind: "waiting"; charge: WaitingCharge }
  | { kind: "none" }
  | { kind: "done" }
  | { kind: "refused"; paymentId: string };

const codeOf = (err: unknown) => (err instanceof ApiError ? err.code : undefined);

const brandName = (brand: string) => brand.charAt(0).toUpperCase() + brand.slice(1);

/**
 * /account/membership/confirm: the renewal charge the member's bank wants them to authenticate (requires_action),
 * linked from the "Confirm your membership payment" email. "Confirm payment" completes it: with the sandbox at once;
 * with Stripe the member is sent to the bank's page, which returns here (`?payment=…&payment_intent=…`) and the page
 * reads how it went. A confirmed charge restores the membership at once, so the claims are reloaded and the
 * payment-due banner goes. A refusal says why in the member's language, with the way to update the card instead.
 */
export default function ConfirmPaymentPage() {
  const store = useStore();
  const [view, setView] = useState<View>({ kind: "loading" });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState("");

  async function confirm(paymentId: string, returned: boolean) {
    setBusy(true);
    setFailure("");
    try {
      const answer = await confirmPayment(store.api, paymentId, returned);
      if (answer.status === "requires_action" && answer.redirect_url) {
        // The bank's authentication page; it sends the member back here.
        window.location.assign(answer.redirect_url);
        return;
      }
      await store.invalidate("membership.subscription", "session.claims");
      setView({ kind: "done" });
    } catch (err) {
      const code = codeOf(err);
      if (code === "payment_not_confirmed") setView({ kind: "refused", paymentId });
      else if (code === "payment_already_made") {
        await store.invalidate("membership.subscription", "session.claims");
        setView({ kind: "done" });
      } else if (code === "no_payment_to_confirm") setView({ kind: "none" });
      else setFailure(t("error.unexpected"));
    }
    setBusy(false);
  }

  useEffect(() => {
    const query = new URLSearchParams(window.location.search);
    const returning = query.get("payment");
    // Back from the bank's page (Stripe adds payment_intent to the return URL): read the outcome only.
    if (returning && query.has("payment_intent")) {
      void confirm(returning, true);
      return;
    }
    let live = true;
    getWaitingCharge(store.api).then(
      (charge) => live && setView({ kind: "waiting", charge }),
      (err: unknown) =>
        live &&
        (codeOf(err) === "no_payment_to_confirm" ? setView({ kind: "none" }) : setFailure(t("error.unexpected"))),
    );
    return () => void (live = false);
  }, []); // once, on arrival

  return (
    <AccountLayout title={t("confirmPayment.title")}>
      <div className={stack(space[5])}>
        <OopsInline message={failure} />
        {view.kind === "loading" && !failure ? <Spinner label={t("confirmPayment.checking")} /> : null}
        {view.kind === "waiting" ? (
          <section className={card} aria-labelledby="confirm-charge">
            <div className={stack(space[4])}>
              <p className={lead}>{t("confirmPayment.lead")}</p>
              <p id="confirm-charge" style={{ fontWeight: 800, fontSize: "1.25rem" }}>
                {t("confirmPayment.charge", {
                  price: formatPrice(view.charge.amount / 100, view.charge.currency, currentLocale()),
                  plan: view.charge.plan,
                })}
              </p>
              {view.charge.card ? (
                <p style={{ color: color.muted }}>
                  {t("confirmPayment.card", {
                    brand: brandName(view.charge.card.brand),
                    last4: view.charge.card.last4,
                  })}
                </p>
              ) : null}
              <div>
                <Button disabled={busy} onClick={() => void confirm(view.charge.payment_id, false)}>
                  {busy ? t("confirmPayment.checking") : t("confirmPayment.confirm")}
                </Button>
              </div>
            </div>
          </section>
        ) : null}
        <SuccessNote>{view.kind === "done" ? t("confirmPayment.done") : ""}</SuccessNote>
        {view.kind === "done" ? (
          <div>
            <ButtonLink href="/home">{t("confirmPayment.continue")}</ButtonLink>
          </div>
        ) : null}
        {view.kind === "refused" ? (
          <div className={stack(space[4])}>
            <p role="alert">{t("confirmPayment.refused")}</p>
            <div style={{ display: "flex", gap: space[3], flexWrap: "wrap" }}>
              <Button disabled={busy} onClick={() => void confirm(view.paymentId, false)}>
                {t("confirmPayment.confirm")}
              </Button>
              <ButtonLink variant="secondary" href="/account/membership/manage">
                {t("confirmPayment.updateCard")}
              </ButtonLink>
            </div>
          </div>
        ) : null}
        {view.kind === "none" ? (
          <div className={stack(space[4])}>
            <p>{t("confirmPayment.none")}</p>
            <div>
              <ButtonLink variant="secondary" href="/account/membership">
                {t("confirmPayment.toMembership")}
              </ButtonLink>
            </div>
          </div>
        ) : null}
      </div>
    </AccountLayout>
  );
}
