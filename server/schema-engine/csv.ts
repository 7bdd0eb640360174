/**
 * A small RFC 4180 CSV reader for uploads staff make in a spreadsheet: quoted values (with "" for a
 * quote and line breaks inside), CRLF, LF or CR line ends, a UTF-8 byte order mark, and the
 * separator Excel uses in the locale (',' ';' or tab, taken from the header line). Each record
 * keeps the line number it starts on, so errors point at the line staff see in an editor.
 */
export interface CsvRecord {
  /** 1-based line number of the record's first line (the header is line 1). */
  line: number;
  cells: string[];
}

export class CsvSyntaxError extends Error {
  constructor(readonly line: number) {
    super(`A quoted value starting on line ${line} is never closed`);
  }
}

export function detectSeparator(text: string): string {
  const firstLine = text.slice(0, text.search(/\r|\n|$/));
  const counts = [',', ';', '\t'].map((s) => [s, firstLine.split(s).length] as const);
  return counts.reduce((best, c) => (c[1] > best[1] ? c : best))[0];
}

/**
 * Reads every record; blank lines are skipped. Stops with a RangeError once more than `maxRecords`
 * records were read, so an oversized file is refused without reading it all.
 */
export function parseCsv(input: string, maxRecords = Number.POSITIVE_INFINITY): CsvRecord[] {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const separator = detectSeparator(text);
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let recordLine = 1;
  let quoted = false;
  let quoteLine = 0;
  let i = 0;

  const endRecord = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0]!.trim() !== '') {
      records.push({ line: recordLine, cells });
      if (records.length > maxRecords) throw new RangeError('too many records');
    }
    cells = [];
    cell = '';
  };

  while (i < text.length) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        if (ch === '\n' || (ch === '\r' && text[i + 1] !== '\n')) line += 1;
        cell += ch;
      }
      i += 1;
      continue;
    }
    if (ch === '"' && cell.trim() === '') {
      quoted = true;
      quoteLine = line;
      cell = '';
    } else if (ch === separator) {
      cells.push(cell);
      cell = '';
    } else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && text[i + 1] === '\n') i += 1;
      endRecord();
      line += 1;
      recordLine = line;
    } else {
      cell += ch;
    }
    i += 1;
  }
  if (quoted) throw new CsvSyntaxError(quoteLine);
  if (cell !== '' || cells.length) endRecord();
  return records;
}
