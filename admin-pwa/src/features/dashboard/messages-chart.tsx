// Messages per week as an inline SVG bar chart (no chart library) with a value axis and gridlines,
// a short message when there is nothing to draw, and a table for screen readers.
import { useAdminLang, useT } from '../../lib/i18n.ts';
import { messagesPerWeek } from './api.ts';

const dayMonth = {
  fr: new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit' }),
  en: new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: '2-digit' }),
};

/** Round steps for the value axis: 0, then up to four ticks ending at or just above the maximum. */
function ticks(max: number): number[] {
  const step = Math.max(1, Math.ceil(max / 4));
  return Array.from({ length: Math.ceil(max / step) + 1 }, (_, i) => i * step);
}

export function MessagesChart({ dates, now = Date.now() }: { dates: readonly string[]; now?: number }) {
  const dict = useT();
  const t = dict.dashboard;
  const date = dayMonth[useAdminLang()];
  const weeks = messagesPerWeek(dates, now);
  const total = weeks.reduce((n, w) => n + w.count, 0);
  const axis = ticks(Math.max(1, ...weeks.map((w) => w.count)));
  const top = axis[axis.length - 1]!;
  const left = 36;
  const width = 600;
  const height = 180;
  const plot = width - left;
  const barW = plot / weeks.length;
  const y = (value: number) => height - (value / top) * (height - 12);
  return (
    <figure className="chart card">
      <figcaption>
        <h2>{t.chartTitle}</h2>
      </figcaption>
      {total === 0 ? (
        <p className="chart-empty muted">{t.chartEmpty}</p>
      ) : (
        <svg viewBox={`0 0 ${width} ${height + 28}`} role="img" aria-label={t.chartLabel}>
          {axis.map((v) => (
            <g key={v} className="chart-grid">
              <line x1={left} x2={width} y1={y(v)} y2={y(v)} />
              <text x={left - 8} y={y(v) + 4} textAnchor="end">
                {v}
              </text>
            </g>
          ))}
          {weeks.map((w, i) => {
            const h = height - y(w.count);
            const x = left + i * barW;
            return (
              <g key={w.start}>
                <rect className="bar" x={x + barW * 0.15} y={height - h} width={barW * 0.7} height={h} rx={3} />
                {/* Every other date on small screens (styles.css), so the labels stay readable. */}
                <text className={i % 2 ? 'chart-label-odd' : undefined} x={x + barW / 2} y={height + 20} textAnchor="middle">
                  {date.format(w.start)}
                </text>
              </g>
            );
          })}
        </svg>
      )}
      {/* A table ignores overflow and width, so the visually hidden box is this div, not the table. */}
      <div className="sr-only">
        <table>
          <caption>{t.chartTitle}</caption>
          <thead>
            <tr>
              <th scope="col">{t.weekOf}</th>
              <th scope="col">{dict.shell.nav.messages}</th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((w) => (
              <tr key={w.start}>
                <td>{date.format(w.start)}</td>
                <td>{w.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
