// CSV for spreadsheets: RFC 4180 quoting, CRLF lines, a UTF-8 byte-order mark so Excel reads accents,
// and cells that would start a formula neutralised (OWASP "CSV injection").

const needsQuotes = /[",\r\n]|^\s|\s$/;
const formulaStart = /^[=+\-@\t\r]/;

export function csvCell(value: string): string {
  const safe = formulaStart.test(value) ? `'${value}` : value;
  return needsQuotes.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(columns: readonly string[], rows: Iterable<Record<string, string>>): string {
  const lines = [columns.map(csvCell).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvCell(row[c] ?? '')).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
