type Level = 'debug' | 'info' | 'warn' | 'error';

let quiet = false;
/** Tests silence everything below errors. */
export function configureLogger(options: { quiet: boolean }) {
  quiet = options.quiet;
}

function write(level: Level, message: string, fields?: Record<string, unknown>) {
  if (quiet && level !== 'error') return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, message, ...fields });
  (level === 'error' || level === 'warn' ? process.stderr : process.stdout).write(`${line}\n`);
}

/** Structured one-line JSON logs. */
export const logger = {
  debug: (message: string, fields?: Record<string, unknown>) => write('debug', message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write('info', message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write('warn', message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write('error', message, fields),
};
