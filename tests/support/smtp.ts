// A real SMTP server on loopback (smtp-server + mailparser) that keeps what it receives, can be
// stopped and restarted on the same port, can refuse authentication or given recipients, and can hold
// its answers to whole messages for a while (to pick the moment a sender dies, see hold()).
// Like a real mail server, it keeps a message only if it can still answer 250 for it: a client that
// goes away before that answer (a killed process) has not handed the message over.
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

export type ReceivedMail = {
  /** Envelope sender and recipients (what the server was told, not the headers). */
  from: string;
  to: string[];
  raw: string;
  parsed: ParsedMail;
  /** A header's value as one unfolded line, or undefined; name is case-insensitive. */
  header(name: string): string | undefined;
};

export type TestSmtp = {
  host: string;
  port: number;
  user: string;
  password: string;
  messages: ReceivedMail[];
  /** Resolves with the messages matching `match` once there are at least `count` of them. */
  waitFor(match: (m: ReceivedMail) => boolean, options?: { count?: number; timeoutMs?: number }): Promise<ReceivedMail[]>;
  /** Refuse (or accept again) every login. */
  refuseAuth(refuse: boolean): void;
  /** Answer 550 to RCPT TO for these addresses (lower-case). */
  rejectRecipients: Set<string>;
  /** Answer 451 (try again later) to RCPT TO for an address, as many times as its count says. */
  deferRecipients: Map<string, number>;
  /**
   * From now on, messages received in full wait unanswered (and unkept) until the returned function is
   * called; those whose client disconnected meanwhile are then dropped, as a real server would.
   */
  hold(): () => void;
  /** The client ports of the sessions connected now (a client's local port is the session's remote port). */
  openSessionPorts(): number[];
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
  /** The body to create an SMTP account pointing at this server. */
  account(overrides?: Record<string, unknown>): Record<string, unknown>;
};

