// One JSON line per event on stdout. Never pass tokens, passwords or request bodies here.
const levels = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 } as const;
export type LogLevel = keyof typeof levels;

export type Logger = {
  debug(msg: string, data?: Record<string, unknown>): void;
  info(msg: string, data?: Record<string, unknown>): void;
  warn(msg: string, data?: Record<string, unknown>): void;
  error(msg: string, data?: Record<string, unknown>): void;
};

export function createLogger(level: LogLevel = 'info', write: (line: string) => void = (l) => process.stdout.write(l)): Logger {
  const log = (at: Exclude<LogLevel, 'silent'>) => (msg: string, data?: Record<string, unknown>) => {
    if (levels[at] < levels[level]) return;
    write(`${JSON.stringify({ time: new Date().toISOString(), level: at, msg, ...data })}\n`);
  };
  return { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') };
}
