/**
 * The local chat stand-in (issue 48): an HTTP server on 127.0.0.1 that answers as WhatsApp's Cloud
 * API and MSG91's flow API answer a send, and records every message, so the shop's own adapters
 * run in development and tests. Never in production (boot.ts).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jsonOf } from '../../http/json-body.ts';
import { keptAliveAsTheShop } from '../../http/listen.ts';

export interface ChatSent {
  channel: 'whatsapp' | 'sms';
  to: string;
  template: string;
  values: string[];
}

export interface LocalChat {
  whatsappBase: string;
  msg91Base: string;
  token: string;
  sent: ChatSent[];
  /** The next `n` sends answer 503. */
  failNext(n: number): void;
  close(): Promise<void>;
}

export async function startLocalChat(log: (line: string) => void = () => {}): Promise<LocalChat> {
  const token = `local-chat-${Math.random().toString(36).slice(2)}`;
  const sent: ChatSent[] = [];
  let failing = 0;
  let ids = 0;
  const server = createServer(async (req, res) => {
    const body = await jsonOf(req);
    const answer = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    if (failing > 0) return failing--, answer(503, { error: { message: 'Service temporarily unavailable' } });
    if (req.url?.startsWith('/whatsapp/') && req.url.endsWith('/messages')) {
      if (req.headers.authorization !== `Bearer ${token}`) return answer(401, { error: { message: 'Invalid OAuth access token.' } });
      const template = body.template as { name?: string; components?: { parameters?: { text?: string }[] }[] } | undefined;
      const message = { channel: 'whatsapp' as const, to: String(body.to), template: String(template?.name), values: (template?.components?.[0]?.parameters ?? []).map((p) => String(p.text)) };
      sent.push(message);
      log(`Local chat: WhatsApp ${message.template} to +${message.to}: ${message.values.join(' | ')}`);
      return answer(200, { messaging_product: 'whatsapp', contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id: `wamid.local${++ids}` }] });
    }
    if (req.url === '/msg91/flow') {
      if (req.headers.authkey !== token) return answer(401, { type: 'error', message: 'Authentication failure' });
      const [recipient] = (body.recipients as Record<string, string>[] | undefined) ?? [];
      const values = Object.keys(recipient ?? {}).filter((k) => k.startsWith('var')).sort().map((k) => recipient![k]!);
      const message = { channel: 'sms' as const, to: String(recipient?.mobiles), template: String(body.template_id), values };
      sent.push(message);
      log(`Local chat: SMS ${message.template} to +${message.to}: ${values.join(' | ')}`);
      return answer(200, { type: 'success', message: `local${++ids}` });
    }
    answer(404, { error: { message: 'Unknown path' } });
  });
  keptAliveAsTheShop(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    whatsappBase: `${base}/whatsapp`,
    msg91Base: `${base}/msg91`,
    token,
    sent,
    failNext: (n) => void (failing = n),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
