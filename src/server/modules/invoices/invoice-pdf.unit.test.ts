/**
 * The invoice PDF (issue 18): each kind of document rendered from a hand-built stored document,
 * then read back with a PDF text extractor (unpdf, PDF.js) to find what rule 46 asks to be printed.
 */
import { extractText, getMeta } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceDocument } from '../../../shared/invoices.ts';
import { renderInvoicePdf, scriptRuns, type IssuedDocument } from './invoice-pdf.ts';

/** Within Tamil Nadu, prices including GST: a saree at 5%, a kurta at 18%, shipping at the kurta's 18%. */
const intraState: InvoiceDocument = {
  registered: true,
  seller: {
    name: 'Vastra Fashions Private Limited',
    tradingName: 'Vastra',
    address: ['No. 12, Usman Road', 'T. Nagar', 'Chennai 600017'],
    state: 'Tamil Nadu',
    stateCode: '33',
    gstin: '33AABCV1234F1Z5',
  },
  buyer: { name: 'Lakshmi Narayanan', address: ['Flat 3B, Lotus Apartments', '14 Second Main Road, Adyar', 'Chennai, Tamil Nadu 600020', 'India'], state: 'Tamil Nadu', stateCode: '33' },
  placeOfSupply: { state: 'Tamil Nadu', stateCode: '33' },
  intraState: true,
  orderNumber: 'VST-20261120-0042',
  orderDate: '2026-11-20',
  paymentMethod: 'online',
  lines: [
    { description: 'Kanchipuram silk saree, Maroon', hsnCode: '5007', quantity: 1, amount: 2_499_00, taxable: 2_380_00, rateBp: 500, cgst: 59_50, sgst: 59_50, igst: 0 },
    { description: 'Embroidered kurta, Navy (L)', hsnCode: '6204', quantity: 1, amount: 3_499_00, taxable: 2_965_25, rateBp: 1800, cgst: 266_88, sgst: 266_87, igst: 0 },
  ],
  charges: { description: 'Shipping', hsnCode: null, quantity: 1, amount: 99_00, taxable: 83_90, rateBp: 1800, cgst: 7_55, sgst: 7_55, igst: 0 },
  totals: { taxable: 5_429_15, cgst: 333_93, sgst: 333_92, igst: 0, total: 6_097_00 },
  reverses: null,
};

const DEVANAGARI_NAME = 'प्रिया शर्मा';
const DEVANAGARI_LINE = 'फ्लैट 4, श्री क्षत्रिय भवन';

/** To Karnataka, Cash on Delivery, a buyer who wrote her name and house in Hindi: IGST. */
const interState: InvoiceDocument = {
  ...intraState,
  buyer: { name: DEVANAGARI_NAME, address: [DEVANAGARI_LINE, '12 MG Road', 'Bengaluru, Karnataka 560001', 'India'], state: 'Karnataka', stateCode: '29' },
  placeOfSupply: { state: 'Karnataka', stateCode: '29' },
  intraState: false,
  orderNumber: 'VST-20261121-0007',
  orderDate: '2026-11-21',
  paymentMethod: 'cod',
  lines: [{ description: 'Cotton salwar set (M)', hsnCode: '6204', quantity: 2, amount: 2_598_00, taxable: 2_474_29, rateBp: 500, cgst: 0, sgst: 0, igst: 123_71 }],
  charges: { description: 'Shipping and Cash on Delivery fee', hsnCode: null, quantity: 1, amount: 149_00, taxable: 141_90, rateBp: 500, cgst: 0, sgst: 0, igst: 7_10 },
  totals: { taxable: 2_616_19, cgst: 0, sgst: 0, igst: 130_81, total: 2_747_00 },
};

const TAMIL_NAME = 'கார்த்திக் ராஜா';
const TAMIL_LINE = '7, அண்ணா நகர்';

/** Within Tamil Nadu, a buyer who wrote his name and street in Tamil. */
const tamilBuyer: InvoiceDocument = {
  ...intraState,
  buyer: { name: TAMIL_NAME, address: [TAMIL_LINE, 'Chennai, Tamil Nadu 600040', 'India'], state: 'Tamil Nadu', stateCode: '33' },
};

/** A shop not yet registered: what was paid, without tax lines. */
const billOfSupply: InvoiceDocument = {
  ...intraState,
  registered: false,
  seller: { name: 'Vastra', tradingName: 'Vastra', address: ['Chennai, Tamil Nadu'], state: 'Tamil Nadu', stateCode: '33', gstin: null },
  lines: intraState.lines.map((l) => ({ ...l, taxable: l.amount, rateBp: 0, cgst: 0, sgst: 0, igst: 0 })),
  charges: { ...intraState.charges!, taxable: 99_00, rateBp: 0, cgst: 0, sgst: 0, igst: 0 },
  totals: { taxable: 6_097_00, cgst: 0, sgst: 0, igst: 0, total: 6_097_00 },
};

