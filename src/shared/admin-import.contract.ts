/**
 * Imports (spec §2 Admin product management, §9 Admin import defaults): products from the owner's
 * preset folders (photographs + an optional details.json) and from a CSV file, many at once. The
 * columns, limits, messages and the shapes the API answers, for the server, the screen and tests.
 */
import { PRODUCT_LIMITS } from './admin-product.contract.ts';

/** The file a folder may hold beside its photographs. */
export const DETAILS_FILE = 'details.json';
/** Photographs a folder import reads (by name; storePhoto checks the content). */
export const PHOTO_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.webp'] as const;

/** The product fields an import reads, by spec §3's snake_case names (a folder's details file, a CSV's columns). */
export const PRODUCT_FIELD_NAMES = [
  'name',
  'price',
  'offer_price',
  'stock',
  'availability',
  'description',
  'key_highlights',
  'full_description',
  'manufacture_and_care',
  'return_policy',
  'delivery_info',
  'featured',
  'categories',
  'collections',
  // Sizes (issue 16, docs/decisions/0019): the list's name, and each size with its pieces.
  'size_list',
  'sizes',
  // Saree and kurta details (src/shared/garment.ts).
  'saree_length_m',
  'blouse_piece',
  'blouse_length_m',
  'fall_pico',
  'fit',
  'length',
  // GST by piece (issue 18, src/shared/gst.ts): HSN code, the rule (fixed or apparel), a fixed rule's rate.
  'hsn_code',
  'tax_rule',
  'tax_rate',
  // What shoppers filter by (issue 20, src/shared/attributes.ts): each a list's value or label; occasions several.
  'fabric',
  'colour',
  'colour_name',
  'occasions',
  'weave',
  'origin',
] as const;

/** The CSV columns, in the template's order. `handle` names a row's product across imports. */
export const CSV_COLUMNS = ['handle', ...PRODUCT_FIELD_NAMES, 'images'] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];
/** The template's columns: `availability` is still read from older files (as a count), never written. */
export const TEMPLATE_COLUMNS = CSV_COLUMNS.filter((c) => c !== 'availability');

export const IMPORT_LIMITS = {
  /** A CSV upload: 20 MB holds well over 10,000 products with full descriptions. */
  csvBytes: 20 * 1024 * 1024,
  csvRows: 50_000,
  /** One CSV row, every cell together (the longest allowed texts fit several times). */
  csvRowChars: 1_000_000,
  handle: 100,
  detailsBytes: 256 * 1024,
  /** Rows written per transaction. */
  batch: 200,
} as const;

/** The parts of a cell that hold several values (categories, photographs, highlights). */
export const LIST_SEPARATOR = '|';

export const IMPORT_MESSAGES = {
  noImportDir: (dir: string) =>
    `There is no import folder at ${dir} yet. Create it on the server, then put one folder per product inside it, ` +
    `holding the product's photographs (JPEG, PNG or WebP) and, if you like, a ${DETAILS_FILE}.`,
  notConfigured: 'This server has no import folder set (IMPORT_DIR).',
  badFolderName: 'Give the name of a folder inside the import folder.',
  folderNotFound: 'There is no such folder in the import folder.',
  folderOutside: 'This folder is a link to a place outside the import folder, so it is not imported.',
  noPhotos: 'No photographs (JPEG, PNG or WebP) in this folder.',
  unreadableFolder: 'This folder could not be read (check its permissions).',
  tooManyPhotos: (n: number) => `${n} photographs: a product takes at most ${PRODUCT_LIMITS.images}. Move some out of the folder.`,
  photoOutside: (file: string) => `${file} is a link to a place outside the import folder.`,
  photoTooBig: (file: string) => `${file} is over 15 MB.`,
  detailsTooBig: `${DETAILS_FILE} is too large (at most 256 KB).`,
  detailsNotJson: (why: string) => `${DETAILS_FILE} is not valid JSON: ${why}`,
  detailsNotObject: `${DETAILS_FILE} must hold one object, such as { "name": "Red Banarasi Silk", "price": "₹2,499" }.`,
  detailsUnknownKey: (key: string) => `${DETAILS_FILE}: “${key}” is not a product field, so it is skipped.`,
  detailsPhotosKey: `${DETAILS_FILE}: photographs come from the folder itself, so “images” and “thumbnail” are skipped.`,

  csvTooBig: 'A CSV file may be at most 20 MB. Split it into several files.',
  csvEmpty: 'The file is empty.',
  csvSpreadsheet: 'This is a spreadsheet file, not CSV. Save it as “CSV UTF-8 (comma delimited)” and choose that file.',
  csvNoHeader: 'The first row must name the columns, and one of them must be “name”.',
  csvDuplicateColumn: (name: string) => `The column “${name}” appears twice in the first row.`,
  csvTooManyRows: `A file may hold at most ${(50_000).toLocaleString('en-IN')} products. Split it into several files.`,
  csvUnreadable: (line: number, why: string) => `The file could not be read from line ${line}: ${why} Nothing was imported.`,
  csvQuoteNotClosed: 'a quote (") opened there is never closed.',
  csvRowTooLong: 'that row is far too long.',
  csvUnknownColumns: (names: string[]) => `Not imported (not product fields): ${names.join(', ')}.`,
  tooManyCells: (cells: number, columns: number) => `This row has ${cells} cells but the first row names ${columns} columns. Put quotes around cells that contain commas.`,
  handleTooLong: `The handle must be at most ${100} characters.`,
  duplicateRow: (row: number) => `The same product as row ${row} (same handle, or same name when there is no handle): list each product once per file.`,
  noCategory: (slugs: string[]) => `No category ${slugs.join(', ')}.`,
  noCollection: (slugs: string[]) => `No collection ${slugs.join(', ')}.`,
  unknownChoice: (what: string, given: string, labels: string[]) => `Unknown ${what} “${given}”. Write one of: ${labels.join(', ')}.`,
  noSizeList: (name: string, lists: string[]) => `No size list “${name}”. The lists are: ${lists.join(', ')}; leave it empty for one size.`,
  sizesNeedList: 'Sizes need a size_list (such as Kurtas and suits); for a piece in one size, give its stock instead.',
  photoPath: 'Give photographs as paths inside the import folder, such as red-saree/1.jpg.',
  photoMissing: (file: string) => `Photograph ${file} is not in the import folder.`,
  notSaved: 'This row could not be saved. Please try again.',
  internal: 'Something went wrong on our side. The rows reported so far are saved; please import the file again to finish.',
} as const;

