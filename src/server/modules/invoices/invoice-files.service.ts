/**
 * Issued documents as files (issue 18): the PDF of an invoice or credit note for its buyer (their
 * own only: the order's row-level security decides, migration 0024) and for the owner, the copy
 * the "shipped" mail carries, and the month's register. Every figure comes from the stored
 * document; nothing is worked out again.
 */
import type { InvoiceKind } from '../../../shared/invoices.ts';
import { monthBounds, type RegisterQuery } from '../../../shared/invoice-register.contract.ts';
import type { Db } from '../../db/client.ts';
import { asShopper } from '../../db/shopper.ts';
import type { Download } from '../../http/download.ts';
import { NotFoundError } from '../../http/errors.ts';
import type { AttachmentsOf } from '../mail/mail.service.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import * as q from './invoices.queries.ts';
import { registerCsv } from './register.ts';

export const DOCUMENT_NOT_FOUND: Record<InvoiceKind, string> = {
  invoice: 'This order has no invoice yet: it is issued when the order ships.',
  credit_note: 'This order has no credit note.',
  service_invoice: 'This return has no pickup fee invoice.',
};

/** A return request's own documents (issue 49): its credit note, and its pickup fee's invoice. */
export type ReturnDocumentKind = Exclude<InvoiceKind, 'invoice'>;


type Issued = NonNullable<Awaited<ReturnType<typeof q.issuedFor>>>;

/** 'Invoice-VST-26-27-000123.pdf': the number's slashes would make a path of it. */
export const documentFilename = (kind: InvoiceKind, number: string) => `${kind === 'credit_note' ? 'Credit-note' : 'Invoice'}-${number.replaceAll('/', '-')}.pdf`;

async function asFile(issued: Issued | undefined, kind: InvoiceKind): Promise<Download> {
  if (!issued) throw new NotFoundError(DOCUMENT_NOT_FOUND[kind]);
  return { filename: documentFilename(kind, issued.number), content: await renderInvoicePdf(issued) };
}

export function createInvoiceFiles(db: Db) {
  return {
    /** The shopper's own document: another's order is as absent as one never invoiced. */
    shopper: (userId: string, orderId: string, kind: InvoiceKind) =>
      asShopper(db, userId, (tx) => q.issuedFor(tx, orderId, kind)).then((issued) => asFile(issued, kind)),

    owner: async (orderId: string, kind: InvoiceKind) => asFile(await q.issuedFor(db, orderId, kind), kind),

    /** A return's credit note or pickup fee invoice (issue 49), its buyer's own only (read as them). */
    shopperReturnDocument: (userId: string, orderId: string, requestId: string, kind: ReturnDocumentKind) =>
      asShopper(db, userId, (tx) => q.issuedForReturn(tx, requestId, kind)).then((issued) => asFile(issued?.orderId === orderId ? issued : undefined, kind)),

    ownerReturnDocument: async (requestId: string, kind: ReturnDocumentKind) => asFile(await q.issuedForReturn(db, requestId, kind), kind),

    async register({ month, view }: RegisterQuery): Promise<Download> {
      const { from, to } = monthBounds(month);
      return { filename: `GST-register-${month}${view === 'summary' ? '-summary' : ''}.csv`, content: Buffer.from(registerCsv(await q.issuedBetween(db, from, to), view)) };
    },

    /** The mail sender's hook: a mail that names an invoice carries its PDF. */
    attachmentsOf: (async (mail) => {
      if (mail.invoiceId == null) return [];
      const issued = await q.issuedById(db, mail.invoiceId);
      const file = await asFile(issued, issued?.kind ?? 'invoice');
      return [{ ...file, contentType: 'application/pdf' }];
    }) satisfies AttachmentsOf,
  };
}

export type InvoiceFiles = ReturnType<typeof createInvoiceFiles>;