// 20:00 UTC on 25 November is 01:30 on the 26th in India: the date printed is India's.
const issuedAt = new Date('2026-11-25T20:00:00Z');
const invoice = (document: InvoiceDocument, number = 'VST/26-27/000123'): IssuedDocument => ({ kind: 'invoice', number, issuedAt, document });
const creditNote: IssuedDocument = {
  kind: 'credit_note',
  number: 'VST/CR26-27/0001',
  issuedAt: new Date('2026-12-02T06:00:00Z'),
  document: { ...intraState, reverses: 'VST/26-27/000123', reversesDate: '2026-11-26' },
};

/**
 * The text of every page as PDF.js reads it (cell after cell, row after row), its line breaks made
 * spaces: where a text wraps depends on widths, not on what it says.
 */
async function textOf(pdf: Buffer): Promise<string> {
  // PDF.js takes the bytes over (detaches them): give it a copy.
  const { text } = await extractText(new Uint8Array(pdf), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/** A return's courier pickup fee of ₹49 (issue 49): a service, SAC 996812, 18% contained. */
const pickupFee: IssuedDocument = {
  kind: 'service_invoice',
  number: 'VST/SV26-27/0001',
  issuedAt,
  document: {
    ...intraState,
    lines: [{ description: 'Courier pickup of a returned piece (order VST-20261120-0042)', hsnCode: '996812', quantity: 1, amount: 49_00, taxable: 41_53, rateBp: 1800, cgst: 3_74, sgst: 3_73, igst: 0 }],
    charges: null,
    totals: { taxable: 41_53, cgst: 3_74, sgst: 3_73, igst: 0, total: 49_00 },
  },
};

/** Issue 50: a kurta at ₹2,800 with ₹175 of the order's ₹250 code: paid ₹2,625, 5% on ₹2,500. */
const discounted: InvoiceDocument = {
  ...intraState,
  lines: [
    { description: 'Chanderi kurta, Ivory (M)', hsnCode: '6211', quantity: 1, price: 2_800_00, discount: 175_00, amount: 2_625_00, taxable: 2_500_00, rateBp: 500, cgst: 62_50, sgst: 62_50, igst: 0 },
    { description: 'Cotton dupatta, Indigo', hsnCode: '6214', quantity: 1, price: 1_200_00, discount: 75_00, amount: 1_125_00, taxable: 1_071_43, rateBp: 500, cgst: 26_79, sgst: 26_78, igst: 0 },
  ],
  charges: null,
  totals: { taxable: 3_571_43, cgst: 89_29, sgst: 89_28, igst: 0, total: 3_750_00 },
};

const devanagariOf = (s: string) => [...s].filter((ch) => /[\u0900-\u097F]/.test(ch)).sort().join('');

describe('the invoice PDF', () => {
  const pdfs = new Map<string, Buffer>();
  const texts = new Map<string, string>();

  beforeAll(async () => {
    const docs = { intra: invoice(intraState), inter: invoice(interState, 'VST/26-27/000124'), bill: invoice(billOfSupply, 'VST/26-27/000125'), credit: creditNote, tamil: invoice(tamilBuyer, 'VST/26-27/000126'), service: pickupFee, discounted: invoice(discounted, 'VST/26-27/000127') };
    for (const [name, doc] of Object.entries(docs)) {
      const pdf = await renderInvoicePdf(doc);
      pdfs.set(name, pdf);
      texts.set(name, await textOf(pdf));
    }
    // Five documents drawn and read back: 2 s on a quiet machine, over 10 s once beside the API tests on a busy one.
  }, 60_000);

  it('is an A4 PDF', () => {
    const pdf = pdfs.get('intra')!;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain('/MediaBox [0 0 595.28 841.89]');
  });

  it('prints a tax invoice within the state with the seller, the numbers and dates, CGST and SGST', () => {
    const text = texts.get('intra')!;
    for (const expected of [
      'Tax Invoice',
      'Vastra Fashions Private Limited',
      'Trading as Vastra',
      'State: Tamil Nadu (33)',
      'GSTIN: 33AABCV1234F1Z5',
      'Invoice no. VST/26-27/000123',
      'Invoice date 26 Nov 2026',
      'Order no. VST-20261120-0042',
      'Order date 20 Nov 2026',
      'Payment Paid online',
      'Lakshmi Narayanan',
      '14 Second Main Road, Adyar',
      'Place of supply',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('IGST');
  });

  it('prints each line with its HSN code, quantity, value, rate and tax, and the charges as a row of their own', () => {
    const text = texts.get('intra')!;
    expect(text).toContain('# Description HSN/SAC Qty Taxable value (₹) Rate CGST (₹) SGST (₹) Amount (₹)');
    expect(text).toContain('1 Kanchipuram silk saree, Maroon 5007 1 PCS 2,380.00 5% 59.50 @2.5% 59.50 @2.5% 2,499.00');
    expect(text).toContain('2 Embroidered kurta, Navy (L) 6204 1 PCS 2,965.25 18% 266.88 @9% 266.87 @9% 3,499.00');
    // No HSN for shipping (taxed with the goods as one composite supply) and no quantity.
    expect(text).toContain('3,499.00 Shipping 83.90 18% 7.55 @9% 7.55 @9% 99.00');
  });

  it('prints a discount line by line, before the taxable value it lowers; no such columns without one (issue 50)', () => {
    const text = texts.get('discounted')!;
    expect(text).toContain('# Description HSN/SAC Qty Discount (₹) Taxable value (₹) Rate CGST (₹) SGST (₹) Amount (₹)');
    expect(text).toContain('6211 1 PCS −175.00 2,500.00 5% 62.50 @2.5% 62.50 @2.5% 2,625.00');
    expect(text).toContain('Cotton dupatta, Indigo');
    expect(texts.get('intra')!).not.toContain('Discount');
  });

  it('prints the totals, the amount in words and the reverse charge', () => {
    const text = texts.get('intra')!;
    for (const expected of ['Taxable value ₹5,429.15', 'CGST ₹333.93', 'SGST ₹333.92', 'Total ₹6,097.00', 'Rupees Six Thousand Ninety-Seven Only', 'Whether tax is payable on reverse charge: No']) {
      expect(text).toContain(expected);
    }
  });

  it('ends with the signatory and says it needs no signature', () => {
    const text = texts.get('intra')!;
    expect(text).toContain('For Vastra Fashions Private Limited');
    expect(text).toContain('Authorised signatory');
    expect(text).toContain('This is a computer-generated invoice and needs no signature.');
  });

  it('prints IGST across states, and Cash on Delivery', () => {
    const text = texts.get('inter')!;
    expect(text).toContain('IGST (₹)');
    expect(text).toContain('1 Cotton salwar set (M) 6204 2 PCS 2,474.29 5% 123.71 @5% 2,598.00');
    expect(text).toContain('Shipping and Cash on Delivery fee 141.90 5% 7.10 @5% 149.00');
    for (const expected of ['Taxable value ₹2,616.19', 'IGST ₹130.81', 'Total ₹2,747.00', 'Rupees Two Thousand Seven Hundred Forty-Seven Only', 'Payment Cash on delivery', 'Karnataka (29)']) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('CGST');
    expect(text).not.toContain('SGST');
  });

  it('prints a Hindi name and address in an embedded Devanagari font', () => {
    const text = texts.get('inter')!;
    // Shaped Devanagari comes back in the order its glyphs are drawn (the vowel sign i before its
    // consonant, the reph after its syllable: प्रिया reads back as िप्रया), so what is compared is
    // every Devanagari character, in any order; a word with nothing to reorder comes back whole.
    expect(devanagariOf(text)).toBe(devanagariOf(DEVANAGARI_NAME + DEVANAGARI_LINE));
    expect(text).toContain('भवन');
    const raw = pdfs.get('inter')!.toString('latin1');
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansDevanagari-Bold/); // the name, in bold
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansDevanagari-Regular/);
  });

  it('prints a Tamil name and street in an embedded Tamil font', () => {
    const tamilOf = (x: string) => [...x].filter((ch) => /[\u0B80-\u0BFF]/.test(ch)).sort().join('');
    expect(tamilOf(texts.get('tamil')!)).toBe(tamilOf(TAMIL_NAME + TAMIL_LINE));
    const raw = pdfs.get('tamil')!.toString('latin1');
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansTamil-Bold/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansTamil-Regular/);
    expect(raw).not.toContain('NotoSansDevanagari');
  });

  it('embeds its fonts as subsets, and the Devanagari one only when something needs it', () => {
    const intra = pdfs.get('intra')!.toString('latin1');
    expect(intra).toContain('/FontFile2');
    expect(intra).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSans-Regular/);
    expect(intra).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSans-Bold/);
    expect(intra).not.toContain('NotoSansDevanagari');
    expect(pdfs.get('inter')!.toString('latin1').match(/\/FontFile2/g)).toHaveLength(4);
  });

  it('prints a bill of supply without GSTIN or tax', () => {
    const text = texts.get('bill')!;
    expect(text).toContain('Bill of Supply');
    expect(text).toContain('Bill of supply no. VST/26-27/000125');
    expect(text).toContain('# Description HSN/SAC Qty Amount (₹) 1 Kanchipuram silk saree, Maroon 5007 1 PCS 2,499.00');
    expect(text).toContain('Total ₹6,097.00');
    expect(text).toContain('Rupees Six Thousand Ninety-Seven Only');
    expect(text).toContain('This is a computer-generated bill of supply and needs no signature.');
    for (const absent of ['Tax Invoice', 'GSTIN', 'CGST', 'SGST', 'IGST', 'Taxable value', 'Rate', 'reverse charge']) {
      expect(text).not.toContain(absent);
    }
  });

  it('prints a service invoice with its SAC and no quantity of pieces', () => {
    const text = texts.get('service')!;
    expect(text).toContain('Tax Invoice');
    expect(text).toContain('Invoice no. VST/SV26-27/0001');
    expect(text).toContain('1 Courier pickup of a returned piece (order VST-20261120-0042) 996812 41.53 18%');
    expect(text).toContain('Total ₹49.00');
    expect(text).toContain('Payment Kept from the refund');
    expect(text).not.toContain('PCS');
    expect(text).not.toContain('Against invoice');
  });

  it('prints a credit note naming the invoice it reverses, by number and date (rule 53)', () => {
    const text = texts.get('credit')!;
    for (const expected of ['Credit Note', 'Credit note no. VST/CR26-27/0001', 'Credit note date 2 Dec 2026', 'Against invoice VST/26-27/000123', 'Invoice date 26 Nov 2026', 'Total ₹6,097.00', 'This is a computer-generated credit note and needs no signature.']) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Tax Invoice');
  });

  it('names the document and its seller in the metadata', async () => {
    const { info } = await getMeta(new Uint8Array(pdfs.get('credit')!));
    expect(info).toMatchObject({ Title: 'VST/CR26-27/0001', Author: 'Vastra Fashions Private Limited', Subject: 'Credit Note' });
  });

  it('prints the stored figures as they are, never working them out again', async () => {
    // A document whose figures do not add up (none is issued so, but the PDF must not hide it).
    const odd = { ...intraState, totals: { ...intraState.totals, cgst: 1_11, total: 9_999_99 } };
    const text = await textOf(await renderInvoicePdf(invoice(odd)));
    expect(text).toContain('CGST ₹1.11');
    expect(text).toContain('Total ₹9,999.99');
    expect(text).toContain('Rupees Nine Thousand Nine Hundred Ninety-Nine and Ninety-Nine Paise Only');
  });

  it('makes the same bytes from the same document (its creation date is the issue date)', async () => {
    expect((await renderInvoicePdf(invoice(intraState))).equals(pdfs.get('intra')!)).toBe(true);
  });
});

