// The dashboard's weekly chart: a short message when nothing arrived, otherwise bars on a value axis,
// and the same figures in a table for screen readers.
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MessagesChart } from './messages-chart.tsx';

const now = Date.parse('2026-11-24T12:00:00Z');

describe('messages chart', () => {
  it('says there were no messages instead of drawing an empty chart', () => {
    render(<MessagesChart dates={[]} now={now} />);
    expect(screen.getByText('Aucun message reçu ces 12 dernières semaines.')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('draws the weeks on a value axis and lists them in a table', () => {
    const dates = ['2026-11-23T09:00:00Z', '2026-11-24T08:00:00Z', '2026-11-24T10:00:00Z', '2026-11-10T10:00:00Z'];
    const { container } = render(<MessagesChart dates={dates} now={now} />);
    const chart = screen.getByRole('img', { name: 'Nombre de messages reçus par semaine sur les 12 dernières semaines' });
    expect(chart.querySelectorAll('rect.bar')).toHaveLength(12);
    // Axis ticks 0, 1, 2, 3 for a busiest week of 3 messages.
    expect([...chart.querySelectorAll('.chart-grid text')].map((t) => t.textContent)).toEqual(['0', '1', '2', '3']);
    const table = screen.getByRole('table', { name: 'Messages par semaine' });
    expect(within(table).getAllByRole('row')).toHaveLength(13);
    expect(within(table).getByRole('cell', { name: '3' })).toBeTruthy();
    // Hidden from sight by a wrapper (a table ignores width and overflow itself).
    expect(table.parentElement!.className).toBe('sr-only');
    expect(container.querySelector('.chart-empty')).toBeNull();
  });
});
