/**
 * The PDF of an issued invoice, bill of supply or credit note (issue 18, docs/decisions/0021; CGST
 * Rules, rules 46, 49 and 53). Every figure printed is the stored document's: nothing is worked
 * out again here, so the PDF always says what the register says.
 *
 * pdfmake lays the page out declaratively on top of pdfkit. Fonts are Noto Sans (Latin and ₹),
 * Noto Sans Devanagari (Hindi names and addresses) and Noto Sans Tamil (a Chennai shop's buyers),
 * embedded as subsets of what is printed. pdfkit shapes one font per text run, so every text that
 * may hold an Indian script is split into runs by script (`scriptRuns`).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import pdfmake from 'pdfmake';
import type { Content, ContentStack, ContentTable, ContentText, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { rupeesInWords } from '../../../shared/amount-in-words.ts';
import { indiaDay } from '../../../shared/india-time.ts';
import { gstPercentText } from '../../../shared/gst.ts';
import type { InvoiceDocument, InvoiceKind, InvoiceLine } from '../../../shared/invoices.ts';
import { formatInr } from '../../../shared/money.ts';

export interface IssuedDocument {
  kind: InvoiceKind;
  number: string;
  issuedAt: Date;
  document: InvoiceDocument;
}

// ---------------------------------------------------------------------------------------------
// Fonts
// ---------------------------------------------------------------------------------------------

const LATIN = 'InvoiceNotoSans';
const DEVANAGARI = 'InvoiceNotoSansDevanagari';
const TAMIL = 'InvoiceNotoSansTamil';
type Font = typeof LATIN | typeof DEVANAGARI | typeof TAMIL;

/** Package paths of the TTFs, resolved through node_modules (which the server's build leaves external). */
const FONT_FILES = {
  [LATIN]: {
    normal: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  },
  [DEVANAGARI]: {
    normal: '@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf',
  },
  [TAMIL]: {
    normal: '@expo-google-fonts/noto-sans-tamil/400Regular/NotoSansTamil_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-tamil/700Bold/NotoSansTamil_700Bold.ttf',
  },
} as const;

/** pdfmake's in-memory file system: present on its Node instance, though not in its types. */
interface VirtualFs {
  writeFileSync(name: string, content: Buffer): void;
}

/** Keys of our own in pdfmake's process-wide file system, so no other user of it can meet them. */
const vfsName = (spec: string) => `vastra-invoice-fonts/${spec.split('/').at(-1)}`;

let fontsReady: Promise<void> | null = null;

/**
 * Reads the TTFs once per process and hands them to pdfmake. pdfmake 0.3 cannot take a font
 * as a Buffer in `addFonts` (it treats it as a URL and fails), so they go into its virtual file
 * system under names of our own. Both access policies refuse everything (pdfmake is one instance
 * per process, so for every user of it): the PDF needs no URL and no other file, and setting them
 * also stops pdfmake warning on every document it makes.
 */
function prepareFonts(): Promise<void> {
  fontsReady ??= (async () => {
    // Resolved from this file: in the sources and in dist/server alike, node_modules is found above.
    const resolve = createRequire(import.meta.url).resolve;
    const vfs = (pdfmake as unknown as { virtualfs?: VirtualFs }).virtualfs;
    if (!vfs) throw new Error('pdfmake has no virtual file system: its API changed, see invoice-pdf.ts');
    const specs = Object.values(FONT_FILES).flatMap((f) => [f.normal, f.bold]);
    const files = await Promise.all(specs.map((spec) => readFile(resolve(spec))));
    specs.forEach((spec, i) => vfs.writeFileSync(vfsName(spec), files[i]!));
    pdfmake.addFonts(Object.fromEntries(Object.entries(FONT_FILES).map(([family, f]) => [family, { normal: vfsName(f.normal), bold: vfsName(f.bold) }])));
    pdfmake.setUrlAccessPolicy(() => false);
    pdfmake.setLocalAccessPolicy(() => false);
  })().catch((err: unknown) => {
    fontsReady = null; // let the next document try again rather than fail for the life of the process
    throw err;
  });
  return fontsReady;
}

/** The Indian scripts with a font of their own, by code point: Devanagari (and Extended), Tamil (and Supplement). */
function scriptFont(cp: number): Font {
  if ((cp >= 0x0900 && cp <= 0x097f) || (cp >= 0xa8e0 && cp <= 0xa8ff)) return DEVANAGARI;
  if ((cp >= 0x0b80 && cp <= 0x0bff) || (cp >= 0x11fc0 && cp <= 0x11fff)) return TAMIL;
  return LATIN;
}
/** The zero-width (non-)joiners stay in whichever run they are in. */
const isJoiner = (cp: number) => cp === 0x200c || cp === 0x200d;

