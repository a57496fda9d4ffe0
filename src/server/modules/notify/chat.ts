/**
 * WhatsApp and SMS behind one port (issue 48), for shoppers who asked for order updates there.
 * Both carry only approved templates: WhatsApp's utility templates (Meta's Cloud API, a template
 * named per step with its body's parameters in order) and SMS through MSG91's flow API (each
 * template mapped in its panel to the DLT template the operator registered). The local chat
 * stand-in (local-chat.ts) speaks both, in development and tests.
 */
import { callOut } from '../../http/outbound.ts';

/** One message: the step's template and its values, in the template's order. */
export interface ChatMessage {
  step: string;
  /** Ten digits; the country code is the adapter's. */
  phone: string;
  /** First name, order number, courier and AWB, tracking link. */
  values: string[];
}

export interface ChatChannel {
  readonly name: 'whatsapp' | 'sms';
  /** The provider's id for the message sent; throws a ChatRefusal (never retried) or an Unanswered (retried). */
  send(message: ChatMessage): Promise<string>;
}

export class ChatRefusal extends Error {}

export interface WhatsAppConfig {
  token: string;
  phoneNumberId: string;
  /** https://graph.facebook.com/v21.0, or the stand-in's. */
  apiBase: string;
  /** The approved template's name for a step: `vastra_order_<step>` by default. */
  templatePrefix?: string;
}

export const WHATSAPP_API = 'https://graph.facebook.com/v21.0';

/** What a provider's refusal said, as words for the owner's history. */
function said(body: unknown): string {
  const b = (body ?? {}) as { error?: { message?: unknown }; message?: unknown };
  const words = typeof b.error?.message === 'string' ? b.error.message : typeof b.message === 'string' ? b.message : typeof body === 'string' ? body : 'refused';
  return words.slice(0, 300);
}

export function createWhatsApp(config: WhatsAppConfig): ChatChannel {
  const url = `${config.apiBase.replace(/\/+$/, '')}/${encodeURIComponent(config.phoneNumberId)}/messages`;
  return {
    name: 'whatsapp',
    async send({ step, phone, values }) {
      const body = {
        messaging_product: 'whatsapp',
        to: `91${phone}`,
        type: 'template',
        template: { name: `${config.templatePrefix ?? 'vastra_order_'}${step}`, language: { code: 'en' }, components: [{ type: 'body', parameters: values.map((text) => ({ type: 'text', text })) }] },
      };
      const answer = await callOut('WhatsApp', { method: 'POST', url, headers: { Authorization: `Bearer ${config.token}` }, body });
      const id = (answer.body as { messages?: { id?: unknown }[] } | null)?.messages?.[0]?.id;
      if (answer.status >= 300 || typeof id !== 'string') throw new ChatRefusal(said(answer.body));
      return id;
    },
  };
}

export interface Msg91Config {
  authKey: string;
  /** MSG91's template id for each step (each mapped there to its DLT template id). */
  templates: Record<string, string>;
  /** https://control.msg91.com/api/v5, or the stand-in's. */
  apiBase: string;
}

export const MSG91_API = 'https://control.msg91.com/api/v5';

export function createMsg91(config: Msg91Config): ChatChannel {
  const url = `${config.apiBase.replace(/\/+$/, '')}/flow`;
  return {
    name: 'sms',
    async send({ step, phone, values }) {
      const templateId = config.templates[step];
      if (!templateId) throw new ChatRefusal(`No SMS template is set for ${step} (SMS_TEMPLATES).`);
      const vars = Object.fromEntries(values.map((v, i) => [`var${i + 1}`, v]));
      const answer = await callOut('MSG91', { method: 'POST', url, headers: { authkey: config.authKey }, body: { template_id: templateId, short_url: '0', recipients: [{ mobiles: `91${phone}`, ...vars }] } });
      const b = (answer.body ?? {}) as { type?: unknown; message?: unknown };
      if (answer.status >= 300 || b.type !== 'success' || typeof b.message !== 'string') throw new ChatRefusal(said(answer.body));
      return b.message;
    },
  };
}
