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
  };
}
