import { describe, expect, test } from 'vitest';
import { csvCell, toCsv } from './csv.ts';

describe('csv', () => {
  test('quotes commas, quotes and line breaks; doubles inner quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  test('neutralises cells that a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+33')).toBe("'+33");
    expect(csvCell('@SUM(1)')).toBe("'@SUM(1)");
  });

  test('starts with a UTF-8 BOM and ends lines with CRLF', () => {
    expect(toCsv(['a', 'b'], [{ a: 'é', b: '' }])).toBe('\uFEFFa,b\r\né,\r\n');
  });
});
