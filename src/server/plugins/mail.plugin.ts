/**
 * The outbox: every message is first stored in mail_outbox (its bodies encrypted: they carry set-password and
 * reset links), then delivered at once — by SMTP when SMTP_URL is set, otherwise written as DATA_DIR/mail/<id>.eml
 * so a local run needs no mail server; only in development (NODE_ENV=development, no SMTP_URL) a console line
 * carries its first link. Every subject is sent as plain text (plainSubject). Delivery failures are recorded on the row and logged; they never fail the caller.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { decodeHTML } from 'entities';
import nodemailer, { type Transporter } from 'nodemailer';
import * as outbox from '#db/repositories/operations/mail-outbox.repository.ts';
import { sealMailBody } from '../security/crypto.ts';
import type { MailService } from '../ports.ts';

export type MailPluginOptions = {
  /** Where the file outbox announces a message; console.log by default. */
  announce?: (line: string) => void;
};

const firstLink = (text: string) => /https?:\/\/\S+/.exec(text)?.[0] ?? '';

/**
 * A subject as a mail client shows it: plain text on one line. A name typed with markup (an employer's
 * '<b>Acme</b> &amp; Co') loses its tags and its entities are read (the HTML standard's table, from `entities`);
 * line breaks, which would start a header, become spaces. Mail clients never render a subject's markup, so a
 * person would read it literally.
 */
export function plainSubject(subject: string): string {
  return decodeHTML(subject.replace(/<[^<>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
}

export async function mailPlugin(app: FastifyInstance, options: MailPluginOptions): Promise<void> {
  const { config } = app;
  const announce = options.announce ?? ((line: string) => console.log(line));
  const from = `Benefit Portal <no-reply@${new URL(config.PUBLIC_URL).hostname}>`;
  const smtp: Transporter | null = config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : null;
  const files = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const mailDir = path.join(config.DATA_DIR, 'mail');

  const service: MailService = {
    async send(sent) {
      const message = { ...sent, subject: plainSubject(sent.subject) };
      let id: string;
      try {
        id = (
          await outbox.insert(app.db, {
            id: randomUUID(),
            recipient: message.to,
            subject: message.subject,
            text_body: sealMailBody(message.text, config.SSN_KEY),
            html_body: message.html === undefined ? null : sealMailBody(message.html, config.SSN_KEY),
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
          // The recipient and the link are a development aid; any other console (a log stream) never carries them.
          announce(
            config.NODE_ENV === 'development'
              ? `Mail to ${message.to}: ${message.subject} ${firstLink(message.text)}`.trimEnd()
              : `Mail ${id} written to ${mailDir} (set SMTP_URL to send mail)`,
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
