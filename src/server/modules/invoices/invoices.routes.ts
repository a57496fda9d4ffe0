/**
 * Invoices and credit notes as PDFs (issue 18): the shopper's own under /api/orders, any for the
 * owner under /api/admin (mounted behind its guard), and the month's register.
 */
import { Hono } from 'hono';
import { registerQuery } from '../../../shared/invoice-register.contract.ts';
import { z } from '../../../shared/zod.ts';
import { download } from '../../http/download.ts';
import { requireShopper, shoppersOnly, type ShopperEnv } from '../../http/session.ts';
import { valid } from '../../http/validate.ts';
import { DOCUMENT_NOT_FOUND, type InvoiceFiles, type ReturnDocumentKind } from './invoice-files.service.ts';

const PDF = 'application/pdf';
const CSV = 'text/csv; charset=utf-8';
const invoiceOf = valid('param', z.object({ id: z.uuid({ error: DOCUMENT_NOT_FOUND.invoice }) }), { status: 404 });
const creditNoteOf = valid('param', z.object({ id: z.uuid({ error: DOCUMENT_NOT_FOUND.credit_note }) }), { status: 404 });
const returnDocumentOf = (kind: ReturnDocumentKind) => valid('param', z.object({ id: z.uuid({ error: DOCUMENT_NOT_FOUND[kind] }), requestId: z.uuid({ error: DOCUMENT_NOT_FOUND[kind] }) }), { status: 404 });
const requestDocumentOf = (kind: ReturnDocumentKind) => valid('param', z.object({ id: z.uuid({ error: DOCUMENT_NOT_FOUND[kind] }) }), { status: 404 });
/** A return's documents by their address: its credit note, and its pickup fee's invoice. */
const RETURN_DOCUMENTS = [
  ['credit-note', 'credit_note'],
  ['pickup-fee-invoice', 'service_invoice'],
] as const;

export function shopperInvoiceRoutes(files: InvoiceFiles) {
  return new Hono<ShopperEnv>()
    .use('/orders/:id/invoice', shoppersOnly)
    .use('/orders/:id/credit-note', shoppersOnly)
    .get('/orders/:id/invoice', invoiceOf, async (c) => download(c, await files.shopper(requireShopper(c).id, c.req.valid('param').id, 'invoice'), PDF))
    .get('/orders/:id/credit-note', creditNoteOf, async (c) => download(c, await files.shopper(requireShopper(c).id, c.req.valid('param').id, 'credit_note'), PDF))
    .route(
      '/',
      RETURN_DOCUMENTS.reduce(
        (app, [path, kind]) =>
          app.use(`/orders/:id/returns/:requestId/${path}`, shoppersOnly).get(`/orders/:id/returns/:requestId/${path}`, returnDocumentOf(kind), async (c) => {
            const { id, requestId } = c.req.valid('param');
            return download(c, await files.shopperReturnDocument(requireShopper(c).id, id, requestId, kind), PDF);
          }),
        new Hono<ShopperEnv>(),
      ),
    );
}

export function ownerInvoiceRoutes(files: InvoiceFiles) {
  return new Hono<ShopperEnv>()
    .get('/admin/orders/:id/invoice', invoiceOf, async (c) => download(c, await files.owner(c.req.valid('param').id, 'invoice'), PDF))
    .get('/admin/orders/:id/credit-note', creditNoteOf, async (c) => download(c, await files.owner(c.req.valid('param').id, 'credit_note'), PDF))
    .get('/admin/invoices/register', valid('query', registerQuery), async (c) => download(c, await files.register(c.req.valid('query')), CSV))
    .route(
      '/',
      RETURN_DOCUMENTS.reduce(
        (app, [path, kind]) => app.get(`/admin/returns/:id/${path}`, requestDocumentOf(kind), async (c) => download(c, await files.ownerReturnDocument(c.req.valid('param').id, kind), PDF)),
        new Hono<ShopperEnv>(),
      ),
    );
}
