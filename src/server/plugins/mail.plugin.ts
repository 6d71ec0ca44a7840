/**
 * The outbox: every message is first stored in mail_outbox, then delivered at once — by SMTP when SMTP_URL is
 * set, otherwise written as DATA_DIR/mail/<id>.eml with a console line carrying its first link, so a local run
 * needs no mail server. Delivery failures are recorded on the row and logged; they never fail the caller.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import * as outbox from '#db/repositories/mail-outbox.repository.ts';
import type { MailService } from '../fastify-types.ts';

export type MailPluginOptions = {
  /** Where the file outbox announces a message; console.log by default. */
  announce?: (line: string) => void;
};

const firstLink = (text: string) => /https?:\/\/\S+/.exec(text)?.[0] ?? '';

export async function mailPlugin(app: FastifyInstance, options: MailPluginOptions): Promise<void> {
  const { config } = app;
  const announce = options.announce ?? ((line: string) => console.log(line));
  const from = `Benefit Portal <no-reply@${new URL(config.PUBLIC_URL).hostname}>`;
  const smtp: Transporter | null = config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : null;
  const files = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const mailDir = path.join(config.DATA_DIR, 'mail');

  const service: MailService = {
    async send(message) {
      let id: string;
      try {
        id = (
          await outbox.insert(app.db, {
            id: randomUUID(),
            recipient: message.to,
            subject: message.subject,
            text_body: message.text,
            html_body: message.html ?? null,
          })
        ).id;
      } catch (err) {
        app.log.error({ err }, 'could not store a mail in the outbox');
        return;
      }
      const mail = { from, to: message.to, subject: message.subject, text: message.text, html: message.html };
      try {
        if (smtp) {
          await smtp.sendMail(mail);
        } else {
          const info = await files.sendMail(mail);
          await mkdir(mailDir, { recursive: true });
          await writeFile(path.join(mailDir, `${id}.eml`), info.message as Buffer);
          // The recipient and the link are a development aid; production's console (its log stream) never carries them.
          announce(
            config.NODE_ENV === 'production'
              ? `Mail ${id} written to ${mailDir} (set SMTP_URL to send mail)`
              : `Mail to ${message.to}: ${message.subject} ${firstLink(message.text)}`.trimEnd(),
          );
        }
        await outbox.markSent(app.db, id, new Date());
      } catch (err) {
        app.log.error({ err, outboxId: id }, 'mail delivery failed');
        await outbox.markFailed(app.db, id, err instanceof Error ? err.message : String(err)).catch((markErr: unknown) => {
          app.log.error({ err: markErr, outboxId: id }, 'could not record the mail failure');
        });
      }
    },
  };
  app.decorate('mail', service);
  app.addHook('onClose', async () => {
    smtp?.close();
  });
}
