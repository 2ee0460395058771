/** @jsxImportSource preact */
import { useEffect, useMemo, useState } from "preact/hooks";
import type { LiveClass, Reservation } from "../../src/api/index.js";
import { canEnterClass, hasClassEnded, isClassInProgress, reservationFor, upcomingReservations } from "../../src/domain/classes.js";
import { canShowNextWeek, canShowPreviousWeek, shiftWeek, startOfDay, weekFrom } from "../../src/domain/live-week.js";
import { cancellationErrorMessage, reservationErrorMessage } from "../../src/i18n/spec.js";
import { EVENTS } from "../constants.js";
import { useCss, useWidget } from "../ui/context.js";
import { say } from "./copy.js";
import { Button, EmptyState, ErrorState, LiveRegion, Modal, OfflineNotice, Skeleton } from "../ui/parts.js";
import { useNow } from "../ui/use-now.js";
import { useClassTimer } from "./timer.js";
import { mediaUrl, useWidgetConfig } from "../ui/config.js";
import { useLiveSchedule } from "./data.js";
import { dayButtonLabel, dayHeading, dayKey, timeOf, zoneLabel, type Zone } from "./format.js";
import { icsHref } from "./ics.js";
import { useBookingPopup } from "./popup.js";
import { scheduleStyles } from "./styles.js";

export interface LiveScheduleProps {
  location?: string;
  booking?: "auto" | "direct" | "popup";
}

/** `<fit-live-schedule>`: the week view of one location's live classes with reservations. */
export function LiveSchedule(props: LiveScheduleProps) {
  const css = useCss();
  const { emit } = useWidget();
  const config = useWidgetConfig();
  const zone: Zone = { locale: config.locale, timeZone: config.timeZone };
  const [firstDay, setFirstDay] = useState(() => startOfDay(Date.now()));
  const [selected, setSelected] = useState(() => dayKey(zone, Date.now()));
  const data = useLiveSchedule(props.location);
  // Re-render every minute and exactly when a class opens for entry or ends; read the clock at render time.
  useNow(60_000);
  useClassTimer(data.classes.value);
  const now = Date.now();
  const [announcement, setAnnouncement] = useState("");
  const [failure, setFailure] = useState("");
  const [confirming, setConfirming] = useState<Reservation | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [bookedHere, setBookedHere] = useState<string[]>([]);
  const s = scheduleStyles(css);

  const usePopup = props.booking === "popup" || (props.booking !== "direct" && !data.signedIn);
  const popup = useBookingPopup(config.appUrl, (classId) => {
    setBookedHere((ids) => [...ids, classId]);
    setAnnouncement(say("success.reserved"));
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
  const selectedDay = days.find((d) => dayKey(zone, d) === selected) ?? days[0]!;
  const classes = (byDay.get(dayKey(zone, selectedDay)) ?? []).filter((c) => !hasClassEnded(c, now));
  const next = upcomingReservations(data.reservations, now)[0];
  const nextClass = next && (data.classes.value ?? []).find((c) => c.id === next.class_data.id);

  useEffect(() => {
    if (!days.some((d) => dayKey(zone, d) === selected)) setSelected(dayKey(zone, days[0]!));
  }, [firstDay]);

  const move = (direction: -1 | 1) => {
    const first = shiftWeek(firstDay, direction, Date.now());
    setFirstDay(first);
    setSelected(dayKey(zone, first));
  };

  async function reserve(c: LiveClass) {
    setFailure("");
    if (usePopup) {
      if (!popup.open(c.id)) setFailure(say("live.popupBlocked"));
      return;
    }
    setBusy(c.id);
    try {
      const reservation = await data.book(c.id);
      setAnnouncement(say("success.reserved"));
      emit(EVENTS.classBook, { classId: c.id, reservationId: reservation.id });
    } catch (error) {
      setFailure(reservationErrorMessage(statusOf(error)));
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
      setAnnouncement(say("success.reservationCancelled"));
      emit(EVENTS.classCancel, { classId: reservation.class_data.id, reservationId: reservation.id });
    } catch (error) {
      setFailure(cancellationErrorMessage(statusOf(error)));
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
      setFailure(reservationErrorMessage(statusOf(error)));
    } finally {
      setBusy(null);
    }
  }

  const addedToCalendar = () => setAnnouncement(say("success.addedToCalendar"));
  const title = data.locationName ?? (props.location ? props.location : say("live.allLocations"));

  return (
    <section class={s.root} aria-label={`${say("live.title")}: ${title}`}>
      <OfflineNotice label={say("offline")} />
      <header class={s.header}>
        <h2>{title}</h2>
        <p part="note" class={s.note}>
          {say("live.timezoneNote", { timeZone: zoneLabel(zone, now) })}
        </p>
      </header>

      {next && nextClass && (
        <div class={s.next} aria-label={say("live.nextBooked")} role="group">
          <strong>{say("live.nextBooked")}</strong>
          <ClassRow c={nextClass} reservation={next} {...{ zone, now, busy, s }} onReserve={reserve} onCancel={setConfirming} onCheckIn={checkIn} onAddedToCalendar={addedToCalendar} appUrl={config.appUrl} apiBase={config.apiBase} compact />
        </div>
      )}

      <nav class={s.week} aria-label={say("live.days")}>
        <Button part="nav" variant="link" class={s.arrow} aria-label={say("live.previousWeek")} disabled={!canShowPreviousWeek(firstDay, now)} onClick={() => move(-1)}>
          ‹
        </Button>
        <div part="days" class={s.days}>
          {days.map((d) => {
            const key = dayKey(zone, d);
            const isSelected = key === selected;
            return (
              <button type="button" key={key} part={isSelected ? "day selected" : "day"} class={s.day} aria-pressed={isSelected} onClick={() => setSelected(key)}>
                {dayButtonLabel(zone, d)}
              </button>
            );
          })}
        </div>
        <Button part="nav" variant="link" class={s.arrow} aria-label={say("live.nextWeek")} disabled={!canShowNextWeek(firstDay, now)} onClick={() => move(1)}>
          ›
        </Button>
      </nav>

      <h3 class={s.dayHeading}>{dayHeading(zone, selectedDay)}</h3>
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
        <EmptyState title={say("live.noClasses")}>{say("live.noClassesHint")}</EmptyState>
      ) : (
        <ul class={s.list}>
          {classes.map((c) => (
            <li key={c.id}>
              <ClassRow
                c={c}
                reservation={reservationFor(data.reservations, c.id)}
                bookedElsewhere={bookedHere.includes(c.id)}
                {...{ zone, now, busy, s }}
                onReserve={reserve}
                onCancel={setConfirming}
                onCheckIn={checkIn}
                onAddedToCalendar={addedToCalendar}
                appUrl={config.appUrl}
                apiBase={config.apiBase}
              />
            </li>
          ))}
        </ul>
      )}
      {usePopup && <p class={s.hint}>{say("live.signInToReserve")}</p>}

      <Modal open={!!confirming} onClose={() => setConfirming(null)} title={say("action.cancelBooking")}>
        <p>{say("confirm.cancelClass")}</p>
        <div class={s.actions}>
          <Button variant="primary" onClick={() => confirming && cancel(confirming)}>
            {say("action.cancelBooking")}
          </Button>
          <Button onClick={() => setConfirming(null)}>{say("action.goBack")}</Button>
        </div>
      </Modal>
      <LiveRegion message={announcement} />
    </section>
  );
}

