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
import { DOCUMENT_NOT_FOUND, type InvoiceFiles } from './invoice-files.service.ts';

const PDF = 'application/pdf';
const CSV = 'text/csv; charset=utf-8';
const invoiceOf = valid('param', z.object({ id: z.uuid({ error: DOCUMENT_NOT_FOUND.invoice }) }), { status: 404 });
const creditNoteOf = valid('param', z.object({ id: z.uuid({ error: DOCUMENT_NOT_FOUND.credit_note }) }), { status: 404 });
const returnNoteOf = valid('param', z.object({ id: z.uuid({ error: DOCUMENT_NOT_FOUND.credit_note }), requestId: z.uuid({ error: DOCUMENT_NOT_FOUND.credit_note }) }), { status: 404 });
const requestNoteOf = valid('param', z.object({ id: z.uuid({ error: DOCUMENT_NOT_FOUND.credit_note }) }), { status: 404 });

export function shopperInvoiceRoutes(files: InvoiceFiles) {
  return new Hono<ShopperEnv>()
    .use('/orders/:id/invoice', shoppersOnly)
    .use('/orders/:id/credit-note', shoppersOnly)
    .get('/orders/:id/invoice', invoiceOf, async (c) => download(c, await files.shopper(requireShopper(c).id, c.req.valid('param').id, 'invoice'), PDF))
    .get('/orders/:id/credit-note', creditNoteOf, async (c) => download(c, await files.shopper(requireShopper(c).id, c.req.valid('param').id, 'credit_note'), PDF))
    .use('/orders/:id/returns/:requestId/credit-note', shoppersOnly)
    .get('/orders/:id/returns/:requestId/credit-note', returnNoteOf, async (c) => {
      const { id, requestId } = c.req.valid('param');
      return download(c, await files.shopperReturnNote(requireShopper(c).id, id, requestId), PDF);
    });
}

export function ownerInvoiceRoutes(files: InvoiceFiles) {
  return new Hono<ShopperEnv>()
    .get('/admin/orders/:id/invoice', invoiceOf, async (c) => download(c, await files.owner(c.req.valid('param').id, 'invoice'), PDF))
    .get('/admin/orders/:id/credit-note', creditNoteOf, async (c) => download(c, await files.owner(c.req.valid('param').id, 'credit_note'), PDF))
    .get('/admin/returns/:id/credit-note', requestNoteOf, async (c) => download(c, await files.ownerReturnNote(c.req.valid('param').id), PDF))
    .get('/admin/invoices/register', valid('query', registerQuery), async (c) => download(c, await files.register(c.req.valid('query')), CSV));
}
