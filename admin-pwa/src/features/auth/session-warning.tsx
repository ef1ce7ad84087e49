// Session warning (public-site section 4): checked every 30 s; when 5 minutes or fewer remain (and
// more than 0) a warning toast offers to extend the session or dismiss the warning.
import { useEffect, useRef } from 'react';
import { checkSession, expireSession, extendSession, session } from '../../lib/session.ts';
import { adminLang, countLabel, texts } from '../../lib/i18n.ts';
import { dismissToast, showToast, toast } from '../../lib/toast.ts';

export const SESSION_CHECK_INTERVAL_MS = 30_000;
export const SESSION_WARNING_THRESHOLD_MS = 5 * 60_000;
export const SESSION_WARNING_ID = 'session-warning';

type Props = {
  /** Asks the server when the session ends (epoch ms); the stored expiry is used when it cannot answer. */
  check?: () => Promise<number | null>;
  extend?: () => Promise<void>;
  now?: () => number;
};

export function SessionWarning({ check = checkSession, extend = extendSession, now = Date.now }: Props) {
  const dismissedFor = useRef<number | null>(null);
  const shownFor = useRef<number | null>(null);

  useEffect(() => {
    let stopped = false;
    const tick = async () => {
      let expiresAt: number | null = null;
      try {
        expiresAt = await check();
      } catch {
        const s = session.get();
        expiresAt = s.status === 'signed-in' ? s.expiresAt : null;
      }
      if (stopped || expiresAt === null) return;
      const remaining = expiresAt - now();
      if (remaining <= 0) {
        dismissToast(SESSION_WARNING_ID);
        void expireSession();
        return;
      }
      if (remaining > SESSION_WARNING_THRESHOLD_MS) {
        // Extended (here or in another tab): the warning no longer applies.
        if (shownFor.current !== null) dismissToast(SESSION_WARNING_ID);
        shownFor.current = null;
        return;
      }
      if (dismissedFor.current === expiresAt || shownFor.current === expiresAt) return;
      shownFor.current = expiresAt;
      const minutes = Math.max(1, Math.ceil(remaining / 60_000));
      const t = texts().session;
      showToast('warning', t.warningTitle, {
        id: SESSION_WARNING_ID,
        duration: 0,
        message: countLabel(adminLang.get(), minutes, { one: t.warningOne, other: t.warningOther }),
        actions: [
          {
            label: t.extend,
            onClick: () => {
              void extend().then(
                () => {
                  shownFor.current = null;
                  dismissToast(SESSION_WARNING_ID);
                  toast.success(t.extended);
                },
                () => toast.error(t.extendFailed),
              );
            },
          },
          {
            label: t.ignore,
            onClick: () => {
              dismissedFor.current = expiresAt;
              dismissToast(SESSION_WARNING_ID);
            },
          },
        ],
      });
    };
    void tick();
    const timer = setInterval(() => void tick(), SESSION_CHECK_INTERVAL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
      dismissToast(SESSION_WARNING_ID);
    };
  }, [check, extend, now]);

  return null;
}
