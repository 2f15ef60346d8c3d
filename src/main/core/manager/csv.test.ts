import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PrintSummary } from '../../../shared/ipc/channels/prints';
import { csvCell, csvRow, localTimestamp, PRINT_CSV_COLUMNS, printCsvHeader, printsCsv } from './csv';

/** An RFC 4180 reader, written here independently, so the writer is checked against the format rather than itself. */
function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      index++;
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) throw new Error('the last row has no CRLF');
  return rows;
}

function print(overrides: Partial<PrintSummary> = {}): PrintSummary {
  return {
    id: '7f0c4b2e-6a1d-4c3b-9e8f-0a1b2c3d4e5f',
    terminalId: 'NEWLAND_N950__SBX0000001',
    subtype: 'custom',
    externalReference: 'CTR-20260115120000-AB12CD34',
    status: 'processed',
    createdAt: '2026-01-15T12:00:00.000Z',
    updatedAt: '2026-01-15T12:00:05.000Z',
    actionId: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
    attempts: 1,
    lastError: null,
    cancelRequested: false,
    reprintOf: null,
    contentBytes: 230,
    contentPreview: '{center}TIENDA{/center}',
    ...overrides,
  };
}

describe('CSV cells', () => {
  it('leaves plain text and numbers as they are', () => {
    expect(csvCell('CTR-20260115')).toBe('CTR-20260115');
    expect(csvCell(3)).toBe('3');
    expect(csvCell(null)).toBe('');
  });

  it('quotes commas, quotes, line breaks and edge spaces, doubling inner quotes', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\rhere')).toBe('"cr\rhere"');
    expect(csvCell(' padded ')).toBe('" padded "');
  });

  it.each(['=1+2', '+SUM(A1)', '-2+3', '@cmd', '\tTAB', '\rCR'])('defuses %j, which a spreadsheet would run as a formula', (value) => {
    const cell = csvCell(value);
    expect(readCsv(`${cell}\r\n`)[0]?.[0]).toBe(`'${value}`);
  });

  it('defuses a formula that also needs quotes', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
  });

  it('reads back as written for any text, and never starts a cell with a formula character', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), fc.constantFrom('=', '+', '-', '@', '"', ',', '\r\n', ' ')), { minLength: 1, maxLength: 6 }), (values) => {
        const [read] = readCsv(`${csvRow(values)}\r\n`);
        expect(read).toHaveLength(values.length);
        read?.forEach((cell, index) => {
          const value = values[index] ?? '';
          expect(cell).toBe(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
          expect(cell).not.toMatch(/^[=+\-@\t\r]/);
        });
      }),
    );
  });
});

describe('prints as CSV', () => {
  it('has a byte-order mark, a header and one CRLF-ended row per print', () => {
    const csv = printsCsv([print(), print({ id: 'second', status: 'failed' })]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const rows = readCsv(csv.slice(1));
    expect(rows[0]).toEqual(printCsvHeader('en'));
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row).toHaveLength(printCsvHeader('en').length);
    const record = Object.fromEntries(PRINT_CSV_COLUMNS.map((column, index) => [column, rows[1]?.[index]]));
    expect(record).toMatchObject({
      created_at: '2026-01-15T12:00:00.000Z',
      terminal_id: 'NEWLAND_N950__SBX0000001',
      external_reference: 'CTR-20260115120000-AB12CD34',
      status: 'processed',
      attempts: '1',
      last_error_code: '',
      id: '7f0c4b2e-6a1d-4c3b-9e8f-0a1b2c3d4e5f',
    });
  });

  it('writes the platform’s error with its message, quoted and defused where needed', () => {
    const failed = print({
      status: 'failed',
      externalReference: '-R1',
      lastError: {
        code: 'cannot_cancel_order',
        message: 'On the terminal, "cancel" it there, please',
        status: 409,
        retryable: false,
        at: '2026-01-15T12:01:00.000Z',
      },
    });
    const rows = readCsv(printsCsv([failed]).slice(1));
    const record = Object.fromEntries(PRINT_CSV_COLUMNS.map((column, index) => [column, rows[1]?.[index]]));
    expect(record).toMatchObject({
      external_reference: "'-R1",
      last_error_code: 'cannot_cancel_order',
      last_error_status: '409',
      last_error_message: 'On the terminal, "cancel" it there, please',
      last_error_at: '2026-01-15T12:01:00.000Z',
    });
  });

  it('names who made each print and who approved it, under headers in the export’s language, and nothing for nobody', () => {
    const madeBy = { personId: 'p-carla', personName: 'Carla', approvedById: 'p-manuel', approvedByName: '=Manuel' };
    for (const [language, headers] of [
      ['en', ['person_id', 'person_name', 'approved_by_id', 'approved_by_name']],
      ['es', ['id_persona', 'persona', 'id_aprobada_por', 'aprobada_por']],
    ] as const) {
      const [header = [], made = [], nobody = []] = readCsv(printsCsv([print({ madeBy }), print({ madeBy: null })], language).slice(1));
      const at = headers.map((name) => header.indexOf(name));
      expect(at.every((index) => index >= 0)).toBe(true);
      expect(at.map((index) => made[index])).toEqual(['p-carla', 'Carla', 'p-manuel', "'=Manuel"]);
      expect(at.map((index) => nobody[index])).toEqual(['', '', '', '']);
    }
  });

  it('is only the header for no prints', () => {
    expect(printsCsv([])).toBe(`\uFEFF${printCsvHeader('en').join(',')}\r\n`);
  });

  it('adds the local time and the screen’s words in the cashier’s language beside the codes', () => {
    const failed = print({
      status: 'failed',
      lastError: { code: 'terminal_offline', message: 'La terminal no responde.', status: 409, retryable: false, at: '2026-01-15T12:01:00.000Z' },
    });
    const rows = readCsv(printsCsv([failed], 'es').slice(1));
    const record = Object.fromEntries((rows[0] ?? []).map((column, index) => [column, rows[1]?.[index]]));
    expect(record).toMatchObject({
      'Creada (hora local)': localTimestamp('2026-01-15T12:00:00.000Z'),
      Estado: 'Falló',
      Tipo: 'Ticket',
      'Último error': 'La terminal no responde.',
      codigo_estado: 'failed',
      creada_utc: '2026-01-15T12:00:00.000Z',
    });
    // No English on a Spanish header row.
    for (const english of PRINT_CSV_COLUMNS.filter((column) => column !== 'id')) expect(rows[0]).not.toContain(english);
    expect(localTimestamp('2026-01-15T12:00:00.000Z')).toMatch(/^2026-01-1[45] \d{2}:00:00$/);
  });

  it('words a known code’s error in the export’s language, whatever language main stored it in, and keeps the stored text in the machine column', () => {
    const stored = 'The platform had a temporary problem. Counter will retry.';
    const failed = print({
      status: 'failed',
      lastError: { code: 'internal_error', message: stored, status: 500, retryable: false, at: '2026-01-15T12:01:00.000Z' },
    });
    const rows = readCsv(printsCsv([failed], 'es').slice(1));
    const record = Object.fromEntries((rows[0] ?? []).map((column, index) => [column, rows[1]?.[index]]));
    expect(record).toMatchObject({
      'Último error': 'La plataforma tuvo un problema temporal. Counter reintentará.',
      codigo_ultimo_error: 'internal_error',
      mensaje_ultimo_error: stored,
    });
  });
});