export async function startSmtpServer(options: { user?: string; password?: string; port?: number } = {}): Promise<TestSmtp> {
  const user = options.user ?? 'mailer@example.test';
  const password = options.password ?? 'smtp-secret-Passw0rd';
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  let refusing = false;
  const rejectRecipients = new Set<string>();
  const deferRecipients = new Map<string, number>();
  const closedSessions = new Set<string>();
  const openSessions = new Map<string, number>(); // session id → client port
  let held: Promise<void> | undefined;
  let server: SMTPServer | undefined;
  let port = options.port ?? 0;

  const create = () =>
    new SMTPServer({
      secure: false,
      // No STARTTLS: the loopback server has no certificate a client would trust.
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      authMethods: ['PLAIN', 'LOGIN'],
      logger: false,
      closeTimeout: 200,
      size: 10 * 1024 * 1024,
      onAuth(auth, _session, callback) {
        if (refusing || auth.username !== user || auth.password !== password) return callback(new Error('Invalid username or password'));
        callback(null, { user: auth.username });
      },
      onRcptTo(address, _session, callback) {
        if (rejectRecipients.has(address.address.toLowerCase())) {
          const err = new Error('Mailbox unavailable') as Error & { responseCode: number };
          err.responseCode = 550;
          return callback(err);
        }
        const deferrals = deferRecipients.get(address.address.toLowerCase()) ?? 0;
        if (deferrals > 0) {
          deferRecipients.set(address.address.toLowerCase(), deferrals - 1);
          const err = new Error('Try again later') as Error & { responseCode: number };
          err.responseCode = 451;
          return callback(err);
        }
        callback();
      },
      onConnect(session, callback) {
        openSessions.set(session.id, session.remotePort);
        callback();
      },
      onClose(session) {
        closedSessions.add(session.id);
        openSessions.delete(session.id);
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on(
          'end',
          () =>
            void (async () => {
              const raw = Buffer.concat(chunks).toString('utf8');
              try {
                const parsed = await simpleParser(raw);
                const headerBlock = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
                const header = (name: string) => {
                  const line = headerBlock.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
                  return line?.slice(name.length + 1).trim();
                };
                const envelope = session.envelope;
                if (held) await held;
                if (closedSessions.has(session.id)) return callback(new Error('Client gone before the answer'));
                messages.push({
                  from: envelope.mailFrom ? envelope.mailFrom.address : '',
                  to: envelope.rcptTo.map((r) => r.address),
                  raw,
                  parsed,
                  header,
                });
                for (const wake of waiters) wake();
                callback();
              } catch (err) {
                callback(err as Error);
              }
            })(),
        );
      },
    });

  const listenOnce = () => {
    server = create();
    server.on('error', () => {});
    return new Promise<void>((resolve, reject) => {
      server!.listen(port, '127.0.0.1', () => resolve());
      server!.server.once('error', reject);
    });
  };
  // The first port comes from the ephemeral range; while the server is stopped, the OS may lend that
  // port to an outgoing connection as its source port (the app retrying this very server, say), so
  // a restart on the same port waits for it to be free again instead of failing at once.
  const listen = async () => {
    for (let attempt = 0; ; attempt++) {
      try {
        await listenOnce();
        break;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt >= 100) throw err;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    port = (server!.server.address() as { port: number }).port;
  };
  await listen();

  const api: TestSmtp = {
    host: '127.0.0.1',
    get port() {
      return port;
    },
    user,
    password,
    messages,
    rejectRecipients,
    deferRecipients,
    refuseAuth(refuse) {
      refusing = refuse;
    },
    hold() {
      let release!: () => void;
      held = new Promise<void>((resolve) => (release = resolve));
      return () => {
        held = undefined;
        release();
      };
    },
    openSessionPorts: () => [...openSessions.values()],
    waitFor(match, { count = 1, timeoutMs = 15_000 } = {}) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.filter(match);
          if (found.length >= count) {
            cleanup();
            resolve(found);
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(
            new Error(
              `expected ${count} matching mail(s) within ${timeoutMs} ms, got ${messages.filter(match).length} of ${messages.length}`,
            ),
          );
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    async stop() {
      const s = server;
      server = undefined;
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
    start: listen,
    account(overrides = {}) {
      return {
        name: 'Loopback',
        host: '127.0.0.1',
        port,
        secure: false,
        user,
        password,
        fromName: 'Provence Moteurs',
        fromEmail: 'noreply@example.test',
        isActive: true,
        ...overrides,
      };
    },
  };
  return api;
}

type ApiServer = { api(pathname: string, init?: RequestInit & { json?: unknown; token?: string }): Promise<Response> };

/** Creates an SMTP account pointing at smtp through the admin API and returns its id. */
export async function createSmtpAccount(
  server: ApiServer,
  token: string,
  smtp: TestSmtp,
  overrides: Record<string, unknown> = {},
): Promise<number> {
  const res = await server.api('/smtp/accounts', { method: 'POST', token, json: smtp.account(overrides) });
  if (res.status !== 201) throw new Error(`createSmtpAccount: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: number }).id;
}

/** Assigns an account and a recipient to a usage through the admin API. */
export async function assignUsage(
  server: ApiServer,
  token: string,
  usageType: string,
  smtpAccountId: number | null,
  recipientEmail: string | null,
) {
  const res = await server.api(`/smtp/settings/${usageType}`, { method: 'PUT', token, json: { smtpAccountId, recipientEmail } });
  if (res.status !== 200) throw new Error(`assignUsage: ${res.status} ${await res.text()}`);
}

/**
 * The tokens of the two links of the newsletter confirmation mail that smtp received for an address (after a
 * subscription through the API, sent through an active account pointing at smtp): how a test gets a
 * subscriber's links without reading the database.
 */
export async function newsletterLinkTokens(smtp: TestSmtp, email: string): Promise<{ confirm: string; unsubscribe: string }> {
  const [mail] = await smtp.waitFor((m) => m.to.includes(email));
  const text = mail!.parsed.text ?? '';
  const confirm = /\/newsletter\/confirmer\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
  const unsubscribe = /\/newsletter\/desinscription\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
  if (!confirm || !unsubscribe) throw new Error(`newsletter confirmation mail to ${email} without its two links:\n${text}`);
  return { confirm, unsubscribe };
}