export type RowOutcome = 'created' | 'updated' | 'unchanged' | 'refused';

/** A size's count before and after an import (a size dropped from the row goes to 0 and is retired). */
export interface StockChange {
  size: string;
  from: number;
  to: number;
}

/** 'M 0 → 4, L 2 → 1' (a one-size piece: '0 → 6'). */
export const stockChangeText = (changes: StockChange[]) =>
  changes.map((c) => `${c.size === 'One size' ? '' : `${c.size} `}${c.from} → ${c.to}`).join(', ');

/** One CSV row's result. `row` is the row's line in the file (the header is 1). */
export interface CsvRowResult {
  row: number;
  outcome: RowOutcome;
  name?: string;
  /** The column the reason is about, when there is one. */
  column?: string;
  reason?: string;
  productId?: number;
  /** The sizes whose count the row changes (or would, in a dry run). */
  stock?: StockChange[];
}

export interface CsvProgress {
  type: 'progress';
  done: number;
  total: number;
}

export interface CsvReport {
  type: 'report';
  dryRun: boolean;
  total: number;
  counts: Record<RowOutcome, number>;
  /** Rows that change a count: the ledger has a row per size, with the import's key. */
  stockChanged: number;
  unknownColumns: string[];
  rows: CsvRowResult[];
  seconds: number;
}

export interface CsvStreamError {
  type: 'error';
  message: string;
}

/** The CSV import answers NDJSON: progress lines as rows complete, then the report (or an error). */
export type CsvLine = CsvProgress | CsvReport | CsvStreamError;

export interface ImportFolder {
  name: string;
  photos: number;
  hasDetails: boolean;
  /** The product an earlier import of this folder made, if it still exists. */
  productId: number | null;
  /** What stops the import. */
  problems: string[];
  /** What the import skips. */
  warnings: string[];
}

export interface ImportFolderList {
  importDir: string | null;
  exists: boolean;
  /** Why there is nothing to list (the folder is missing), with where to put folders. */
  message?: string;
  folders: ImportFolder[];
}

export interface FolderImportResult {
  outcome: 'created' | 'updated';
  productId: number;
  name: string;
  photos: number;
  warnings: string[];
  stock: StockChange[];
}

/** 'red-banarasi-silk' → 'Red Banarasi Silk': a product name from a folder's name. */
export function readableFolderName(folder: string): string {
  return folder
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toLocaleUpperCase('en-IN') + word.slice(1))
    .join(' ');
}

/**
 * The example CSV the screen offers for download: a cell for every column of TEMPLATE_COLUMNS, in
 * its order (a test reads it back by the header). The attributes are written as labels in one row
 * and as values in the other: both are read.
 */
export const CSV_TEMPLATE = [
  TEMPLATE_COLUMNS.join(','),
  'red-banarasi,Red Banarasi Silk Saree,"₹4,999",3999,1,Handwoven in Varanasi.,Fabric: Pure silk | Length: 6.3 m with blouse piece,"Zari buttis on a deep red ground.",Dry clean only.,,standard|express|pincode,yes,silk-sarees,festive|bridal,,,5.5,included,0.8,yes,,,5007,fabric,5,Silk,Red,Sindoor red,Wedding|Festive,Zari weave,Banarasi,red-banarasi/1.jpg|red-banarasi/2.jpg',
  'cotton-kurta-blue,Blue Cotton Kurta,1299,,,A cool kurta for summer days.,Fabric: Cotton,,Machine wash cold.,7 Days Returns,,no,kurtas,summer|daily-wear,Kurtas and suits,S:4|M:6|L:2|XL:0,,,,,Straight,Knee length,6204,apparel,,cotton,blue,,daily|office,block-print,rajasthan,',
].join('\r\n') + '\r\n';