interface RowProps {
  c: LiveClass;
  reservation?: Reservation;
  bookedElsewhere?: boolean;
  zone: Zone;
  now: number;
  busy: string | null;
  s: ReturnType<typeof scheduleStyles>;
  appUrl: string;
  apiBase: string;
  compact?: boolean;
  onReserve(c: LiveClass): void;
  onCancel(r: Reservation): void;
  onCheckIn(r: Reservation): void;
  onAddedToCalendar(): void;
}

function ClassRow({ c, reservation, bookedElsewhere, zone, now, busy, s, appUrl, apiBase, compact, onReserve, onCancel, onCheckIn, onAddedToCalendar }: RowProps) {
  const name = c.type || c.description;
  const booked = !!reservation || bookedElsewhere;
  const enterable = canEnterClass(c, now);
  const spots = typeof c.spots_left === "number" ? c.spots_left : undefined;
  const headingId = `class-${c.id}${compact ? "-next" : ""}`;
  return (
    <article part="class" class={s.row} aria-labelledby={headingId}>
      {c.trainer_image_url ? <img class={s.avatar} src={mediaUrl(c.trainer_image_url, apiBase)} alt="" width={48} height={48} loading="lazy" /> : <span class={s.avatar} aria-hidden="true" />}
      <div class={s.info}>
        <p class={s.time}>
          <time dateTime={c.start_date}>{timeOf(zone, c.start_date)}</time> – <time dateTime={c.end_date}>{timeOf(zone, c.end_date)}</time>
          <span class={s.duration}> · {say("live.minutes", { minutes: c.duration })}</span>
        </p>
        <h4 id={headingId} class={s.name}>
          {name}
        </h4>
        <p class={s.trainer}>{say("live.with", { trainer: c.trainer_name })}</p>
        {booked ? (
          <p class={s.success}>
            <strong>{say("success.reserved")}</strong> {enterable && c.zoom_link ? "" : say("success.reservedNote")}
          </p>
        ) : (
          <p class={s.spots}>{c.class_full ? say("live.full") : spots === undefined ? "" : spots === 1 ? say("live.oneSpotLeft") : say("live.spotsLeft", { count: spots })}</p>
        )}
      </div>
      <div class={s.buttons}>
        {booked ? (
          <>
            {enterable && c.zoom_link && (
              <a part="join" class={s.join} href={c.zoom_link} target="_blank" rel="noopener noreferrer">
                {say("live.join")}
              </a>
            )}
            {reservation && enterable && reservation.status !== "check in" && (
              <Button variant="primary" busy={busy === c.id} onClick={() => onCheckIn(reservation)}>
                {say("live.checkIn")}
              </Button>
            )}
            {reservation?.status === "check in" && <span class={s.spots}>{say("live.checkedIn")}</span>}
            <a class={s.ics} href={icsHref(c, name, `${appUrl}/live`)} download={`${c.id}.ics`} onClick={onAddedToCalendar}>
              {say("live.addToCalendar")}
            </a>
            {reservation && reservation.status !== "check in" && !isClassInProgress(c, now) && (
              <Button part="cancel" busy={busy === c.id} aria-describedby={headingId} onClick={() => onCancel(reservation)}>
                {say("live.cancel")}
              </Button>
            )}
          </>
        ) : isClassInProgress(c, now) ? (
          <span class={s.spots}>{say("live.started")}</span>
        ) : (
          <Button part="reserve" variant="primary" busy={busy === c.id} disabled={c.class_full} aria-describedby={headingId} onClick={() => onReserve(c)}>
            {c.class_full ? say("live.full") : say("action.reserve")}
          </Button>
        )}
      </div>
    </article>
  );
}

const statusOf = (error: unknown) => (typeof (error as { status?: unknown })?.status === "number" ? (error as { status: number }).status : 500);