/** A text cut into runs of one script each, with the font that shapes it. */
export function scriptRuns(text: string): { text: string; font: Font }[] {
  const runs: { text: string; font: Font }[] = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    const last = runs.at(-1);
    const font = isJoiner(cp) && last ? last.font : scriptFont(cp);
    if (last && last.font === font) last.text += ch;
    else runs.push({ text: ch, font });
  }
  return runs;
}

/** A text node for free text from the document (names, addresses, descriptions). */
const t = (text: string, style: Omit<ContentText, 'text'> = {}): ContentText => ({ ...style, text: scriptRuns(text) });

// ---------------------------------------------------------------------------------------------
// Formatting
// ---------------------------------------------------------------------------------------------

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2026-11-26' → '26 Nov 2026': three-letter months whatever the ICU ('Sept' in some). */
function dayText(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return `${d} ${MONTHS[m! - 1]} ${y}`;
}

/** The day an instant falls on in India. */
const indiaDayText = (at: Date) => dayText(indiaDay(at));

const plainAmount = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Figures in the table carry no symbol (the header says ₹); totals do (`formatInr`). */
const figure = (paise: number) => plainAmount.format(paise / 100);

const PAYMENT = { online: 'Paid online', cod: 'Cash on delivery' } as const;

/** A service's line: services are classed in chapter 99 (SAC), goods elsewhere (HSN). */
const isService = (l: InvoiceLine) => l.hsnCode?.startsWith('99') ?? false;

/** What the document is called on its face. */
function documentTitle(kind: InvoiceKind, registered: boolean): string {
  if (kind === 'credit_note') return 'Credit Note';
  return registered ? 'Tax Invoice' : 'Bill of Supply';
}

