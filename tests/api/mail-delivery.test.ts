import { createServer, type Server } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queueMail } from "../../host/server/services/mail.js";
import { startTestApp, type TestApp } from "./harness.js";

/** The smallest SMTP server nodemailer talks to: accepts every message and keeps its text. */
function smtpServer(): { server: Server; received: string[] } {
  const received: string[] = [];
  const server = createServer((socket) => {
    socket.setEncoding("utf8");
    socket.write("220 test\r\n");
    let pending = "";
    let message: string[] | null = null;
    socket.on("data", (chunk: string) => {
      pending += chunk;
      for (let end = pending.indexOf("\r\n"); end >= 0; end = pending.indexOf("\r\n")) {
        const line = pending.slice(0, end);
        pending = pending.slice(end + 2);
        if (message && line === ".") {
          received.push(message.join("\n"));
          message = null;
          socket.write("250 queued\r\n");
        } else if (message) message.push(line);
        else if (/^DATA/i.test(line)) {
          message = [];
          socket.write("354 go ahead\r\n");
        } else if (/^QUIT/i.test(line)) socket.end("221 bye\r\n");
        else socket.write("250 ok\r\n");
      }
    });
  });
  return { server, received };
}

const smtp = smtpServer();
let t: TestApp;
const queued = (subject: string) =>
  t.db.transaction().execute((trx) => queueMail(trx, { to: "member@example.test", subject, text: "Hello" }));
const subjects = () => smtp.received.map((m) => /^Subject: (.*)$/m.exec(m)?.[1]);

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.server.listen(0, "127.0.0.1", resolve));
  const { port } = smtp.server.address() as { port: number };
  t = await startTestApp({ config: { smtpUrl: `smtp://127.0.0.1:${port}` } });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => smtp.server.close(resolve));
});

describe("mail queued in a transaction", () => {
  it("is sent by the mailer once the transaction commits, with nobody asking it to, and marked sent", async () => {
    await queued("Your fitkit receipt");
    await expect.poll(subjects, { timeout: 10_000 }).toContain("Your fitkit receipt");
    await expect
      .poll(() =>
        t.db.selectFrom("mail_outbox").select("sent_at").where("subject", "=", "Your fitkit receipt").execute(),
      )
      .toEqual([{ sent_at: expect.any(Date) }]);
  });

  it("is never sent when its transaction rolls back, and sent once when queued again and again", async () => {
    await t.db
      .transaction()
      .execute(async (trx) => {
        await queueMail(trx, { to: "member@example.test", subject: "Rolled back", text: "Hello" });
        throw new Error("rolled back");
      })
      .catch(() => {});
    await Promise.all(Array.from({ length: 5 }, (_, i) => queued(`Burst ${i}`)));
    await expect.poll(() => subjects().filter((s) => s?.startsWith("Burst")).length, { timeout: 10_000 }).toBe(5);
    expect(subjects()).not.toContain("Rolled back");
    expect(new Set(subjects()).size).toBe(subjects().length);
  });
});