describe('runs by script', () => {
  it('gives Devanagari its own font and the rest Noto Sans', () => {
    expect(scriptRuns('श्री Ramesh (रमेश)')).toEqual([
      { text: 'श्री', font: 'InvoiceNotoSansDevanagari' },
      { text: ' Ramesh (', font: 'InvoiceNotoSans' },
      { text: 'रमेश', font: 'InvoiceNotoSansDevanagari' },
      { text: ')', font: 'InvoiceNotoSans' },
    ]);
  });

  it('keeps a zero-width joiner or non-joiner in the run it is in', () => {
    expect(scriptRuns('क्\u200Dष')).toEqual([{ text: 'क्\u200Dष', font: 'InvoiceNotoSansDevanagari' }]);
    expect(scriptRuns('a\u200Cb')).toEqual([{ text: 'a\u200Cb', font: 'InvoiceNotoSans' }]);
    expect(scriptRuns('\u200Dक')).toEqual([
      { text: '\u200D', font: 'InvoiceNotoSans' },
      { text: 'क', font: 'InvoiceNotoSansDevanagari' },
    ]);
  });

  it('gives Tamil its own font', () => {
    expect(scriptRuns('திரு. Karthik')).toEqual([
      { text: 'திரு', font: 'InvoiceNotoSansTamil' },
      { text: '. Karthik', font: 'InvoiceNotoSans' },
    ]);
  });

  it('sends Devanagari Extended to the Devanagari font', () => {
    expect(scriptRuns('\uA8F2')).toEqual([{ text: '\uA8F2', font: 'InvoiceNotoSansDevanagari' }]);
  });

  it('gives nothing for an empty text', () => {
    expect(scriptRuns('')).toEqual([]);
  });
});