/** The word for it in labels and the footer ("Invoice no.", "computer-generated credit note"). */
function documentNoun(kind: InvoiceKind, registered: boolean): string {
  if (kind === 'credit_note') return 'credit note';
  return registered ? 'invoice' : 'bill of supply';
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

// ---------------------------------------------------------------------------------------------
// Layout
// ---------------------------------------------------------------------------------------------

const COLOR = { ink: '#1f1a17', muted: '#5e544c', accent: '#7a1f3d', line: '#d9cbb3', fill: '#f4ede1' };
const MARGIN = 32;
/** A4's width in points, less the margins: what a rule across the page spans. */
const CONTENT_WIDTH = 595.28 - 2 * MARGIN;

function sellerBlock(doc: InvoiceDocument): ContentStack {
  const s = doc.seller;
  return {
    stack: [
      t(s.name, { style: 'sellerName' }),
      ...(s.tradingName && s.tradingName !== s.name ? [t(`Trading as ${s.tradingName}`, { style: 'muted' })] : []),
      ...s.address.map((line) => t(line)),
      { text: `State: ${s.state} (${s.stateCode})` },
      ...(doc.registered && s.gstin ? [{ text: [{ text: 'GSTIN: ', style: 'label' }, { text: s.gstin, bold: true }] }] : []),
    ],
  };
}

function detailsTable(inv: IssuedDocument): ContentTable {
  const doc = inv.document;
  const noun = capitalise(documentNoun(inv.kind, doc.registered));
  const rows: [string, string][] = [
    [`${noun} no.`, inv.number],
    [`${noun} date`, indiaDayText(inv.issuedAt)],
    ...(inv.kind === 'credit_note' && doc.reverses ? [['Against invoice', doc.reverses] as [string, string]] : []),
    ...(inv.kind === 'credit_note' && doc.reversesDate ? [['Invoice date', dayText(doc.reversesDate)] as [string, string]] : []),
    ['Order no.', doc.orderNumber],
    ['Order date', dayText(doc.orderDate)],
    // A service invoice's fee (a return's pickup) was kept from the refund, not paid for.
    ['Payment', inv.kind === 'service_invoice' ? 'Kept from the refund' : PAYMENT[doc.paymentMethod]],
  ];
  return {
    layout: 'noBorders',
    table: { widths: ['auto', 'auto'], body: rows.map(([label, value]) => [{ text: label, style: 'label' }, { text: value, bold: true }]) },
  };
}

function header(inv: IssuedDocument): Content {
  const title = documentTitle(inv.kind, inv.document.registered);
  return {
    columns: [
      { width: '*', ...sellerBlock(inv.document) },
      {
        width: 'auto',
        stack: [
          { text: title, style: 'title', alignment: 'right' },
          { margin: [0, 8, 0, 0], columns: [{ width: '*', text: '' }, { width: 'auto', ...detailsTable(inv) }] },
        ],
      },
    ],
    columnGap: 16,
  };
}

const rule = (): Content => ({ canvas: [{ type: 'line', x1: 0, y1: 0, x2: CONTENT_WIDTH, y2: 0, lineWidth: 0.75, lineColor: COLOR.line }], margin: [0, 10, 0, 10] });

function parties(doc: InvoiceDocument, kind: InvoiceKind): Content {
  const b = doc.buyer;
  return {
    columns: [
      {
        width: '*',
        stack: [
          // A service is not shipped: its buyer is billed at the address on record.
          { text: kind === 'service_invoice' ? 'Bill to' : 'Bill to / Ship to', style: 'sectionLabel' },
          t(b.name, { bold: true }),
          ...b.address.filter((line) => line.trim() !== '').map((line) => t(line)),
          { text: `State: ${b.state} (${b.stateCode})` },
        ],
      },
      {
        width: 'auto',
        alignment: 'right',
        stack: [
          { text: 'Place of supply', style: 'sectionLabel' },
          { text: `${doc.placeOfSupply.state} (${doc.placeOfSupply.stateCode})`, bold: true },
        ],
      },
    ],
    columnGap: 16,
  };
}

/** One column of the lines table: its heading, width, alignment and what a row puts in it. */
interface Column {
  header: string;
  width: number | '*';
  align: 'left' | 'right' | 'center';
  cell: (line: InvoiceLine, n: number | null) => string | ContentText | ContentStack;
}

/** A tax amount with its rate beneath, as rule 46 asks for both. */
const taxCell = (paise: number, rateBp: number): ContentStack => ({ stack: [figure(paise), { text: `@${gstPercentText(rateBp)}`, style: 'rate' }] });

/** The columns a document prints: CGST and SGST within the state, IGST across, none on a bill of supply. */
function columns(doc: InvoiceDocument): Column[] {
  const taxColumns: Column[] = !doc.registered
    ? []
    : [
        { header: 'Taxable value (₹)', width: 58, align: 'right', cell: (l) => figure(l.taxable) },
        { header: 'Rate', width: 28, align: 'right', cell: (l) => gstPercentText(l.rateBp) },
        ...((doc.intraState
          ? [
              { header: 'CGST (₹)', width: 46, align: 'right', cell: (l) => taxCell(l.cgst, l.rateBp / 2) },
              { header: 'SGST (₹)', width: 46, align: 'right', cell: (l) => taxCell(l.sgst, l.rateBp / 2) },
            ]
          : [{ header: 'IGST (₹)', width: 50, align: 'right', cell: (l) => taxCell(l.igst, l.rateBp) }]) satisfies Column[]),
      ];
  return [
    { header: '#', width: 15, align: 'left', cell: (_l, n) => (n === null ? '' : String(n)) },
    { header: 'Description', width: '*', align: 'left', cell: (l) => t(l.description) },
    { header: 'HSN/SAC', width: 46, align: 'left', cell: (l) => l.hsnCode ?? '' },
    // The charges row and a service (its SAC is in chapter 99) are not pieces: no quantity.
    { header: 'Qty', width: 36, align: 'right', cell: (l, n) => (n === null || isService(l) ? '' : `${l.quantity} PCS`) },
    // Issue 50: a discount shown on the invoice, line by line, before the taxable value it lowers.
    // (The price before it is the two added: no column of its own, or the A4 row would not fit.)
    ...((doc.lines.some((l) => l.discount) ? [{ header: 'Discount (₹)', width: 46, align: 'right', cell: (l) => (l.discount ? `−${figure(l.discount)}` : '') }] : []) satisfies Column[]),
    ...taxColumns,
    { header: 'Amount (₹)', width: 58, align: 'right', cell: (l) => figure(l.amount) },
  ];
}

function linesTable(doc: InvoiceDocument): ContentTable {
  const cols = columns(doc);
  const row = (line: InvoiceLine, n: number | null): TableCell[] =>
    cols.map((c) => {
      const cell = c.cell(line, n);
      return typeof cell === 'string' ? { text: cell, alignment: c.align } : { ...cell, alignment: c.align };
    });
  const body: TableCell[][] = [
    cols.map((c) => ({ text: c.header, style: 'tableHeader', alignment: c.align })),
    ...doc.lines.map((l, i) => row(l, i + 1)),
    ...(doc.charges ? [row(doc.charges, null)] : []),
  ];
  return {
    style: 'table',
    margin: [0, 16, 0, 0],
    table: { headerRows: 1, dontBreakRows: true, widths: cols.map((c) => c.width), body },
    layout: {
      fillColor: (i) => (i === 0 ? COLOR.fill : null),
      hLineWidth: (i, node) => (i === 0 || i === 1 || i === node.table.body.length ? 0.75 : 0.4),
      hLineColor: () => COLOR.line,
      vLineWidth: () => 0,
      paddingLeft: () => 4,
      paddingRight: () => 4,
      paddingTop: () => 5,
      paddingBottom: () => 5,
    },
  };
}

function totalsTable(doc: InvoiceDocument): ContentTable {
  const x = doc.totals;
  const rows: [string, number][] = !doc.registered
    ? []
    : [['Taxable value', x.taxable], ...((doc.intraState ? [['CGST', x.cgst], ['SGST', x.sgst]] : [['IGST', x.igst]]) as [string, number][])];
  return {
    layout: {
      hLineWidth: (i, node) => (i === node.table.body.length - 1 ? 0.75 : 0),
      hLineColor: () => COLOR.line,
      vLineWidth: () => 0,
      paddingTop: () => 3,
      paddingBottom: () => 3,
    },
    table: {
      widths: ['*', 90],
      body: [
        ...rows.map(([label, paise]) => [{ text: label, style: 'label' }, { text: formatInr(paise), alignment: 'right' as const }]),
        [{ text: 'Total', style: 'grandTotal' }, { text: formatInr(x.total), style: 'grandTotal', alignment: 'right' as const }],
      ],
    },
  };
}

function totals(doc: InvoiceDocument): Content {
  return {
    margin: [0, 10, 0, 0],
    unbreakable: true,
    columns: [
      {
        width: '*',
        stack: [
          { text: 'Amount in words', style: 'sectionLabel' },
          { text: rupeesInWords(doc.totals.total), bold: true },
          ...(doc.registered ? [{ text: [{ text: 'Whether tax is payable on reverse charge: ', style: 'label' }, { text: 'No', bold: true }], margin: [0, 8, 0, 0] as [number, number, number, number] }] : []),
        ],
      },
      { width: 210, ...totalsTable(doc) },
    ],
    columnGap: 24,
  };
}

/** The signatory's block, then the line that makes a missing signature expected (rule 46(q)). */
function signOff(inv: IssuedDocument): Content {
  const noun = documentNoun(inv.kind, inv.document.registered);
  return {
    margin: [0, 24, 0, 0],
    unbreakable: true,
    stack: [
      {
        alignment: 'right',
        stack: [t(`For ${inv.document.seller.name}`, { bold: true }), { text: 'Authorised signatory', style: 'muted', margin: [0, 18, 0, 0] }],
      },
      { text: `This is a computer-generated ${noun} and needs no signature.`, style: 'muted', alignment: 'center', margin: [0, 20, 0, 0] },
    ],
  };
}

/** The whole document definition: A4 portrait, large enough type to read on a phone's screen too. */
function invoiceDefinition(inv: IssuedDocument): TDocumentDefinitions {
  const doc = inv.document;
  const title = documentTitle(inv.kind, doc.registered);
  return {
    pageSize: 'A4',
    pageOrientation: 'portrait',
    pageMargins: [MARGIN, MARGIN, MARGIN, MARGIN + 8],
    language: 'en-IN',
    info: { title: inv.number, author: doc.seller.name, subject: title, creator: doc.seller.tradingName || doc.seller.name, creationDate: inv.issuedAt },
    content: [header(inv), rule(), parties(doc, inv.kind), linesTable(doc), totals(doc), signOff(inv)],
    footer: (page, pages) => ({
      margin: [MARGIN, 12, MARGIN, 0],
      columns: [
        { text: `${title} ${inv.number}`, style: 'muted' },
        { text: `Page ${page} of ${pages}`, style: 'muted', alignment: 'right' },
      ],
    }),
    // Sizes a phone still shows legibly with A4 fitted to its width: nothing under 8 pt.
    defaultStyle: { font: LATIN, fontSize: 10, lineHeight: 1.2, color: COLOR.ink },
    styles: {
      title: { fontSize: 18, bold: true, color: COLOR.accent },
      sellerName: { fontSize: 13, bold: true },
      label: { color: COLOR.muted },
      muted: { color: COLOR.muted, fontSize: 9 },
      sectionLabel: { color: COLOR.muted, fontSize: 8.5, bold: true, margin: [0, 0, 0, 2] },
      table: { fontSize: 9.5 },
      tableHeader: { bold: true, fontSize: 9 },
      rate: { fontSize: 8, color: COLOR.muted },
      grandTotal: { bold: true, fontSize: 12 },
    },
  };
}

/** The PDF of an issued document, from its stored figures alone. */
export async function renderInvoicePdf(invoice: IssuedDocument): Promise<Buffer> {
  await prepareFonts();
  return pdfmake.createPdf(invoiceDefinition(invoice)).getBuffer();
}
