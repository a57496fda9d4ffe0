/**
 * A real SMTP server on 127.0.0.1 for tests (smtp-server), keeping each mail it accepts parsed
 * (mailparser): the shop's mailer talks to it exactly as to a provider's.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SmtpInbox {
  url: string;
  mails: ParsedMail[];
  /** Refuse the next `n` recipients with a temporary failure (451), as a busy provider would. */
  refuseNext(n: number): void;
  /**
   * The next mail's DATA is taken but never answered: the sender waits for the server's "250" that
   * does not come. Resolves with the mail as held; it is not kept (a server keeps a mail only once
   * it has said so), and is dropped when the sender's connection ends.
   */
  holdNext(): Promise<ParsedMail>;
  /** Resolves when `count` mails have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

/** `onMail`, if given, hears of each mail as it arrives (the browser tests' server files them). */
export async function startSmtpInbox(onMail?: (mail: ParsedMail, n: number) => void): Promise<SmtpInbox> {
  const mails: ParsedMail[] = [];
  let refusals = 0;
  let holding: ((mail: ParsedMail) => void) | null = null;
  /** The held mails' unanswered callbacks: answered (refused) when the inbox closes. */
  const held: ((err?: Error) => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (refusals > 0) {
        refusals--;
        const err = new Error('Try again later') as Error & { responseCode: number };
        err.responseCode = 451;
        return callback(err);
      }
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          if (holding) {
            const heard = holding;
            holding = null;
            held.push(callback);
            heard(mail);
            return;
          }
          mails.push(mail);
          onMail?.(mail, mails.length);
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    refuseNext: (n) => void (refusals = n),
    holdNext: () => new Promise<ParsedMail>((resolve) => (holding = resolve)),
    async waitFor(count, timeoutMs = 10_000) {
      const started = Date.now();
      while (mails.length < count) {
        if (Date.now() - started > timeoutMs) throw new Error(`Only ${mails.length} of ${count} mails arrived`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return mails;
    },
    close: () => {
      for (const answer of held.splice(0)) answer(new Error('The inbox is closing'));
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
