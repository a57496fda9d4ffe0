/**
 * Reads an uploaded CSV file (csv-parse; docs/decisions/0013-product-import.md) into rows of named
 * cells. A BOM, CRLF or CR line ends, quoted cells with commas, quotes and line breaks are the
 * parser's job. The header row is required and names the columns (spec §3's names, in any order;
 * `offerPrice` or `Offer Price` read as offer_price); columns that are not product fields are
 * reported and skipped. Cells are text and stay text: nothing in a cell is ever evaluated.
 *
 * What makes the whole file unreadable (not CSV, no name column, an unclosed quote) refuses the file
 * before anything is written; what is wrong with one row refuses that row only.
 */
import { parse } from 'csv-parse/sync';
import { CSV_COLUMNS, IMPORT_LIMITS, IMPORT_MESSAGES as M, type CsvColumn } from '../../../shared/admin-import.contract.ts';
import { AppError } from '../../http/errors.ts';
import { snakeName } from './import-fields.ts';

export interface CsvRow {
  /** The line the row starts on (the header is line 1). */
  line: number;
  cells: Partial<Record<CsvColumn, string>>;
  /** Set when the row cannot be read as the header says. */
  problem?: string;
}

export interface CsvFile {
  rows: CsvRow[];
  unknownColumns: string[];
}

const refuse = (message: string) => new AppError(422, 'invalid_csv', message);

/** Zip (xlsx, ods) and the old binary Excel format start with these bytes. */
function isSpreadsheet(bytes: Uint8Array) {
  const zip = bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
  const ole = bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0;
  return zip || ole;
}

interface Parsed {
  record: string[];
  /** `bytes`: where the record (with its line end) ends in the file. */
  info: { bytes: number };
}

/**
 * The line each record starts on, from where it ends in the bytes (the parser's own line count
 * counts a CRLF inside a quoted cell twice). Blank lines before a record are lines too.
 */
function startLines(bytes: Uint8Array, records: Parsed[]): number[] {
  let pos = 0;
  let line = 1;
  const advance = (to: number) => {
    for (; pos < to; pos++) if (bytes[pos] === 0x0a || (bytes[pos] === 0x0d && bytes[pos + 1] !== 0x0a)) line++;
  };
  return records.map(({ info }) => {
    while (pos < bytes.length && (bytes[pos] === 0x0a || bytes[pos] === 0x0d)) advance(pos + 1);
    const start = line;
    advance(info.bytes);
    return start;
  });
}

function parseAll(bytes: Uint8Array): Parsed[] {
  // Where the last whole record ended: a fatal error is on the line after it (the parser's own
  // count points past the end of the file for an unclosed quote).
  let lastLine = 0;
  try {
    return parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      bom: true,
      info: true,
      relax_column_count: true,
      // A stray quote inside an unquoted cell (5" border) is kept as text, as spreadsheets do.
      relax_quotes: true,
      // Any line end, even mixed in one file (rows pasted together from several sources).
      record_delimiter: ['\r\n', '\n', '\r'],
      skip_empty_lines: true,
      max_record_size: IMPORT_LIMITS.csvRowChars,
      on_record: (record, context) => {
        lastLine = context.lines;
        return record;
      },
    }) as unknown as Parsed[];
  } catch (err) {
    const e = err as { code?: string };
    const why = e.code === 'CSV_QUOTE_NOT_CLOSED' ? M.csvQuoteNotClosed : e.code === 'CSV_MAX_RECORD_SIZE' ? M.csvRowTooLong : 'it is not valid CSV.';
    throw refuse(M.csvUnreadable(lastLine + 1, why));
  }
}

/** The header's columns: each a known column or null (skipped), with the unknown names. */
function readHeader(header: string[]) {
  const columns: (CsvColumn | null)[] = [];
  const unknown: string[] = [];
  const seen = new Set<string>();
  for (const raw of header) {
    const name = snakeName(raw.replace(/^\uFEFF/, ''));
    if (!name) {
      columns.push(null);
      continue;
    }
    if (seen.has(name)) throw refuse(M.csvDuplicateColumn(name));
    seen.add(name);
    const known = (CSV_COLUMNS as readonly string[]).includes(name);
    columns.push(known ? (name as CsvColumn) : null);
    if (!known) unknown.push(raw.trim().slice(0, 60));
  }
  if (!seen.has('name')) throw refuse(M.csvNoHeader);
  return { columns, unknown };
}

export function readCsv(bytes: Uint8Array): CsvFile {
  if (bytes.byteLength === 0) throw refuse(M.csvEmpty);
  if (isSpreadsheet(bytes)) throw refuse(M.csvSpreadsheet);
  const parsed = parseAll(bytes);
  const lines = startLines(bytes, parsed);
  const [header, ...records] = parsed;
  if (!header) throw refuse(M.csvEmpty);
  const { columns, unknown } = readHeader(header.record);
  if (records.length > IMPORT_LIMITS.csvRows) throw refuse(M.csvTooManyRows);
  const rows = records.flatMap(({ record }, i): CsvRow[] => {
    // A row of empty cells (spreadsheets export some after the data) is no product.
    if (record.every((cell) => cell.trim() === '')) return [];
    const line = lines[i + 1]!;
    const extra = record.slice(columns.length).some((cell) => cell.trim() !== '');
    if (extra) return [{ line, cells: {}, problem: M.tooManyCells(record.length, columns.length) }];
    const cells: CsvRow['cells'] = {};
    columns.forEach((column, i) => {
      if (column && record[i] !== undefined) cells[column] = record[i];
    });
    return [{ line, cells }];
  });
  return { rows, unknownColumns: unknown.slice(0, 20) };
}
