/** @jsxImportSource preact */
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import type { LiveClass, Reservation } from "../../src/api/index.js";
import {
  canEnterClass,
  hasClassEnded,
  isClassInProgress,
  isVirtualClass,
  studioPlace,
  reservationFor,
  upcomingReservations,
} from "../../src/domain/classes.js";
import { cancelTerms, classCallLink } from "../ui/class-terms.js";
import { canShowNextWeek, canShowPreviousWeek, openingDay, shiftWeek, weekFrom } from "../../src/domain/live-week.js";
import { cancellationErrorKey, reservationErrorKey } from "../../src/i18n/status-messages.js";
import { EVENTS } from "./names.js";
import { useCss, useWidget } from "../ui/context.js";
import { speak } from "../ui/copy.js";
import { say as sayHere } from "./copy.js";
import { Button, EmptyState, ErrorState, LiveRegion, OfflineNotice, Skeleton } from "../ui/parts.js";
import { useClassTimer } from "./timer.js";
import { mediaUrl, useWidgetConfig, zoneChosen } from "../ui/config.js";
import type { WidgetConfig } from "../ui/context.js";
import { useLiveSchedule } from "./data.js";
import {
  dayButtonLabel,
  dayHeading,
  dayKey,
  localZone,
  placeTime,
  timeOf,
  zoneDate,
  zoneLabel,
  type Zone,
} from "./format.js";
import { useBookingPopup } from "./popup.js";
import { scheduleStyles } from "./styles.js";
import { lazy } from "../ui/lazy.js";
import type { ClassFilters } from "./filters.js";

/** The waitlist part: loaded when a shown class is full or the member waits for one (most schedules never need it). */
const waitlistPart = lazy(() => import("./waitlist.js"));
/**
 * The filters (class type, trainer, room): loaded when the visitor asks for them, so a studio page that is only read
 * costs none of their bytes (the page budget counts every script it loads).
 */
const filtersPart = lazy(() => import("./filters.js"));
const NO_FILTERS: ClassFilters = { type: "", trainer: "", room: "" };
/** The booked part: loaded when the member holds a reservation (Add to calendar, Check in, Cancel and its confirm). */
const bookedPart = lazy(() => import("./booked.js"));

export interface LiveScheduleProps {
  location?: string;
  booking?: "auto" | "direct" | "popup";
}

