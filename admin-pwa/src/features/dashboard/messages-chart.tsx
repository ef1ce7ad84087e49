// Messages per week as an inline SVG bar chart (no chart library), with a table for screen readers.
import { messagesPerWeek } from './api.ts';

const dayMonth = new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit' });

export function MessagesChart({ dates, now = Date.now() }: { dates: readonly string[]; now?: number }) {
  const weeks = messagesPerWeek(dates, now);
  const max = Math.max(1, ...weeks.map((w) => w.count));
  const width = 600;
  const height = 180;
  const barW = width / weeks.length;
  return (
    <figure className="chart card">
      <figcaption>
        <h2>Messages par semaine</h2>
      </figcaption>
      <svg viewBox={`0 0 ${width} ${height + 24}`} role="img" aria-label="Nombre de messages reçus par semaine sur les 12 dernières semaines">
        {weeks.map((w, i) => {
          const h = (w.count / max) * (height - 16);
          return (
            <g key={w.start}>
              <rect className="bar" x={i * barW + 6} y={height - h} width={barW - 12} height={h} rx={3} />
              {w.count ? (
                <text x={i * barW + barW / 2} y={height - h - 4} textAnchor="middle">
                  {w.count}
                </text>
              ) : null}
              <text x={i * barW + barW / 2} y={height + 16} textAnchor="middle">
                {dayMonth.format(w.start)}
              </text>
            </g>
          );
        })}
      </svg>
      <table className="sr-only">
        <caption>Messages par semaine</caption>
        <thead>
          <tr>
            <th scope="col">Semaine du</th>
            <th scope="col">Messages</th>
          </tr>
        </thead>
        <tbody>
          {weeks.map((w) => (
            <tr key={w.start}>
              <td>{dayMonth.format(w.start)}</td>
              <td>{w.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
