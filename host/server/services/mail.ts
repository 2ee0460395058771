import nodemailer, { type Transporter } from "nodemailer";
import { sql } from "kysely";
import type { Db, DatabaseHandle } from "../db/index.js";
import { listen, type Listening } from "../db/listen.js";
import { IntervalJob } from "../jobs/interval-job.js";

interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Signalled by every queueMail; PostgreSQL delivers a NOTIFY only when its transaction commits. */
const MAIL_CHANNEL = "fitkit_mail";
/** A delivery pass without a signal, for one lost while the listening connection was replaced. */
const BACKSTOP_MS = 60 * 60 * 1000;

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Stops following the outbox, after a delivery in progress. */
  close(): Promise<void>;
}

/**
 * Writes a message to the outbox inside the caller's transaction, so it exists exactly when the change that caused it
 * commits (a waitlist promotion is told once, or not at all if the promotion rolls back). The mailer delivers it
 * after the commit by itself: the notification sent here reaches it only then, so no caller has a drain to remember.
 */
export async function queueMail(trx: Db, mail: Mail): Promise<void> {
  await trx
    .insertInto("mail_outbox")
    .values({
      to_address: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html ?? null,
      queued: true,
    })
    .execute();
  await sql`select pg_notify(${MAIL_CHANNEL}, '')`.execute(trx);
}

/**
 * Every message is written to the outbox first (so nothing is lost and the embedded default can show it at
 * /dev/mail); with SMTP configured it is also delivered and marked sent. With SMTP, the mailer is the outbox's one
 * drain: it delivers what queueMail wrote when a commit signals it (the transactional outbox), and at the start for
 * messages an earlier process left behind.
 */
export function createMailer(
  database: DatabaseHandle,
  options: { smtpUrl?: string; from: string; onError: (error: unknown) => void },
): Mailer {
  const { db } = database;
  const transport: Transporter | undefined = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;

  /** One row at a time, each claimed under a row lock so two processes never send one message twice. */
  const deliverQueued = async (mailer: Transporter) => {
    for (;;) {
      const delivered = await db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom("mail_outbox")
          .select(["id", "to_address", "subject", "text_body", "html_body"])
          .where("queued", "=", true)
          .where("sent_at", "is", null)
          .orderBy("id")
          .limit(1)
          .forUpdate()
          .skipLocked()
          .executeTakeFirst();
        if (!row) return false;
        await mailer.sendMail({
          from: options.from,
          to: row.to_address,
          subject: row.subject,
          text: row.text_body,
          html: row.html_body ?? undefined,
        });
        await trx.updateTable("mail_outbox").set({ sent_at: new Date() }).where("id", "=", row.id).execute();
        return true;
      });
      if (!delivered) return;
    }
  };

  // One delivery run at a time; a signal during a run (a commit landing mid-run) starts one more after it. The hourly
  // pass is a backstop for a signal lost while the listening connection was being replaced.
  const delivery =
    transport &&
    new IntervalJob({
      work: () => deliverQueued(transport),
      delay: () => BACKSTOP_MS,
      runAtStart: true,
      onError: options.onError,
    });
  let following: Listening | undefined;
  if (delivery) {
    following = listen(database, MAIL_CHANNEL, () => delivery.wake(), {
      onError: options.onError,
      onReconnect: () => delivery.wake(),
    });
    void following.ready.then(() => delivery.start());
  }

  return {
    async send(mail) {
      const row = await db
        .insertInto("mail_outbox")
        .values({ to_address: mail.to, subject: mail.subject, text_body: mail.text, html_body: mail.html ?? null })
        .returning("id")
        .executeTakeFirstOrThrow();
      if (!transport) return;
      await transport.sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
      await db.updateTable("mail_outbox").set({ sent_at: new Date() }).where("id", "=", row.id).execute();
    },
    async close() {
      await following?.close();
      await delivery?.stop();
      transport?.close();
    },
  };
}