/** `<fit-live-schedule>`: the week view of one location's live classes with reservations. */
export function LiveSchedule(props: LiveScheduleProps) {
  const css = useCss();
  const { emit, copy, host } = useWidget();
  // Handlers that answer after an await speak this widget's language even if another widget rendered meanwhile.
  const say: typeof sayHere = (key, params) => (speak(copy), sayHere(key, params));
  const config = useWidgetConfig();
  const data = useLiveSchedule(props.location, config.appUrl);
  // The config names the locale and the zone (the attributes, the page); a studio's schedule otherwise shows its
  // classes on the studio's clock (a member books where the class happens, as the app's location page reads it), and
  // the live virtual studio or every location in the visitor's zone.
  const zone: Zone = {
    locale: config.locale,
    timeZone: (!zoneChosen(host as Partial<WidgetConfig>) && data.studioZone) || config.timeZone,
  };
  // The week is the zone's calendar days held as local midnights (date arithmetic stays DST-safe): day buttons are
  // keyed and labelled in the browser's own zone, classes grouped by their day in the widget's zone.
  const here = localZone(zone);
  const [firstDay, setFirstDay] = useState(() => zoneDate(zone, Date.now()));
  // The day the visitor picked in the shown week; until then the week opens on its first day with classes left.
  const [picked, setPicked] = useState<string | null>(null);
  const [filters, setFilters] = useState(NO_FILTERS);
  const [filtering, setFiltering] = useState(false);
  const filtered = Object.values(filters).some(Boolean);
  // The studio's zone arrives with the location: the week starts again on today there.
  const shownZone = useRef(zone.timeZone);
  useEffect(() => {
    if (shownZone.current === zone.timeZone) return;
    shownZone.current = zone.timeZone;
    setFirstDay(zoneDate(zone, Date.now()));
  }, [zone.timeZone]);
  // Re-renders when a class opens for entry or ends, and every minute; the render reads the clock.
  useClassTimer(data.classes.value);
  const now = Date.now();
  const today = zoneDate(zone, now).getTime();
  const [announcement, setAnnouncement] = useState("");
  const [failure, setFailure] = useState("");
  const [confirming, setConfirming] = useState<Reservation | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [bookedHere, setBookedHere] = useState<string[]>([]);
  const [promoted, setPromoted] = useState("");
  const s = scheduleStyles(css);
  // An http call link is a development deployment's own; a site served over https never renders one.
  const allowHttp = config.apiBase.startsWith("http:");
  const root = useRef<HTMLElement>(null);
  // Issue 32 item 5: the class whose pressed control (Reserve, Join waitlist, Cancel booking) an action replaced; the
  // next render that shows the row's new control focuses it, so keyboard focus never falls to the page.
  const focusRow = useRef<string | null>(null);

  const wl = waitlistPart.use(!!data.classes.value?.some((c) => c.class_full || c.waitlist?.position != null)).module;
  // Classes the member was waiting for at the last answer: one that now holds their reservation was a promotion from
  // the waitlist (booked automatically when a spot opened), told on screen while the widget is open.
  const waitingFor = useRef(new Map<string, string>());
  useEffect(() => {
    if (!data.classes.value) return;
    for (const [id, name] of waitingFor.current)
      if (wl && reservationFor(data.reservations, id)) {
        const message = wl.promotedMessage(name);
        setPromoted(message);
        setAnnouncement(message);
      }
    waitingFor.current = new Map(
      data.classes.value.filter((c) => c.waitlist?.position != null).map((c) => [c.id, c.type || c.description]),
    );
  }, [data.classes.value, data.reservations, wl]);

  const bk = bookedPart.use(data.reservations.length > 0 || bookedHere.length > 0).module;

  const usePopup = props.booking === "popup" || (props.booking !== "direct" && !data.signedIn);
  const popup = useBookingPopup(config.appUrl, (message) => {
    const { classId } = message;
    if (message.type === "fit:cancelled") {
      const reservation = reservationFor(data.reservations, classId);
      setBookedHere((ids) => ids.filter((id) => id !== classId));
      setAnnouncement(say("success.reservationCancelled"));
      data.refresh();
      if (reservation) emit(EVENTS.classCancel, { classId, reservationId: reservation.id });
      return;
    }
    setBookedHere((ids) => [...ids, classId]);
    setAnnouncement(say("success.reserved"));
    data.acceptPass(message.pass);
    data.refresh();
    emit(EVENTS.classBook, { classId });
  });

  const days = weekFrom(firstDay);
  const byDay = useMemo(() => {
    const groups = new Map<string, LiveClass[]>();
    for (const c of data.classes.value ?? []) {
      const key = dayKey(zone, c.start_date);
      groups.set(key, [...(groups.get(key) ?? []), c]);
    }
    for (const list of groups.values()) list.sort((a, b) => a.start_date.localeCompare(b.start_date));
    return groups;
  }, [data.classes.value, zone.timeZone]);
  const fp = filtersPart.use(filtering && !!data.classes.value).module;
  const classesLeft = (day: Date) =>
    (byDay.get(dayKey(here, day)) ?? []).filter(
      (c) => !hasClassEnded(c, now) && (!fp || !filtered || fp.matchesFilters(c, filters)),
    );
  const selectedDay =
    days.find((d) => dayKey(here, d) === picked) ?? openingDay(days, (d) => classesLeft(d).length > 0);
  const classes = classesLeft(selectedDay);
  const next = upcomingReservations(data.reservations, now).at(0);
  const nextClass = next && (data.classes.value ?? []).find((c) => c.id === next.class_data.id);

  const move = (direction: -1 | 1) => {
    const first = shiftWeek(firstDay, direction, zoneDate(zone, Date.now()).getTime());
    setFirstDay(first);
    setPicked(null);
  };

  async function reserve(c: LiveClass) {
    setFailure("");
    if (usePopup) {
      if (!popup.open(c.id)) setFailure(say("live.popupBlocked"));
      return;
    }
    setBusy(c.id);
    // Booking a spot the member was told about ends their waitlist place: that is their own booking, not a promotion.
    waitingFor.current.delete(c.id);
    try {
      const reservation = await data.book(c.id);
      focusRow.current = c.id;
      setAnnouncement(say("success.reserved"));
      emit(EVENTS.classBook, { classId: c.id, reservationId: reservation.id });
    } catch (error) {
      // A refusal that names its rule (no membership, the open-bookings limit) is said as such; its matcher is in the
      // waitlist part, fetched only now.
      const named = await import("./waitlist.js").then((part) => part.bookingRefusal(error));
      setFailure(named ?? say(reservationErrorKey(statusOf(error))));
    } finally {
      setBusy(null);
    }
  }

  async function cancel(reservation: Reservation) {
    setConfirming(null);
    setFailure("");
    setBusy(reservation.class_data.id);
    try {
      await data.cancel(reservation.id);
      focusRow.current = reservation.class_data.id;
      setAnnouncement(say("success.reservationCancelled"));
      emit(EVENTS.classCancel, { classId: reservation.class_data.id, reservationId: reservation.id });
    } catch (error) {
      setFailure(say(cancellationErrorKey(statusOf(error))));
    } finally {
      setBusy(null);
    }
  }

  /** Joins or leaves a waitlist through the waitlist part, then shows the answer (the position) and the new counts. */
  async function waitlistAction(c: LiveClass, run: () => Promise<string>) {
    setFailure("");
    setBusy(c.id);
    waitingFor.current.delete(c.id);
    try {
      setAnnouncement(await run());
      focusRow.current = c.id;
      data.refresh();
    } catch (error) {
      setFailure(
        error instanceof Error && statusOf(error) === 500 ? error.message : say(reservationErrorKey(statusOf(error))),
      );
    } finally {
      setBusy(null);
    }
  }

  async function checkIn(reservation: Reservation) {
    setFailure("");
    setBusy(reservation.class_data.id);
    try {
      await data.checkIn(reservation.id);
      setAnnouncement(say("live.checkedIn"));
    } catch (error) {
      setFailure(say(reservationErrorKey(statusOf(error))));
    } finally {
      setBusy(null);
    }
  }

  // After every render: a row waiting for focus gets it on the control that replaced the pressed one (Cancel after
  // Reserve, Leave waitlist after Join, Reserve after Cancel), else on its status once nothing more is loading.
  useEffect(() => {
    const id = focusRow.current;
    if (busy) return; // the action's answer has not been shown yet
    const row = id && root.current?.querySelector(`[data-row="${CSS.escape(id)}"]`);
    if (!row) return;
    const control = REPLACEMENTS.map((part) => row.querySelector<HTMLElement>(`[part~="${part}"]:not(:disabled)`)).find(
      (found) => found,
    );
    const booked = !!reservationFor(data.reservations, id);
    if (!control && booked && !bk) return; // the booked part (with Cancel) is still loading
    focusRow.current = null;
    (control ?? row.querySelector<HTMLElement>("[data-status]"))?.focus();
  });

  const closeConfirm = () => setConfirming(null);
  const title = data.locationName ?? (props.location || say("live.allLocations"));

  /** One class: its time, trainer and spots, and what the visitor or member can do with it now. */
  const classRow = (c: LiveClass, compact?: boolean) => {
    const name = c.type || c.description;
    const reservation = reservationFor(data.reservations, c.id);
    const booked = !!reservation || bookedHere.includes(c.id);
    const enterable = canEnterClass(c, now);
    const started = isClassInProgress(c, now);
    const checkedIn = reservation?.status === "check in";
    const spots = c.spots_left;
    const headingId = `class-${c.id}${compact ? "-next" : ""}`;
    const waitlist = c.waitlist;
    const position = booked ? null : (waitlist?.position ?? null);
    const policy = c.policy;
    const opensAt =
      !booked && policy && now < Date.parse(policy.booking_opens_at) ? policy.booking_opens_at : undefined;
    const terms = cancelTerms(c, now, zone.locale, zone.timeZone);
    // A visitor is told the free-cancellation time of a class they could book, never that a booking they do not hold
    // would be a late cancel.
    const policyText =
      started || checkedIn || !policy
        ? null
        : opensAt
          ? say("live.bookingOpens", { time: placeTime(zone, c, opensAt) })
          : !terms
            ? null
            : terms.late
              ? booked
                ? say("live.lateCancelNow")
                : null
              : say(terms.key, { time: terms.time });
    const policyLine = policyText && <p class={s.policy}>{policyText}</p>;
    const callLink = classCallLink(c, allowHttp);
    return (
      <article part="class" class={s.row} aria-labelledby={headingId} data-row={compact ? undefined : c.id}>
        {c.trainer_image_url ? (
          <img
            class={s.avatar}
            src={mediaUrl(c.trainer_image_url, config.apiBase)}
            alt=""
            width={48}
            height={48}
            loading="lazy"
          />
        ) : (
          <span class={s.avatar} aria-hidden="true" />
        )}
        <div class={s.info}>
          <p class={s.time}>
            <time dateTime={c.start_date}>{timeOf(zone, c.start_date)}</time> –{" "}
            <time dateTime={c.end_date}>{timeOf(zone, c.end_date)}</time>
            <span class={s.duration}> · {say("live.minutes", { minutes: c.duration })}</span>
          </p>
          <h4 id={headingId} class={s.name}>
            {name}
          </h4>
          <p class={s.trainer}>{say("live.with", { trainer: c.trainer_name })}</p>
          {booked ? (
            <p class={s.success} data-status tabIndex={-1}>
              <strong>{say("success.reserved")}</strong>{" "}
              {enterable && callLink
                ? ""
                : isVirtualClass(c)
                  ? say("success.reservedNote")
                  : say("success.reservedInPerson", { place: studioPlace(c) })}
            </p>
          ) : wl && !started && (position !== null || (c.class_full && waitlist)) ? (
            <wl.WaitlistStatus c={c} now={now} zone={zone} styles={s} />
          ) : (
            <p class={s.spots} data-status tabIndex={-1}>
              {c.class_full
                ? say("live.full")
                : typeof spots !== "number"
                  ? ""
                  : say("live.spotsLeft", { count: spots })}
            </p>
          )}
          {policyLine}
        </div>
        <div class={s.buttons}>
          {booked ? (
            bk && (
              <bk.BookedActions
                c={c}
                name={name}
                reservation={reservation}
                enterable={enterable}
                callLink={callLink}
                checkedIn={checkedIn}
                viaPass={data.viaPass}
                started={started}
                busy={busy === c.id}
                headingId={headingId}
                appUrl={config.appUrl}
                styles={s}
                say={say}
                onCheckIn={checkIn}
                onCalendar={() => setAnnouncement(say("success.addedToCalendar"))}
                onCancel={(r) =>
                  // Seen with the site's pass: the booking is changed in the hosted app, where the member is signed in.
                  data.viaPass ? !popup.open(c.id, true) && setFailure(say("live.popupBlocked")) : setConfirming(r)
                }
              />
            )
          ) : started ? (
            <span class={s.spots}>{say("live.started")}</span>
          ) : wl && !opensAt && (position !== null || (c.class_full && waitlist?.open)) ? (
            <wl.WaitlistButton
              c={c}
              busy={busy === c.id}
              headingId={headingId}
              onJoin={() => (usePopup ? reserve(c) : waitlistAction(c, () => wl.join(data.api, c.id)))}
              onLeave={(entryId) => waitlistAction(c, () => wl.leave(data.api, entryId))}
            />
          ) : (
            <Button
              part="reserve"
              variant="primary"
              busy={busy === c.id}
              disabled={c.class_full || !!opensAt}
              aria-describedby={headingId}
              onClick={() => reserve(c)}
            >
              {c.class_full ? say("live.full") : say("action.reserve")}
            </Button>
          )}
        </div>
      </article>
    );
  };

  return (
    <section ref={root} class={s.root} aria-label={`${say("live.title")}: ${title}`}>
      <OfflineNotice label={say("offline")} />
      <header class={s.header}>
        <h2>{title}</h2>
        <p part="note" class={s.note}>
          {/* "your time zone" only when it is: a page showing a studio's zone (time-zone attribute) says so. */}
          {say(zone.timeZone === here.timeZone ? "live.timezoneNote" : "live.zoneNote", {
            timeZone: zoneLabel(zone, now),
          })}
        </p>
      </header>

      {promoted && (
        <p part="notice" class={s.notice}>
          {promoted}
        </p>
      )}
      {next && nextClass && (
        <div class={s.next} aria-label={say("live.nextBooked")} role="group">
          <strong>{say("live.nextBooked")}</strong>
          {classRow(nextClass, true)}
        </div>
      )}

      <nav class={s.week} aria-label={say("live.days")}>
        <Button
          part="nav"
          class={s.arrow}
          aria-label={say("live.previousWeek")}
          disabled={!canShowPreviousWeek(firstDay, today)}
          aria-disabled={!canShowPreviousWeek(firstDay, today)}
          onClick={() => move(-1)}
        >
          ‹
        </Button>
        <div part="days" class={s.days}>
          {days.map((d) => {
            const key = dayKey(here, d);
            const isSelected = d === selectedDay;
            return (
              <button
                type="button"
                key={key}
                part={isSelected ? "day selected" : "day"}
                class={s.day}
                aria-pressed={isSelected}
                onClick={() => setPicked(key)}
              >
                {dayButtonLabel(here, d)}
              </button>
            );
          })}
        </div>
        <Button
          part="nav"
          class={s.arrow}
          aria-label={say("live.nextWeek")}
          disabled={!canShowNextWeek(firstDay, today)}
          aria-disabled={!canShowNextWeek(firstDay, today)}
          onClick={() => move(1)}
        >
          ›
        </Button>
      </nav>

      {data.classes.value && (
        <Button
          aria-expanded={filtering}
          onClick={() => {
            setFilters(NO_FILTERS);
            setFiltering(!filtering);
          }}
        >
          {say("live.filters")}
        </Button>
      )}
      {filtering && fp && data.classes.value && (
        <fp.ScheduleFilters
          classes={data.classes.value}
          value={filters}
          idPrefix={`fit-filter-${props.location ?? "all"}`}
          css={css}
          say={say}
          onChange={(next) => {
            setFilters(next);
            setPicked(null);
          }}
        />
      )}
      <h3 class={s.dayHeading}>{dayHeading(here, selectedDay)}</h3>
      {failure && (
        <p role="alert" class={s.failure}>
          {failure}
        </p>
      )}
      {data.classes.status === "error" ? (
        <ErrorState message={say("error.loading")} retry={data.refresh} retryLabel={say("retry")} />
      ) : data.classes.value === undefined ? (
        <Skeleton label={say("loading")} rows={4} height={72} />
      ) : classes.length === 0 ? (
        <EmptyState title={say(!filtered ? "live.noClasses" : "live.noMatches")}>
          {!filtered ? (
            say("live.noClassesHint")
          ) : (
            <Button variant="link" onClick={() => setFilters(NO_FILTERS)}>
              {say("live.clearFilters")}
            </Button>
          )}
        </EmptyState>
      ) : (
        <ul class={s.list}>
          {classes.map((c) => (
            <li key={c.id}>{classRow(c)}</li>
          ))}
        </ul>
      )}
      {usePopup && <p class={s.hint}>{say("live.signInToReserve")}</p>}

      {bk && (
        <bk.CancelConfirm
          confirming={confirming}
          now={now}
          zone={zone}
          say={say}
          onConfirm={cancel}
          onClose={closeConfirm}
        />
      )}
      <LiveRegion message={announcement} />
    </section>
  );
}

/** The controls that stand in for a pressed one, in the order focus looks for them after an action. */
const REPLACEMENTS = ["cancel", "leave-waitlist", "waitlist", "reserve"];

const statusOf = (error: unknown) =>
  typeof (error as { status?: unknown } | undefined)?.status === "number" ? (error as { status: number }).status : 500;
