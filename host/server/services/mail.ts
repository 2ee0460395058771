import nodemailer, { type Transporter } from "nodemailer";
import type { Db } from "../db/index.js";

interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /**
   * Delivers what queueMail wrote (after its transaction committed) when SMTP is configured, one row at a time, each
   * claimed under a row lock so two processes never send one message twice; answers how many were sent. Without SMTP
   * the outbox is the delivery (development: /dev/mail) and this answers 0.
   */
  deliverQueued(): Promise<number>;
}

/**
 * Writes a message to the outbox inside the caller's transaction, so it exists exactly when the change that caused it
 * commits (a waitlist promotion is told once, or not at all if the promotion rolls back).
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
}

/**
 * Every message is written to the outbox first (so nothing is lost and the embedded default can show it at
 * /dev/mail); with SMTP configured it is also delivered and marked sent.
 */
export function createMailer(db: Db, options: { smtpUrl?: string; from: string }): Mailer {
  const transport: Transporter | undefined = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
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
    async deliverQueued() {
      if (!transport) return 0;
      let sent = 0;
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
          await transport.sendMail({
            from: options.from,
            to: row.to_address,
            subject: row.subject,
            text: row.text_body,
            html: row.html_body ?? undefined,
          });
          await trx.updateTable("mail_outbox").set({ sent_at: new Date() }).where("id", "=", row.id).execute();
          return true;
        });
        if (!delivered) return sent;
        sent++;
      }
    },
  };
}
